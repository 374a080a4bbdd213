// Moneta offline from the start of the visit (issue 12): a BRL and a USD wallet, an expense, an
// income confirmed from its page, a transfer refused between currencies then made between two
// BRL wallets, an exchange; the dashboard card shows each currency's balance in its own
// currency; back online, the server's balances view says the same. Then a bank statement.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRANSFER_SAME_CURRENCY } from '../../src/domain/modules/moneta/rules.ts';
import { reasonKey } from '../../src/domain/errors.ts';
import { confirmUser, createGroup, importedRecords, registerUser, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** Saves the open form and waits for the record's page; returns its id. */
async function save(app: AppPage, page: Page, heading: string): Promise<string> {
  await app.button('actions.save').click();
  await page.getByRole('heading', { name: heading }).waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Signs in on a new device, waits until it is installed and has the group, then cuts the network. */
async function offlineAtTheStart(owner: TestUser, db: string) {
  const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
  const page = await context.newPage();
  const app = new AppPage(page);
  await app.openSignedIn(owner, `/account/${db}`);
  app.locale = 'pt-BR';
  await app.installed();
  await app.synced(db);
  await context.setOffline(true);
  return { context, page, app };
}

describe('moneta', () => {
  it('keeps wallets, expenses, incomes, transfers and exchanges offline, with balances per currency', async () => {
    const owner = await registerUser(e2e.server.url, { locale: 'pt-BR', fullname: 'Rita Finanças' });
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Casa da Rita', 'moneta');
    const { context, page, app } = await offlineAtTheStart(owner, db);
    await page.goto(`/account/${db}/wallets/new`);
    await app.field('name').fill('Conta corrente');
    expect(await page.locator('select[name="currency"]').inputValue()).toBe('BRL');
    await app.field('start_balance').fill('1.000,00');
    await screenshots(page, 'wallet-form');
    const checking = await save(app, page, 'Conta corrente');
    await page.locator('[data-figure="balance"]').getByText('R$ 1.000,00').waitFor();

    await page.goto(`/account/${db}/wallets/new`);
    await app.field('name').fill('Dólares');
    await page.locator('select[name="currency"]').selectOption('USD');
    await app.field('start_balance').fill('100');
    await save(app, page, 'Dólares');
    await page.goto(`/account/${db}/wallets/new`);
    await app.field('name').fill('Poupança');
    await save(app, page, 'Poupança');

    await page.goto(`/account/${db}/outgos/new`);
    await app.field('description').fill('Peças do compressor');
    await app.pickReference('wallet_id', 'Conta corrente');
    await expect.poll(() => app.field('value').getAttribute('data-currency')).toBe('BRL');
    await app.field('value').fill('123,45');
    await app.field('confirmed').check();
    await screenshots(page, 'outgo-form');
    await save(app, page, 'Peças do compressor');

    await page.goto(`/account/${db}/incomes/new`);
    await app.field('description').fill('Serviço de instalação');
    await app.pickReference('wallet_id', 'Conta corrente');
    await app.field('value').fill('500');
    // Typed records start confirmed; this one is confirmed later, from its page.
    await app.field('confirmed').uncheck();
    await save(app, page, 'Serviço de instalação');
    await page.locator('[data-action="confirm"]').click();
    await page.locator('[data-action="unconfirm"]').waitFor();
    await screenshots(page, 'income-show');

    await page.goto(`/account/${db}/transfers/new`);
    await app.field('description').fill('Reserva');
    await app.pickReference('source_wallet_id', 'Conta corrente');
    await app.pickReference('destination_wallet_id', 'Dólares');
    await app.fill({ value: '100', fee: '1,50' });
    await app.field('confirmed').check();
    await app.button('actions.save').click();
    await expect
      .poll(() => app.fieldError('destination_wallet_id').textContent())
      .toBe(app.t(`errors.${reasonKey(TRANSFER_SAME_CURRENCY)}`));
    await app.pickReference('destination_wallet_id', 'Poupança');
    await save(app, page, 'Reserva');

    await page.goto(`/account/${db}/exchanges/new`);
    await app.field('description').fill('Viagem');
    await app.pickReference('source_wallet_id', 'Conta corrente');
    await app.pickReference('destination_wallet_id', 'Dólares');
    await expect.poll(() => app.field('value_in').getAttribute('data-currency')).toBe('USD');
    await app.fill({ value_out: '550', value_in: '100', fee: '3' });
    await app.field('confirmed').check();
    await save(app, page, 'Viagem');

    // 1.000,00 − 123,45 + 500,00 − (100,00 + 1,50) − (550,00 + 3,00) in one, 100,00 in the other.
    await page.goto(`/account/${db}`);
    const card = page.getByTestId('wallet-balances');
    await card.locator('[data-placeholder]').first().waitFor();
    expect(await card.locator('[data-currency]').count()).toBe(0);
    await page.getByTestId('wallet-balances-toggle').click();
    await expect
      .poll(async () => spaces(await card.locator('[data-currency="BRL"] strong').textContent()))
      .toBe('R$ 822,05');
    expect(spaces(await card.locator('[data-currency="USD"] strong').textContent())).toBe('US$ 200,00');
    // Where the money went: the one confirmed expense, without a category; the bars load offline.
    const spending = page.getByTestId('spending');
    await expect
      .poll(async () => spaces(await spending.getByTestId('spending-total').textContent()))
      .toBe('R$ 123,45 em 1 despesa');
    expect(await spending.locator('[data-slice]').evaluateAll((els) => els.map((e) => e.dataset.slice))).toEqual([
      'none',
    ]);
    await spending.getByTestId('spending-chart').scrollIntoViewIfNeeded();
    await spending.getByTestId('spending-chart').locator('svg').first().waitFor();
    await screenshots(page, 'moneta-dashboard');

    await page.goto(`/account/${db}/wallets/${checking}`);
    await expect
      .poll(async () => spaces(await page.getByTestId('wallet-balance-summary').textContent()))
      .toMatch(/^R\$ 722,05 em .+ \(registros confirmados\)\.$/);
    await page.getByTestId('wallet-balance-chart').scrollIntoViewIfNeeded();
    await page.getByTestId('wallet-balance-chart').locator('svg').first().waitFor();
    await screenshots(page, 'wallet-show');

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const res = await owner.client.get<{ rows: Array<{ key: string[]; value: number }> }>(
            `/db/${db}/_design/wallet-balances/_view/by-currency?group_level=1&reduce=true`,
          );
          return Object.fromEntries(res.body.rows.map((r) => [r.key[0], r.value]));
        },
        { timeout: 60_000 },
      )
      .toEqual({ BRL: 82_205, USD: 20_000 });
    await context.close();
  });

  it('imports a Latin-1 statement with a mapping, undoes it, imports it again and sends it when back online', async () => {
    const owner = await registerUser(e2e.server.url, { locale: 'pt-BR', fullname: 'Caio Extrato' });
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Contas do Caio', 'moneta');
    const walletId = `wll-${randomUUID()}`;
    const stamp = { created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z' };
    for (const doc of [
      { _id: walletId, klass: 'Wallet', name: 'Itaú', currency: 'BRL', start_balance: 0, active: true, ...stamp },
      {
        _id: `map-${randomUUID()}`,
        klass: 'Mapping',
        description: 'Tarifas do banco',
        target: 'outgo',
        field_to_watch: 'description',
        kind_of_watch: 'contains',
        text_to_match: 'tarifa',
        field_to_change: 'categories',
        kind_of_change: 'replace',
        text_to_change: 'banco',
        order: 1,
        active: true,
        ...stamp,
      },
    ])
      expect((await owner.client.put(`/db/${db}/${doc._id}`, doc)).status).toBe(201);

    const { context, page, app } = await offlineAtTheStart(owner, db);

    // Account details above the headers, a trailing separator, balance lines, a quoted ';'.
    const statement = [
      'Agência;0001;Conta;12345-6',
      'Data;Lançamento;Valor (R$);Saldo (R$);',
      '01/11/2026;SALDO ANTERIOR;;1.000,00;',
      '03/11/2026;PIX RECEBIDO JOÃO;1.234,56;;',
      '04/11/2026;"PAG BOLETO; LUZ";-210,90;;',
      '04/11/2026;Saldo do dia;;2.023,66;',
      '05/11/2026;TARIFA PACOTE;-12,50;;',
    ].join('\r\n');
    const file = { name: 'extrato-itau.csv', mimeType: 'text/csv', buffer: Buffer.from(statement, 'latin1') };
    const upload = async () => {
      await page.goto(`/account/${db}/wallets-upload`);
      await page.locator('input[name="statement"]').setInputFiles(file);
      await page.getByTestId('import-preview').waitFor();
    };
    await upload();
    const counts = page.locator('[data-counts]');
    await expect.poll(() => counts.getAttribute('data-counts')).toBe('3 0 2');
    expect(await page.locator('[data-encoding]').getAttribute('data-encoding')).toBe('windows-1252');
    await page.getByText('PIX RECEBIDO JOÃO').waitFor();
    const fee = page.locator('[data-preview-row]').filter({ hasText: 'TARIFA PACOTE' });
    expect(await fee.locator('[data-categories]').textContent()).toBe('banco');
    await screenshots(page, 'statement-preview');
    await page.locator('[data-action="import"]').click();
    await app.waitForPath(/\/imports\/csv-[0-9a-f-]{36}$/);
    await screenshots(page, 'import-show');

    await page.locator('[data-action="undo-import"]').click();
    await expect.poll(() => page.locator('[data-undone]').getAttribute('data-undone'), { timeout: 30_000 }).toBe('3');

    // The same bank's next file: its columns come back by themselves; nothing is a duplicate now.
    await upload();
    expect(await page.locator('input[name="description"]').inputValue()).toBe('extrato-itau');
    await expect.poll(() => counts.getAttribute('data-counts')).toBe('3 0 2');
    await page.locator('[data-action="import"]').click();
    await app.waitForPath(/\/imports\/csv-[0-9a-f-]{36}$/);
    // A third time: every line is already in the wallet.
    await upload();
    await expect.poll(() => counts.getAttribute('data-counts')).toBe('0 3 2');

    // A mapping made today, for what is already here: previewed field by field, then applied.
    await page.goto(`/account/${db}/mappings/new`);
    await app.fill({ description: 'Conta de luz', text_to_match: 'luz', text_to_change: 'energia', order: '2' });
    await save(app, page, 'Conta de luz');
    await page.goto(`/account/${db}/mappings`);
    await page.getByRole('link', { name: app.t('moneta.mappingsApply.open') }).click();
    const light = page.locator('[data-change]').filter({ hasText: 'PAG BOLETO; LUZ' });
    await expect.poll(() => light.locator('[data-field="categories"] [data-after]').textContent()).toBe('energia');
    expect(await page.locator('[data-change]').count()).toBe(1);
    await screenshots(page, 'mappings-apply');
    await page.locator('[data-action="apply-mappings"]').click();
    await expect.poll(() => page.locator('[data-applied]').getAttribute('data-applied')).toBe('1');
    await page.getByTestId('mappings-apply-empty').waitFor();
    // A new expense gets the mappings as it is saved.
    await page.goto(`/account/${db}/outgos/new`);
    await app.field('description').fill('Tarifa avulsa');
    await app.pickReference('wallet_id', 'Itaú');
    await app.field('value').fill('7');
    await save(app, page, 'Tarifa avulsa');
    expect(await page.locator('[data-field="categories"]').textContent()).toContain('banco');

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          return (await importedRecords(owner, db, ['description', 'value', 'categories', 'klass']))
            .map((d) => `${String(d.klass)} ${String(d.description)} ${String(d.value)} ${String(d.categories ?? '')}`)
            .sort();
        },
        { timeout: 60_000 },
      )
      .toEqual([
        'Income PIX RECEBIDO JOÃO 123456 ',
        'Outgo PAG BOLETO; LUZ 21090 energia',
        'Outgo TARIFA PACOTE 1250 banco',
      ]);
    await context.close();
  });
});
