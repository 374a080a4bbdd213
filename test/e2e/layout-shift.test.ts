// What a first visit to a group's dashboard and ticket list draws stays where it is drawn while the
// rest arrives (the layout-shift entries Chromium records, as Lighthouse sums them): names of
// related records, counts and cards that come after the page's first rows keep their room. And a
// first visit draws the group's page before its copy is filled, its records waiting for the copy.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { ownerWithGroup, seedTickets } from '../support/factories.ts';
import { newContext, PHONE, settled } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

/** Recorded from the page's start, before any script of the app runs. */
const RECORD_SHIFTS = () => {
  const shifts: Array<{ value: number; nodes: string[] }> = [];
  (window as unknown as { shifts: typeof shifts }).shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ node?: Node }>;
    }>)
      if (!entry.hadRecentInput)
        shifts.push({
          value: entry.value,
          nodes: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 100) ?? ''),
        });
  }).observe({ type: 'layout-shift', buffered: true });
};

async function shifted(page: Page): Promise<{ total: number; shifts: Array<{ value: number; nodes: string[] }> }> {
  await settled(page);
  const shifts = await page.evaluate(
    () => (window as unknown as { shifts: Array<{ value: number; nodes: string[] }> }).shifts,
  );
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

describe('layout stability on a first visit', () => {
  it('keeps the ticket list rows and the dashboard cards in place while names and counts arrive', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina Estável', { locale: 'en' });
    await seedTickets(owner, db, 30);

    const visit = async (url: string, ready: string[]) => {
      // A context of its own: a first visit, with no replica on the device.
      const context = await newContext(e2e.browser, e2e.server.url, PHONE);
      await context.addCookies(owner.client.browserCookies());
      await context.addInitScript(RECORD_SHIFTS);
      const page = await context.newPage();
      await page.goto(url);
      for (const selector of ready) await page.locator(selector).first().waitFor();
      const result = await shifted(page);
      await context.close();
      return result;
    };

    // Before: each row grew by a line once its customer's name was read ("missing record" first).
    const list = await visit(`/account/${db}/tickets`, ['[data-record]:has-text("Ana Silva")']);
    expect(list.total, JSON.stringify(list.shifts)).toBeLessThan(0.02);

    // Before: the cards were mounted again once the members were read (their loading state once
    // more), and the first steps were drawn in view before the recent changes pushed them out.
    const dashboard = await visit(`/account/${db}`, [
      '[data-testid="priority-bars-open"] [data-priority]',
      'ul[aria-label="Recent changes"] li',
      '[data-testid="first-steps"]',
    ]);
    expect(dashboard.total, JSON.stringify(dashboard.shifts)).toBeLessThan(0.02);
  });

  it('keeps the finance cards’ room while their figures arrive (issue 28: CLS 0.14 on a phone)', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Casa Estável', { locale: 'en' }, 'moneta');
    const today = new Date().toISOString().slice(0, 10);
    const wallet = { _id: newId('Wallet'), klass: 'Wallet', name: 'Checking', currency: 'USD', start_balance: 500_000 };
    const outgos = ['fuel', 'food', 'rent', 'tools', 'parts'].map((category, i) => ({
      _id: newId('Outgo'),
      klass: 'Outgo',
      description: `Expense ${i}`,
      wallet_id: wallet._id,
      currency: 'USD',
      value: 1_000 * (i + 1),
      date: today,
      categories: [category],
      confirmed: true,
    }));
    for (const doc of [wallet, ...outgos]) {
      const res = await owner.client.put(`/db/${db}/${doc._id}`, doc);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const context = await newContext(e2e.browser, e2e.server.url, PHONE);
    await context.addCookies(owner.client.browserCookies());
    await context.addInitScript(RECORD_SHIFTS);
    // A first visit (no replica, nothing remembered), then the next one: neither moves.
    for (const visit of ['first', 'next']) {
      const page = await context.newPage();
      await page.goto(`/account/${db}`);
      await page.locator('[data-testid="spending-list"] [data-slice]').first().waitFor();
      await page.locator('ul[aria-label="Recent changes"] li').first().waitFor();
      const result = await shifted(page);
      expect(result.total, `${visit}: ${JSON.stringify(result.shifts)}`).toBeLessThan(0.02);
      await page.close();
    }
    await context.close();
  });

  it('draws a group’s pages before its first pull ends, with no empty state or count meanwhile', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina Nova', { locale: 'en' });
    await seedTickets(owner, db, 6);
    const context = await newContext(e2e.browser, e2e.server.url, PHONE);
    await context.addCookies(owner.client.browserCookies());
    // The documents of the first pull are held back until the page was looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/_bulk_get/, async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`/account/${db}/tickets`);
    await page.getByRole('heading', { name: 'Tickets' }).waitFor();
    // Where the rows will be, the list says what it waits for.
    const filling = page.getByRole('status').filter({ hasText: 'Bringing the group’s records to this device…' });
    await filling.waitFor();
    expect(await page.getByText('No tickets yet.').count()).toBe(0);
    expect(await page.locator('[data-record]').count()).toBe(0);
    // The navbar's open-ticket count waits too, rather than climbing from 0.
    expect(await page.getByTestId('open-tickets-badge').count()).toBe(0);

    release();
    await expect.poll(() => page.locator('[data-record]').count(), { timeout: 20_000 }).toBe(6);
    expect(await filling.count()).toBe(0);
    await page.getByTestId('open-tickets-badge').waitFor();
    await context.close();
  });
});
