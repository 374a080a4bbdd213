// Billing, usage and checkout in Chromium against the real server with a Paddle test
// configuration (issue 32): a free group past 1,000 records sees the notice and its deadline on
// its dashboard, the billing and usage tiles on the admin dashboard, the billing screen (reached
// from the Others menu), its usage as a chart and a table, the standalone checkout's plan table
// and modals, a price's checkout asking for the billing e-mail and then opening the payment step,
// and the same page offline. Paddle's frame itself needs the provider (and a client token) and is
// not loaded. Seeded through the API; screenshots of each screen at 390 and 1280 px, in English
// light and Portuguese dark.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const SECRET = 'pdl_ntfset_test_secret';
const e2e = e2eHarness({
  PADDLE_API_KEY: 'pdl_sdbx_apikey_test',
  PADDLE_WEBHOOK_SECRET: SECRET,
  PADDLE_ENVIRONMENT: 'sandbox',
  PADDLE_PRICES: 'pro=pri_pro:600,corp=pri_corp:1800',
});

/** A subscription event signed as Paddle signs it (test/integration/billing.test.ts does the same). */
async function paddleEvent(db: string, status: string, price: string) {
  const body = JSON.stringify({
    event_id: `evt_${Date.now()}`,
    event_type: 'subscription.updated',
    occurred_at: new Date().toISOString(),
    data: {
      id: 'sub_e2e',
      status,
      customer_id: 'ctm_e2e',
      custom_data: { account_id: db },
      items: [{ price: { id: price } }],
    },
  });
  const ts = Math.floor(Date.now() / 1000);
  const signature = `ts=${ts};h1=${createHmac('sha256', SECRET).update(`${ts}:${body}`).digest('hex')}`;
  const res = await fetch(`${e2e.server.url}/api/billing/paddle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'paddle-signature': signature },
    body,
  });
  expect(await res.json()).toMatchObject({ outcome: 'applied' });
}

async function addCustomers(owner: TestUser, db: string, count: number) {
  const docs = Array.from({ length: count }, (_, i) => ({ _id: newId('Customer'), klass: 'Customer', name: `C ${i}` }));
  // The door takes at most 1,000 documents a batch.
  for (let i = 0; i < docs.length; i += 1000) {
    const res = await owner.client.post(`/db/${db}/_bulk_docs`, { docs: docs.slice(i, i + 1000) });
    expect(res.status).toBe(201);
  }
}

async function passedAt(owner: TestUser, db: string): Promise<string> {
  const res = await owner.client.post<{ docs: Array<{ value: string }> }>(`/db/${db}/_find`, {
    selector: { klass: 'Adjustment', key: 'free-limit-passed-at' },
  });
  return res.body.docs[0]?.value ?? '';
}

async function limitPassed(owner: TestUser, db: string): Promise<boolean> {
  return /^\d{4}-/.test(await passedAt(owner, db));
}

/** Each screen of the pass, looked at, screenshotted. */
async function shoot(page: Page, app: AppPage, name: string) {
  await app.settled();
  await screenshots(page, `billing-${name}-${app.locale}`);
}

describe('billing, usage and checkout', () => {
  it('shows the limit’s deadline, usage, the plan table with its modals and a price’s checkout, offline too', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina Cobrança');
    await addCustomers(owner, db, 1001);
    await expect.poll(() => limitPassed(owner, db), { timeout: 15_000 }).toBe(true);

    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const app = new AppPage(page);
    await app.openSignedIn(owner, `/account/${db}`);
    await app.heading('dashboard.title').waitFor();
    await app.synced(db);

    for (const locale of ['en', 'pt-BR'] as const) {
      if (locale === 'pt-BR') {
        await app.chooseLanguage('pt-BR');
        await app.toggleTheme();
      }
      // The dashboard: the free limit's notice, its 30 days and deadline, a link to the checkout.
      if (locale === 'pt-BR') await page.goto(`/account/${db}`);
      await app.heading('dashboard.title').waitFor();
      const notice = page.getByTestId('free-limit-notice');
      // Waited on in the page's language: after a reload the texts may change language once drawn.
      await notice.getByText(app.t('billing.notice.daysLeft_other', { count: 30 })).waitFor();
      const deadline = new Date(Date.parse(await passedAt(owner, db)) + 30 * 86_400_000);
      expect(await notice.textContent()).toContain(
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(deadline),
      );
      expect(await notice.getByRole('link').getAttribute('href')).toBe(`/checkout?group=${db}`);
      await shoot(page, app, 'dashboard-notice');
      // The admin dashboard's billing and usage tiles.
      await app.openAdmin();
      await page.locator('[data-tile="usage"]').getByText(new Intl.NumberFormat(locale).format(1001)).waitFor();
      expect(await page.locator('[data-tile="billing"]').textContent()).toContain(app.t('groups.plans.free'));
      // Its data to take away: every record as JSON, the finance records as CSV.
      await page.getByRole('link', { name: app.t('admin.export.csv.finance') }).waitFor();
      expect(await page.getByRole('link', { name: app.t('admin.export.json') }).getAttribute('href')).toBe(
        `/api/groups/${db}/export.json`,
      );
      await shoot(page, app, 'admin-tiles');

      // Billing, from the Others menu: the free limit passed, the deadline 30 days on.
      await app.openOthers('billing');
      await app.heading('billing.title').waitFor();
      await page.getByTestId('over-limit').waitFor();
      expect(await page.getByTestId('over-limit').textContent()).toContain(app.t('billing.state.overLimitTitle'));
      await page.getByText(new Intl.NumberFormat(locale).format(1001), { exact: true }).waitFor();
      await shoot(page, app, 'billing');

      // Usage: the day's snapshot as a chart and a table.
      await app.openOthers('usage');
      await app.heading('usage.title').waitFor();
      await page.getByTestId('usage-chart').locator('svg').first().waitFor();
      const customers = page.getByRole('row').filter({ hasText: app.t('klasses.Customer') });
      await customers.getByText(new Intl.NumberFormat(locale).format(1001), { exact: true }).waitFor();
      await shoot(page, app, 'usage');

      // The standalone checkout: the plan table; a paid plan asks to confirm the billing e-mail.
      await app.openOthers('billing');
      await page.getByRole('link', { name: app.t('billing.checkout') }).click();
      await app.waitForPath('/checkout');
      const plans = page.getByRole('table', { name: app.t('checkout.plans') });
      await plans.locator('tr[data-plan="corp"]').waitFor();
      await shoot(page, app, 'checkout');
      await plans.locator('tr[data-plan="pro"]').getByRole('button').click();
      const modal = page.getByRole('dialog', { name: app.t('checkout.confirmEmailTitle') });
      await modal.waitFor();
      await app.field('billing_email').fill('');
      await app.button('checkout.continue').click();
      await modal.getByText(app.t('errors.is-invalid')).waitFor();
      await screenshots(page, `billing-checkout-email-modal-${locale}`, { fullPage: false });
      await app.field('billing_email').fill(`cobranca-${locale}@example.com`);
      await app.button('checkout.continue').click();

      // The price's checkout: unit_amount / 100 in dollars; the payment step opens without the frame here.
      await app.waitForPath(`/account/${db}/checkout/pri_pro`);
      await page.getByTestId('price').waitFor();
      expect(await page.getByTestId('price').textContent()).toContain('6');
      await app.button('checkout.pay').click();
      await page.getByText(app.t('checkout.noClientToken')).waitFor();
      await shoot(page, app, 'checkout-price');

      // Offline, paying needs a connection.
      await context.setOffline(true);
      await page.getByTestId('checkout-offline').waitFor();
      await shoot(page, app, 'checkout-offline');
      await context.setOffline(false);
      await page.getByTestId('checkout-offline').waitFor({ state: 'detached' });
    }

    // Paid (the webhook, a day ago so the 24-hour lock is over): cancel and switch-to-free modals.
    const realNow = e2e.server.ctx.now;
    e2e.server.ctx.now = () => new Date(Date.now() - 25 * 3_600_000);
    try {
      await paddleEvent(db, 'active', 'pri_pro');
    } finally {
      e2e.server.ctx.now = realNow;
    }
    await page.goto(`/checkout?group=${db}`);
    await page.getByRole('button', { name: app.t('checkout.cancelSubscription') }).click();
    const cancel = page.getByRole('dialog', { name: app.t('checkout.confirmCancelTitle') });
    await cancel.waitFor();
    await screenshots(page, 'billing-cancel-modal-pt-BR', { fullPage: false });
    await cancel.getByRole('button', { name: app.t('checkout.keep') }).click();
    // Closed before the page's next button is asked for (the page is hidden to a reader meanwhile).
    await cancel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: app.t('checkout.switchToFree') }).click();
    const free = page.getByRole('dialog', { name: app.t('checkout.confirmFreeTitle') });
    await free.getByRole('button', { name: app.t('checkout.switchToFree') }).click();
    // Over 1,000 records: the spec's refusal, in the reader's language.
    await free
      .getByText(
        app.t('errors.You-can-not-switch-to-free-plan-because-you-have-used-more-than-1000-records-in-the-database'),
      )
      .waitFor();
    await screenshots(page, 'billing-free-refused-pt-BR', { fullPage: false });

    // The public placeholders and the icon page (spec 000 §2).
    for (const path of ['/noop', `/account/${db}/noop`]) {
      await page.goto(path);
      await app.heading('placeholders.noopTitle').waitFor();
    }
    await screenshots(page, 'noop-pt-BR');
    await page.goto('/icons');
    await app.heading('placeholders.iconsTitle').waitFor();
    await screenshots(page, 'icons-pt-BR');
    // Reports and backups' placeholder is hidden in production builds, this one included.
    await page.goto(`/account/${db}/adminnoop`);
    await app.heading('errorTitles.not_found').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
