// Money in the group's currency, whoever reads it: a shop created in Portuguese keeps reais; its
// estimate reads R$ 2.469,10 to the Portuguese owner and R$2,469.10 to an English member, and
// the amounts are stored exactly, in centavos. Administrators change the currency for new estimates.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMember, confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function signIn(page: Page, user: TestUser, db: string): Promise<AppPage> {
  const app = new AppPage(page);
  await app.openSignedIn(user, `/account/${db}`);
  return app;
}

describe('money', () => {
  it('writes estimates in the group’s currency and prints them in it for every reader', async () => {
    const owner = await registerUser(e2e.server.url, { locale: 'pt-BR', fullname: 'Dona Lúcia' });
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Refrigeração Lúcia');
    const member = await addMember(e2e.server, owner, db);

    const ownerContext = await newContext(e2e.browser, e2e.server.url);
    const page = await ownerContext.newPage();
    const app = await signIn(page, owner, db);
    // She signed up in Portuguese: the app speaks it once she is in.
    app.locale = 'pt-BR';
    await page.getByRole('button', { name: app.t('nav.userMenu') }).waitFor();

    await page.goto(`/account/${db}/estimates/new`);
    await app.field('description').fill('Troca do compressor');
    const addItem = page.getByRole('button', {
      name: app.t('resource.addRow', { label: app.t('records.estimates.fields.items') }),
    });
    await addItem.click();
    expect(await app.field('items.0.value').getAttribute('data-currency')).toBe('BRL');
    await app.fill({ 'items.0.description': 'Compressor', 'items.0.quantity': '2', 'items.0.value': '1.234,5' });
    await addItem.click();
    await app.fill({ 'items.1.description': 'Parafuso', 'items.1.quantity': '1', 'items.1.value': '0,1' });
    await expect
      .poll(async () => spaces(await page.locator('[data-estimate-form-total]').textContent()))
      .toBe(`${app.t('estimatePrint.total')}: R$ 2.469,10`);
    // An amount finer than a centavo is refused under its field before anything is written.
    await app.field('items.1.value').fill('0,105');
    expect(await app.fieldError('items.1.value').textContent()).toBe(app.t('resource.money.tooPrecise'));
    await app.field('items.1.value').fill('0,1');
    await screenshots(page, 'estimate-money-form');
    await app.button('actions.save').click();
    await page.waitForURL(/\/estimates\/est-[0-9a-f-]{36}$/);
    const estimateId = new URL(page.url()).pathname.split('/').pop()!;

    await expect
      .poll(async () => (await owner.client.get<Record<string, unknown>>(`/db/${db}/${estimateId}`)).body, {
        timeout: 30_000,
      })
      .toMatchObject({
        currency: 'BRL',
        items: [
          { description: 'Compressor', quantity: 2, value: 123450 },
          { description: 'Parafuso', quantity: 1, value: 10 },
        ],
      });
    await page.goto(`/account/${db}/estimates/${estimateId}/print`);
    await expect
      .poll(async () => spaces(await page.locator('[data-estimate-total]').textContent()))
      .toBe('R$ 2.469,10');

    // An English member reads the same reais, written the English way.
    const memberContext = await newContext(e2e.browser, e2e.server.url);
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, member, db);
    await memberPage.goto(`/account/${db}/estimates/${estimateId}/print`);
    await expect
      .poll(async () => spaces(await memberPage.locator('[data-estimate-total]').textContent()))
      .toBe('R$2,469.10');
    expect(spaces(await memberPage.locator('[data-estimate-line="0"] td').nth(2).textContent())).toBe('R$1,234.50');
    await screenshots(memberPage, 'estimate-print-brl-en');

    // Money is stored exactly: a float amount is refused on the server, naming the item.
    const stored = (await member.client.get<Record<string, unknown>>(`/db/${db}/${estimateId}`)).body;
    const float = await member.client.put<{ reason: Record<string, string[]> }>(`/db/${db}/${estimateId}`, {
      ...stored,
      items: [{ description: 'Compressor', quantity: 2, value: 1234.5 }],
    });
    expect(float.status).toBe(422);
    expect(Object.keys(float.body.reason)).toEqual(['items.0.value']);

    // The administrator moves the group to dollars: new estimates count in them, the old one keeps reais.
    await page.goto(`/account/${db}/admin`);
    await page.locator('[data-group-currency="BRL"]').waitFor();
    await page.getByRole('button', { name: app.t('admin.profile.edit') }).click();
    await page.getByRole('dialog').locator('select[name="currency"]').selectOption('USD');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: app.t('actions.save') })
      .click();
    await page.locator('[data-group-currency="USD"]').waitFor();
    await page.goto(`/account/${db}/estimates/new`);
    await addItem.click();
    await expect.poll(() => app.field('items.0.value').getAttribute('data-currency')).toBe('USD');
    await page.goto(`/account/${db}/estimates/${estimateId}/print`);
    await expect
      .poll(async () => spaces(await page.locator('[data-estimate-total]').textContent()))
      .toBe('R$ 2.469,10');

    // A currency that does not exist is refused by the server (once the device's change is there).
    const currencySetting = async () =>
      (
        await owner.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${db}/_find`, {
          selector: { klass: 'Adjustment', key: 'currency' },
        })
      ).body.docs[0]!;
    await expect.poll(async () => (await currencySetting()).value).toBe('USD');
    const currency = await currencySetting();
    const bad = await owner.client.put<{ reason: Record<string, string[]> }>(`/db/${db}/${String(currency._id)}`, {
      ...currency,
      value: 'XYZ',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.reason).toEqual({ value: ['is not included in the list'] });

    await ownerContext.close();
    await memberContext.close();
  });
});
