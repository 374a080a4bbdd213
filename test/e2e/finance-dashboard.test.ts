// Moneta that a newcomer can read (issue 28): a new group's currency follows where the business is,
// not the language its administrator reads; a ticket group keeping its money here shows the
// finance cards and menu entries; records waiting for confirmation are shown beside the figures
// they stay out of, and confirmed from the list; a wallet's page shows each record's amount and
// whether it was imported.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { confirmUser, createGroup, ownerWithGroup, registerUser, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, PHONE, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function signIn(owner: TestUser, context: BrowserContext, locale: 'en' | 'pt-BR') {
  await context.addCookies(owner.client.browserCookies());
  const page = await context.newPage();
  const app = new AppPage(page);
  app.locale = locale;
  return { page, app };
}

describe('moneta for a newcomer', () => {
  it('asks a new group’s currency, offered from the browser’s region rather than its language', async () => {
    const owner = await registerUser(e2e.server.url, { locale: 'en', fullname: 'Shop Owner' });
    await confirmUser(e2e.server, owner);
    // An English interface in Brazil: the browser says en-BR.
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: PHONE,
      locale: 'en-BR',
      serviceWorkers: 'block',
    });
    const { page, app } = await signIn(owner, context, 'en');
    await page.goto('/account/new');
    await app.heading('accountNew.title').waitFor();
    expect(await app.field('currency').inputValue()).toBe('BRL');
    await screenshots(page, 'account-new-currency');
    await app.field('name').fill('Oficina do Centro');
    await app.field('kind').selectOption('moneta');
    await app.button('accountNew.submit').click();
    await app.waitForPath(/^\/account\/acc-[0-9a-f-]{36}$/);
    const db = new URL(page.url()).pathname.split('/').pop()!;
    // New wallets (and so their records) count in reais.
    await page.goto(`/account/${db}/wallets/new`);
    await expect.poll(() => app.field('currency').inputValue()).toBe('BRL');
    await context.close();
  });

  it('shows a ticket group’s finance on its dashboard and in its menu while Moneta is on', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina Dupla', { locale: 'en' });
    const context = await newContext(e2e.browser, e2e.server.url, PHONE);
    const { page, app } = await signIn(owner, context, 'en');
    await page.goto(`/account/${db}`);
    await page.getByTestId('wallet-balances').waitFor();
    await page.getByTestId('spending').waitFor();
    await page.getByRole('button', { name: app.t('nav.openMenu') }).click();
    const drawer = page.getByRole('navigation', { name: app.t('nav.menu') });
    await drawer.getByText(app.t('nav.othersMenu.outgos'), { exact: true }).waitFor();
    await drawer.getByText(app.t('nav.othersMenu.upload'), { exact: true }).click();
    await app.waitForPath(`/account/${db}/wallets-upload`);
    await context.close();
  });

  it('shows what waits for confirmation beside the balance and the spending, and confirms it from the list', async () => {
    const owner = await registerUser(e2e.server.url, { locale: 'pt-BR', fullname: 'Rita Novata' });
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Casa Nova', 'moneta');
    const today = new Date().toISOString().slice(0, 10);
    const wallet = { _id: newId('Wallet'), klass: 'Wallet', name: 'Conta', currency: 'BRL', start_balance: 100_000 };
    const outgo = (description: string, extra: Record<string, unknown> = {}) => ({
      _id: newId('Outgo'),
      klass: 'Outgo',
      description,
      wallet_id: wallet._id,
      currency: 'BRL',
      value: 1_000,
      date: today,
      confirmed: false,
      ...extra,
    });
    // Written by a script as unconfirmed, and one line of a statement.
    const docs = [wallet, outgo('Almoço'), outgo('Gasolina'), outgo('Padaria'), outgo('TARIFA', { imported: true })];
    for (const doc of docs) {
      const res = await owner.client.put(`/db/${db}/${doc._id}`, doc);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const context = await newContext(e2e.browser, e2e.server.url, DESKTOP);
    const { page, app } = await signIn(owner, context, 'pt-BR');
    await page.goto(`/account/${db}`);

    // Beside the balance, in words; the imported line never moves it.
    const card = page.getByTestId('wallet-balances');
    await page.getByTestId('wallet-balances-toggle').click();
    await expect
      .poll(async () => spaces(await card.locator('[data-currency="BRL"] strong').textContent()))
      .toBe('R$ 1.000,00');
    await expect
      .poll(async () => spaces(await card.locator('[data-currency="BRL"] [data-pending]').textContent()))
      .toBe(app.t('moneta.balances.pending', { amount: '-R$ 30,00' }));
    await page.getByTestId('wallet-balances-pending-note').waitFor();
    // Beside the spending: four expenses wait (the imported one counts there once confirmed).
    const spending = page.getByTestId('spending');
    await expect
      .poll(async () => spaces(await spending.getByTestId('spending-pending').textContent()))
      .toBe(
        `${app.t('moneta.spending.pending_other', { count: 4, amount: 'R$ 40,00' })} ${app.t('moneta.spending.review')}`,
      );
    await screenshots(page, 'moneta-dashboard-pending');

    // Confirmed from the list, without opening the record.
    await spending.getByRole('link', { name: app.t('moneta.spending.review') }).click();
    await app.waitForPath(`/account/${db}/outgos`);
    const confirm = page.getByRole('button', { name: app.t('moneta.actions.confirmNamed', { name: 'Almoço' }) });
    await screenshots(page, 'outgos-confirm-from-list');
    await confirm.click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.locator('[data-action="confirm"]').count()).toBe(3);

    await page.goto(`/account/${db}`);
    await page.getByTestId('wallet-balances-toggle').click();
    await expect
      .poll(async () => spaces(await card.locator('[data-currency="BRL"] strong').textContent()))
      .toBe('R$ 990,00');
    await expect
      .poll(async () => spaces(await spending.getByTestId('spending-total').textContent()))
      .toBe('R$ 10,00 em 1 despesa');

    // The wallet's page: every record's amount, and which ones came from a statement.
    await page.goto(`/account/${db}/wallets/${wallet._id}`);
    const entries = page.getByTestId('wallet-entries');
    await expect.poll(() => entries.locator('[data-entry]').count()).toBe(4);
    const states = await entries
      .locator('[data-entry]')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.state).sort());
    expect(states).toEqual(['confirmed', 'imported', 'pending', 'pending']);
    const amounts = await entries.locator('[data-amount]').allTextContents();
    expect(amounts.map(spaces)).toEqual(['-R$ 10,00', '-R$ 10,00', '-R$ 10,00', '-R$ 10,00']);
    await entries.locator('[data-state="imported"]').getByText(app.t('moneta.entries.imported')).waitFor();
    await screenshots(page, 'wallet-entries');
    await context.close();
  });
});
