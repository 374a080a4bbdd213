// A launch with the group on the device: the page last left is drawn from what the page itself
// carries, before the app's code has arrived, and gives way to the app's own page once drawn.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmUser, createGroup, registerUser, seedTickets } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

interface DomNode {
  nodeType: number;
  nodeValue: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** The text drawn in the kept page's closed shadow root, which only the browser's tools can read. */
async function launchText(page: Page): Promise<string | null> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  await cdp.detach();
  const texts: string[] = [];
  const text = (node: DomNode): void => {
    if (node.nodeType === 3) texts.push(node.nodeValue);
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) text(child);
  };
  const find = (node: DomNode): DomNode | null => {
    const attributes = node.attributes ?? [];
    if (attributes.some((value, i) => i % 2 === 0 && value === 'id' && attributes[i + 1] === 'launch')) return node;
    for (const child of node.children ?? []) {
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  const host = find(root);
  if (!host) return null;
  for (const shadow of host.shadowRoots ?? []) text(shadow);
  return texts.join(' ');
}

/** Holds the app's scripts back until the returned function is called; counts those held. */
async function holdScripts(page: Page): Promise<{ held: () => number; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/assets/*.js', async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  return { held: () => held, release };
}

const launching = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-launch'));

/**
 * A person with one group holding `tickets` tickets, and a browser of their own in which the
 * scripts held back by holdScripts are the page's own requests, not a service worker's.
 */
async function personWithGroup(fullname: string, group: string, tickets: number) {
  const user = await registerUser(e2e.server.url, { fullname });
  await confirmUser(e2e.server, user);
  const db = await createGroup(user, group);
  await seedTickets(user, db, tickets);
  const context = await e2e.browser.newContext({
    baseURL: e2e.server.url,
    viewport: DESKTOP,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  return { user, db, context, page, app: new AppPage(page) };
}

describe('a launch with the group on the device', () => {
  it('draws the list last left before the app’s code, gives way to the app’s own rows, and forgets it at logout', async () => {
    const { user, db, context, page, app } = await personWithGroup('Téo Campo', 'Oficina Central', 3);
    const list = `/account/${db}/tickets`;
    await app.openSignedIn(user, list);
    await page.locator('#root [data-record]').first().waitFor();

    // Kept once drawn, without the sync status (a launch has not synced yet).
    const kept = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('moneta.launch') ?? 'null') as Record<string, string> | null);
    await expect.poll(async () => (await kept())?.path).toBe(list);
    const snapshot = (await kept())!;
    expect(snapshot.html).toContain('Ar-condicionado não gela 1');
    expect(snapshot.html).not.toContain('data-sync-state');

    // The app's code held back: the kept list is what shows, the app's root is empty.
    const scripts = await holdScripts(page);
    await page.goto(list, { waitUntil: 'domcontentloaded' });
    expect(await launching(page)).toBe(true);
    expect(await launchText(page)).toContain('Ar-condicionado não gela 1');
    expect(await page.locator('#root [data-record]').count()).toBe(0);
    // Nothing of it is reachable by a query, a tap or a screen reader.
    expect(await page.getByText('Ar-condicionado não gela 1').count()).toBe(0);

    // The code arrives: the app's own rows replace it, in the same frame.
    await expect.poll(scripts.held).toBeGreaterThan(0);
    scripts.release();
    await page.locator('#root [data-record]').first().waitFor();
    expect(await page.locator('#launch').count()).toBe(0);
    expect(await launching(page)).toBe(false);
    expect(await page.getByText('Ar-condicionado não gela 1').first().isVisible()).toBe(true);

    // Kept at another width, it would be another page: not shown.
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(list, { waitUntil: 'domcontentloaded' });
    expect(await launching(phone)).toBe(false);
    await phone.locator('#root [data-record]').first().waitFor();
    await phone.close();

    await app.logout();
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(await kept()).toBeNull();
    await context.close();
  });

  it('goes from the start address to the dashboard it led to, drawn while the app loads; home once that changes', async () => {
    const { user, db, context, page, app } = await personWithGroup('Rita Rua', 'Oficina da Rita', 2);
    // One group: the start address leads to its dashboard (spec 000 §2), kept once drawn.
    await app.openSignedIn(user, '/');
    await page.waitForURL((url) => url.pathname === `/account/${db}`);
    await expect
      .poll(() =>
        page.evaluate(
          () => (JSON.parse(localStorage.getItem('moneta.launch.home') ?? 'null') as { path?: string } | null)?.path,
        ),
      )
      .toBe(`/account/${db}`);

    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await launching(page)).toBe(true);
    expect(await launchText(page)).toContain('Oficina da Rita');
    await expect.poll(scripts.held).toBeGreaterThan(0);
    scripts.release();
    // The app goes straight there (where the start address led last time), and draws it.
    await page.waitForURL((url) => url.pathname === `/account/${db}`);
    await expect.poll(() => launching(page)).toBe(false);
    expect(await page.locator('#launch').count()).toBe(0);
    expect(await page.getByText('Oficina da Rita').first().isVisible()).toBe(true);

    // A second group since, known to the device (the groups tab syncs the person's database):
    // the launch still goes first where it led last time, then the rule sends it home, and the
    // next launch stays there with nothing kept to draw.
    await createGroup(user, 'Segunda Oficina');
    await app.openProfileTab('groups');
    await page.getByText('Segunda Oficina').first().waitFor();
    await page.goto('/');
    await app.heading('home.groupsTitle').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('moneta.landing'))).toBeNull();
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await launching(page)).toBe(false);
    await app.heading('home.groupsTitle').waitFor();
    await context.close();
  });
});
