// Statements as banks and card issuers export them (issue 28): a credit card's, whose purchases are
// positive, into a card wallet; the same card's next file, which lands in that wallet by itself
// and finds what is already there; a Banco do Brasil statement with Detalhes as the description,
// whose balance lines stand under Lançamento and whose movements an earlier import stored with
// Lançamento's words. Signs, counts, exact sums and duplicates are checked, on the page and on the
// server; the preview is looked at on a phone and a desktop, in Portuguese and in English.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmUser, createGroup, importedRecords, registerUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

const CARD = [
  'date,title,amount',
  '2026-11-02,Uber *Uber,18.93',
  '2026-11-03,Padaria Pão Bom,7.50',
  '2026-11-04,Estorno Loja X,-40.00',
  '2026-11-05,Pagamento recebido,-1500.00',
  '2026-11-06,Amazon BR,123.45',
].join('\n');
// The next month's file repeats the last two lines of the first.
const CARD_NEXT = [
  'date,title,amount',
  '2026-11-05,Pagamento recebido,-1500.00',
  '2026-11-06,Amazon BR,123.45',
  '2026-11-10,iFood *Restaurante,45.90',
].join('\n');
// Banco do Brasil: balances named under Lançamento, with Detalhes empty; Latin-1.
const BB = [
  'Data;Lançamento;Detalhes;N° documento;Valor;Tipo Lançamento',
  '31/10/2026;Saldo Anterior;;;1.000,00;',
  '03/11/2026;Pix - Recebido;03/11 09:12 Maria Silva;1234;250,00;Entrada',
  '03/11/2026;Tarifa Pacote de Serviços;;;-35,90;Saída',
  '03/11/2026;Saldo do dia;;;1.214,10;',
  '04/11/2026;Pix - Enviado;04/11 18:40 Padaria Pão Bom;5678;-12,50;Saída',
  '04/11/2026;Pix - Enviado;04/11 19:02 Farmácia;5679;-12,50;Saída',
  '05/11/2026;Pagamento de Boleto;ENEL CE;9012;-187,34;Saída',
  '05/11/2026;S A L D O;;;1.176,26;',
].join('\r\n');

describe('statement import', () => {
  it('imports a card statement and a bank statement with its balances outside the description column', async () => {
    const owner = await registerUser(e2e.server.url, { locale: 'pt-BR', fullname: 'Lia Cartões' });
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Contas da Lia', 'moneta');
    const bank = `wll-${randomUUID()}`;
    const card = `wll-${randomUUID()}`;
    const stamp = { created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z' };
    const entry = { wallet_id: bank, currency: 'BRL', confirmed: false, ...stamp };
    for (const doc of [
      // "Conta BB" comes first: the card wallet is never the page's default by chance.
      { _id: bank, klass: 'Wallet', name: 'Conta BB', currency: 'BRL', start_balance: 0, active: true, ...stamp },
      {
        _id: card,
        klass: 'Wallet',
        name: 'Nubank',
        currency: 'BRL',
        start_balance: 0,
        active: true,
        card: true,
        ...stamp,
      },
      // What an earlier import stored with Lançamento as the description.
      {
        _id: `inc-${randomUUID()}`,
        klass: 'Income',
        date: '2026-11-03',
        description: 'Pix - Recebido',
        value: 25_000,
        ...entry,
      },
      {
        _id: `out-${randomUUID()}`,
        klass: 'Outgo',
        date: '2026-11-04',
        description: 'Pix - Enviado',
        value: 1_250,
        ...entry,
      },
    ])
      expect((await owner.client.put(`/db/${db}/${doc._id}`, doc)).status).toBe(201);

    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(owner, `/account/${db}`);
    app.locale = 'pt-BR';
    await app.synced(db);

    const counts = page.locator('[data-counts]');
    const totals = page.locator('[data-totals]');
    const walletInput = page.locator('input[name="wallet_id"]');
    const signInput = page.locator('input[name="amount_sign"]');
    const rows = () =>
      page.locator('[data-preview-row]').evaluateAll((els) =>
        els.map(
          (el) =>
            // The description is the cell's own text (the date and categories beside it are elements).
            `${(el as HTMLElement).dataset.previewRow} ${[...(el.querySelectorAll('td')[1]?.childNodes ?? [])].find((n) => n.nodeType === Node.TEXT_NODE)?.textContent}`,
        ),
      );
    const upload = async (name: string, text: string, encoding: BufferEncoding = 'utf8', open = true) => {
      if (open) await page.goto(`/account/${db}/wallets-upload`);
      await page.locator('[data-testid="wallets-upload"][aria-busy="false"]').waitFor();
      await page
        .locator('input[name="statement"]')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, encoding) });
      await page.locator('input[name="description"]').waitFor();
    };
    const choose = async (label: string, option: string) => {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    const importAll = async () => {
      await page.locator('[data-action="import"]:not([disabled])').click();
      await app.waitForPath(/\/imports\/csv-[0-9a-f-]{36}$/);
    };

    // The card's statement: the wallet picked is a card, so purchases read as expenses.
    await upload('nubank-novembro.csv', CARD);
    expect(await walletInput.inputValue()).toBe(bank);
    await choose(app.t('moneta.import.wallet'), 'Nubank (BRL)');
    expect(await signInput.inputValue()).toBe('card');
    await page
      .getByRole('button', {
        name: app.t('moneta.import.useFormat', { format: app.t('moneta.import.formats.YYYY-MM-DD') }),
      })
      .click();
    await expect.poll(() => counts.getAttribute('data-counts')).toBe('5 0 0');
    // 18,93 + 7,50 + 123,45 spent; 40,00 refunded and 1.500,00 paid.
    expect(await totals.getAttribute('data-totals')).toBe('BRL 14988 154000');
    expect(spaces(await totals.textContent())).toBe('Despesas R$ 149,88 · receitas R$ 1.540,00');
    expect(await rows()).toEqual([
      'Outgo Uber *Uber',
      'Outgo Padaria Pão Bom',
      'Income Estorno Loja X',
      'Income Pagamento recebido',
      'Outgo Amazon BR',
    ]);
    // Dates as the reader writes them, not as the file does.
    const firstDay = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, 10, 2)),
    );
    expect(spaces(await page.locator('[data-preview-row] td').first().textContent())).toBe(spaces(firstDay));
    expect(spaces(await page.locator('[data-preview-row]').first().locator('td').last().textContent())).toBe(
      '− R$ 18,93',
    );
    expect(spaces(await page.locator('[data-preview-row]').nth(3).locator('td').last().textContent())).toBe(
      '+ R$ 1.500,00',
    );
    expect(spaces(await counts.textContent())).toBe('5 a importar · nenhum já na carteira · nenhuma linha de fora');
    await screenshots(page, 'statement-import-card');
    // Read as a bank's, the same file would be the other way round: the choice is there.
    await choose(app.t('moneta.import.amountSign'), app.t('moneta.import.amountSigns.bank'));
    await expect.poll(() => totals.getAttribute('data-totals')).toBe('BRL 154000 14988');
    await choose(app.t('moneta.import.amountSign'), app.t('moneta.import.amountSigns.card'));
    await expect.poll(() => totals.getAttribute('data-totals')).toBe('BRL 14988 154000');
    await importAll();

    // The next file with these headers goes to the card by itself, its format and signs with it.
    await upload('nubank-dezembro.csv', CARD_NEXT);
    expect(await walletInput.inputValue()).toBe(card);
    expect(await signInput.inputValue()).toBe('card');
    await expect.poll(() => counts.getAttribute('data-counts')).toBe('1 2 0');
    expect(spaces(await counts.textContent())).toBe('1 a importar · 2 já na carteira · nenhuma linha de fora');
    expect(spaces(await page.locator('[data-action="import"]').textContent())).toBe('Importar 1 registro');
    expect(await totals.getAttribute('data-totals')).toBe('BRL 4590 0');
    await importAll();

    // Banco do Brasil with Detalhes as the description: the balances are found under Lançamento, and
    // the movements stored from Lançamento's words are duplicates all the same.
    await upload('extrato-bb.csv', BB, 'latin1');
    expect(await walletInput.inputValue()).toBe(bank);
    expect(await signInput.inputValue()).toBe('bank');
    await choose('Detalhes', app.t('moneta.import.fields.description'));
    // The rows tell that Detalhes is the description now (the counts alone are the same either way).
    await expect.poll(rows).toEqual(['Outgo Tarifa Pacote de Serviços', 'Outgo 04/11 19:02 Farmácia', 'Outgo ENEL CE']);
    // Pix received and the first Pix sent are in the wallet; fee, pharmacy and bill are new.
    expect(await counts.getAttribute('data-counts')).toBe('3 2 3');
    expect(await totals.getAttribute('data-totals')).toBe('BRL 23574 0');
    await page.locator('[data-skipped] summary').click();
    expect(await page.locator('[data-skipped] li').evaluateAll((els) => els.map((el) => el.textContent))).toEqual([
      `Linha 2 “Saldo Anterior”: ${app.t('moneta.import.skip.balance')}`,
      `Linha 5 “Saldo do dia”: ${app.t('moneta.import.skip.balance')}`,
      `Linha 9 “S A L D O”: ${app.t('moneta.import.skip.balance')}`,
    ]);
    await screenshots(page, 'statement-import-bank');
    await importAll();

    // In English (switched on this page: the preview follows), the same files again are all
    // duplicates now, their lines counted in English; BB's columns come back as they were chosen.
    await upload('nubank-dezembro.csv', CARD_NEXT);
    await expect.poll(() => counts.getAttribute('data-counts')).toBe('0 3 0');
    await app.chooseLanguage('en');
    await expect
      .poll(async () => spaces(await counts.textContent()))
      .toBe('Nothing to import · 3 already in the wallet · no line left out');
    expect(await totals.count()).toBe(0);
    await screenshots(page, 'statement-import-card-en');
    await upload('extrato-bb.csv', BB, 'latin1', false);
    await expect.poll(() => counts.getAttribute('data-counts')).toBe('0 5 3');
    expect(spaces(await counts.textContent())).toBe('Nothing to import · 5 already in the wallet · 3 lines left out');
    await screenshots(page, 'statement-import-bank-en');

    // On the server: every record where it belongs, with its sign and exact amount.
    await expect
      .poll(
        async () => {
          return (await importedRecords(owner, db, ['wallet_id', 'klass', 'value', 'description']))
            .map(
              (d) =>
                `${d.wallet_id === card ? 'card' : 'bank'} ${String(d.klass)} ${String(d.value)} ${String(d.description)}`,
            )
            .sort();
        },
        { timeout: 60_000 },
      )
      .toEqual([
        'bank Outgo 1250 04/11 19:02 Farmácia',
        'bank Outgo 18734 ENEL CE',
        'bank Outgo 3590 Tarifa Pacote de Serviços',
        'card Income 150000 Pagamento recebido',
        'card Income 4000 Estorno Loja X',
        'card Outgo 12345 Amazon BR',
        'card Outgo 1893 Uber *Uber',
        'card Outgo 4590 iFood *Restaurante',
        'card Outgo 750 Padaria Pão Bom',
      ]);
    await context.close();
  });
});
