// The board shows each column's newest cards first and the rest when asked, keeping the cards
// already shown while it reads the next ones.
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { ownerWithGroup, seedTickets } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, PHONE, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

describe('ticket board', () => {
  it('shows a column’s first 12 cards, then the next ones when asked', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina do Quadro', { locale: 'en' });
    await seedTickets(owner, db, 15);

    const context = await newContext(e2e.browser, e2e.server.url, DESKTOP);
    await context.addCookies(owner.client.browserCookies());
    // Every busy state the board says, from the page's start.
    await context.addInitScript(() => {
      const said: string[] = [];
      (window as unknown as { busy: string[] }).busy = said;
      new MutationObserver(() => {
        const value = document.querySelector('[data-testid="ticket-board"]')?.getAttribute('aria-busy');
        if (value && said.at(-1) !== value) said.push(value);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
    const page = await context.newPage();
    await page.goto(`/account/${db}/ticket-board`);
    const open = page.locator('section[data-status="open"]');
    const cards = open.locator('ul > li');
    await page.locator('[data-testid="ticket-board"][aria-busy="false"]').waitFor();
    await page.locator('section[data-status="open"][data-count="15"]').waitFor();
    expect(await cards.count()).toBe(12);
    // Newest change first: ticket 1 was seeded as the latest.
    await expect.poll(() => cards.first().textContent()).toContain('Ar-condicionado não gela 1');
    const more = open.getByTestId('board-show-more');
    expect(await more.textContent()).toBe('Show 3 more');

    await more.click();
    await cards.nth(14).waitFor();
    expect(await cards.count()).toBe(15);
    expect(await cards.last().textContent()).toContain('Ar-condicionado não gela 15');
    expect(await open.getByTestId('board-show-more').count()).toBe(0);
    // Once drawn, the board never went back to its loading state: the cards stayed while it read.
    const busy = await page.evaluate(() => (window as unknown as { busy: string[] }).busy);
    expect(busy.slice(busy.indexOf('false'))).toEqual(['false']);

    const app = new AppPage(page);
    for (const variant of ['en-light', 'pt-dark'] as const) {
      if (variant === 'pt-dark') {
        await app.chooseLanguage('pt-BR');
        await app.toggleTheme();
      }
      await page.goto(`/account/${db}/ticket-board`);
      await page.locator('[data-testid="ticket-board"][aria-busy="false"]').waitFor();
      await app.settled();
      await screenshots(page, `tickets-board-columns-${variant}`);
    }
    await context.close();
  });

  it('on a phone whose first columns are empty, opens on the first column with tickets', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina da Revisão', { locale: 'pt-BR' });
    const tickets = [1, 2].map((n) => ({
      _id: newId('Ticket'),
      klass: 'Ticket',
      number: `1-${n}`,
      title: `Revisar compressor ${n}`,
      // Open, blocked and doing are empty: on a phone three narrow columns fill the screen's width.
      status: 'review',
      priority: 'medium',
      ticket_kind: 'chore',
    }));
    expect((await owner.client.post(`/db/${db}/_bulk_docs`, { docs: tickets })).status).toBe(201);

    const context = await newContext(e2e.browser, e2e.server.url, PHONE);
    await context.addCookies(owner.client.browserCookies());
    const page = await context.newPage();
    await page.goto(`/account/${db}/ticket-board`);
    await page.locator('[data-testid="ticket-board"][aria-busy="false"]').waitFor();
    const card = page.locator('section[data-status="review"] ul > li').first();
    await card.waitFor();
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    // The whole card is on the screen, not a swipe away.
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await new AppPage(page).settled();
    await screenshots(page, 'tickets-board-later-column-pt');
    await context.close();
  });
});
