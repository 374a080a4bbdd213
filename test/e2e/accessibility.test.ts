// axe-core in real Chromium: no serious or critical violation on any screen (public pages, a
// ticket group's, Moneta's and the reader's), in the light and the dark theme, in English and
// Portuguese, at phone and desktop widths. Moderate and minor findings are printed, not failed on.
// The public pages also ask nothing of another origin (no avatars from a third party) and log no
// error.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { text } from './support/app-page.ts';
import { DESKTOP, PHONE, screenshots, settled } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

type Locale = 'en' | 'pt-BR';
type ColorScheme = 'light' | 'dark';
type Screens = 'public' | 'ticket' | 'moneta' | 'reader';
interface Variant {
  colorScheme: ColorScheme;
  locale: Locale;
  viewport: typeof PHONE;
}
const variant = (colorScheme: ColorScheme, locale: Locale, viewport: typeof PHONE): Variant => ({
  colorScheme,
  locale,
  viewport,
});
/**
 * Each group of screens is audited twice, in the opposite theme, language and width each time:
 * every screen is then seen in both themes, both languages and both widths. Across the four
 * groups the eight triples of theme, language and width are each met once. All four pairings at
 * both widths took five minutes of CI, two pairings at both widths still 277 s: each width was a
 * resize, a re-layout and an axe run more on every screen (docs/testing.md).
 */
const VARIANTS: Record<Screens, readonly [Variant, Variant]> = {
  public: [variant('light', 'en', PHONE), variant('dark', 'pt-BR', DESKTOP)],
  ticket: [variant('light', 'pt-BR', PHONE), variant('dark', 'en', DESKTOP)],
  moneta: [variant('light', 'en', DESKTOP), variant('dark', 'pt-BR', PHONE)],
  reader: [variant('light', 'pt-BR', DESKTOP), variant('dark', 'en', PHONE)],
};
const lang = ({ locale }: Variant) => (locale === 'en' ? 'en' : 'pt');
const label = ({ colorScheme, locale, viewport }: Variant) => `${colorScheme}, ${locale}, ${viewport.width}px`;
/** What fails a screen: a person is blocked or badly hindered. The rest is printed, to be seen. */
const BLOCKING = new Set(['serious', 'critical']);

interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    }));
  });
}

/** The page, already showing `ready`, at its width: the serious and critical violations axe finds, labelled. */
async function audit(page: Page, name: string, ready: string): Promise<string[]> {
  const found: string[] = [];
  await page.locator(ready).first().waitFor();
  await settled(page);
  const width = page.viewportSize()?.width;
  for (const v of await violations(page)) {
    const line = `${name} ${width}px: ${v.id} (${v.impact}) ${v.targets.join(' | ')}`;
    if (BLOCKING.has(v.impact ?? '')) found.push(line);
    else console.log(`axe, not failing: ${line}`);
  }
  return found;
}

/** A browser in the variant's theme and width whose visitor reads its language, with axe allowed in. */
async function browserFor({ colorScheme, locale, viewport }: Variant) {
  const context = await e2e.browser.newContext({
    baseURL: e2e.server.url,
    viewport,
    colorScheme,
    locale,
    // axe is injected as an inline script, which the app's policy rightly refuses.
    bypassCSP: true,
    // Not installed: the screens are audited online (newContext's `installs`).
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

/** A signed-in browser for `owner` (who reads their own language, the variant's). */
async function signedIn(owner: TestUser, seen: Variant) {
  const opened = await browserFor(seen);
  await opened.context.addCookies(owner.client.browserCookies());
  return opened;
}

/**
 * Opens `url` in the app running on `page` as its own links do, a route change rather than a page
 * load (most of a screen's time was the app starting over), and waits until `ready` is drawn anew:
 * an element left from the screen before does not count.
 */
async function openInApp(page: Page, url: string, ready: string): Promise<void> {
  // `ready` may be any of Playwright's selectors (text=…): the elements are compared in the page.
  type Marked = Window & { shownBefore?: Set<Element> };
  const drawn = page.locator(ready);
  await drawn.evaluateAll((elements) => void ((window as Marked).shownBefore = new Set(elements)));
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect
    .poll(() => drawn.evaluateAll((elements) => elements.some((e) => !(window as Marked).shownBefore?.has(e))), {
      timeout: 30_000,
    })
    .toBe(true);
}

/**
 * Opens each screen and audits it: [name, address, what shows once it is drawn]. Each is loaded
 * as a visitor lands on it; `inApp`, the first only, and the others are opened by the app.
 */
async function auditScreens(
  page: Page,
  screens: ReadonlyArray<readonly [string, string, string]>,
  { shots, inApp = false }: { shots?: string; inApp?: boolean } = {},
) {
  const found: string[] = [];
  for (const [index, [screen, url, ready]] of screens.entries()) {
    if (inApp && index > 0) await openInApp(page, url, ready);
    else await page.goto(url);
    found.push(...(await audit(page, screen, ready)));
    if (shots) await screenshots(page, `${shots}-${screen.replaceAll(' ', '-')}`);
  }
  return found;
}

describe('accessibility', () => {
  for (const seen of VARIANTS.public)
    it(`public pages (${label(seen)}): no serious violation, nothing from other origins, no console error`, async () => {
      const { context, page } = await browserFor(seen);
      const foreign: string[] = [];
      const errors: string[] = [];
      const origin = new URL(e2e.server.url).origin;
      page.on(
        'request',
        (r) => /^https?:/.test(r.url()) && new URL(r.url()).origin !== origin && foreign.push(r.url()),
      );
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      const found = await auditScreens(page, [
        ['home', '/', 'main h1'],
        ['login', '/user/login', 'input[name="password"]'],
        ['register', '/user/register', 'input[name="password_confirmation"]'],
        ['password reset', '/user/password/new', 'input[name="email"]'],
        ['confirmation again', '/user/confirm/new', 'input[name="email"]'],
        ['not found', '/no-such-page', 'h1'],
      ]);
      await context.close();
      expect(found.join('\n')).toBe('');
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    });

  for (const seen of VARIANTS.ticket)
    it(`a ticket group's and its account's screens (${label(seen)}): no serious violation`, async () => {
      const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina Acessível', { locale: seen.locale });
      const customer = { _id: newId('Customer'), klass: 'Customer', name: 'Ana Silva', email: 'ana@example.com' };
      const ticket = {
        _id: newId('Ticket'),
        klass: 'Ticket',
        number: '1-1',
        title: 'Ar-condicionado não gela',
        status: 'open',
        priority: 'high',
        ticket_kind: 'bug',
        customer_id: customer._id,
        content: 'Cliente relata ruído ao ligar.',
      };
      // The disk's page (on in a ticket group): a folder, its WebDAV help.
      const folder = {
        _id: newId('CloudFile'),
        klass: 'CloudFile',
        name: 'Fotos da obra',
        kind: 'dir',
        color: '#43a047',
      };
      for (const doc of [customer, ticket, folder]) {
        const res = await owner.client.put(`/db/${db}/${doc._id}`, doc);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const { context, page } = await signedIn(owner, seen);
      const found = await auditScreens(
        page,
        [
          ['groups', '/', 'main h1'],
          ['profile', '/user/profile', 'input[name="fullname"]'],
          ['new group', '/account/new', 'input[name="name"]'],
          ['dashboard', `/account/${db}`, 'main h1'],
          ['group admin', `/account/${db}/admin`, 'main h1'],
          ['members', `/account/${db}/memberships`, 'main h1'],
          ['invitation', `/account/${db}/memberships/new`, 'main h1'],
          ['ticket list', `/account/${db}/tickets`, '[data-record]'],
          ['ticket page', `/account/${db}/tickets/${ticket._id}`, `text=${ticket.title}`],
          ['board', `/account/${db}/ticket-board`, '[data-testid="ticket-board"][aria-busy="false"]'],
          ['ticket form', `/account/${db}/tickets/new`, 'input[name="customer_id"]'],
          ['customers', `/account/${db}/customers`, '[data-record]'],
          ['customer', `/account/${db}/customers/${customer._id}`, '[data-related="tickets"]'],
          ['disk', `/account/${db}/disk`, `text=${folder.name}`],
          ['disk WebDAV help', `/account/${db}/disk?view=webdav`, `text=${owner.email}`],
        ],
        { inApp: true },
      );
      await context.close();
      expect(found.join('\n')).toBe('');
    });

  for (const seen of VARIANTS.moneta)
    it(`a Moneta group's screens (${label(seen)}): no serious violation`, async () => {
      const { owner, db } = await ownerWithGroup(e2e.server, 'Household', { locale: seen.locale }, 'moneta');
      const today = new Date().toISOString().slice(0, 10);
      const wallet = {
        _id: newId('Wallet'),
        klass: 'Wallet',
        name: 'Checking',
        currency: 'USD',
        start_balance: 250_000,
      };
      const outgo = {
        _id: newId('Outgo'),
        klass: 'Outgo',
        description: 'Compressor parts',
        wallet_id: wallet._id,
        currency: 'USD',
        value: 12_345,
        date: today,
        categories: ['parts'],
        confirmed: true,
      };
      const docs = [
        wallet,
        outgo,
        { ...outgo, _id: newId('Outgo'), description: 'Fuel', value: 4_000, categories: ['travel'] },
        {
          ...outgo,
          _id: newId('Outgo'),
          description: 'Lunch',
          value: 1_850,
          categories: undefined,
          confirmed: false,
        },
        { ...outgo, _id: newId('Income'), klass: 'Income', description: 'Installation', value: 50_000 },
        {
          _id: newId('Mapping'),
          klass: 'Mapping',
          description: 'Food',
          target: 'outgo',
          field_to_watch: 'description',
          kind_of_watch: 'contains',
          text_to_match: 'lunch',
          field_to_change: 'categories',
          kind_of_change: 'replace',
          text_to_change: 'food',
          order: 1,
          active: true,
        },
      ];
      for (const doc of docs) {
        const res = await owner.client.put(`/db/${db}/${doc._id}`, doc);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const { context, page } = await signedIn(owner, seen);
      const found = await auditScreens(
        page,
        [
          ['dashboard', `/account/${db}`, '[data-testid="spending-list"]'],
          ['expenses', `/account/${db}/outgos`, '[data-record]'],
          ['expense', `/account/${db}/outgos/${outgo._id}`, '[data-action="unconfirm"]'],
          ['expense form', `/account/${db}/outgos/new`, 'input[name="description"]'],
          ['wallets', `/account/${db}/wallets`, '[data-record]'],
          ['wallet', `/account/${db}/wallets/${wallet._id}`, '[data-testid="wallet-balance-summary"]'],
          ['mappings apply', `/account/${db}/mappings-apply`, '[data-change]'],
          ['statement upload', `/account/${db}/wallets-upload`, '[data-testid="wallets-upload"]'],
        ],
        { shots: `moneta-${lang(seen)}-${seen.colorScheme}`, inApp: true },
      );
      const statement = [
        'Data;Lançamento;Valor (R$)',
        '03/11/2026;PIX RECEBIDO JOÃO;1.234,56',
        '05/11/2026;TARIFA;-12,50',
      ];
      await page.locator('input[name="statement"]').setInputFiles({
        name: 'statement.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(statement.join('\r\n')),
      });
      found.push(...(await audit(page, 'upload preview', '[data-testid="import-preview"]')));
      await screenshots(page, `moneta-${lang(seen)}-${seen.colorScheme}-upload-preview`);
      await context.close();
      expect(found.join('\n')).toBe('');
    });

  for (const seen of VARIANTS.reader)
    it(`the reader's screens (${label(seen)}): no serious violation`, async () => {
      const { owner, db } = await ownerWithGroup(e2e.server, 'Boletins', { locale: seen.locale }, 'exoreader');
      const now = new Date().toISOString();
      const stamps = { created_at: now, updated_at: now, created_by: owner.id, updated_by: owner.id };
      const label = { _id: newId('ReaderLabel'), klass: 'ReaderLabel', name: 'Springer', kind: 'maker', ...stamps };
      const subscription = {
        _id: newId('ReaderSubscription'),
        klass: 'ReaderSubscription',
        url: 'https://maker.example/feed.xml',
        title: 'Boletins Springer',
        active: true,
        labels: [label._id],
        ...stamps,
      };
      const items = Array.from({ length: 12 }, (_, i) => ({
        _id: newId('ReaderItem'),
        klass: 'ReaderItem',
        subscription_id: subscription._id,
        title: `Boletim técnico ${i + 1}: relé do compressor`,
        url: `https://maker.example/b/${i}`,
        point_at: new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString(),
        content: `<p>Troque o <a href="https://maker.example/rele">relé</a> do modelo ${i}.</p>`,
        content_type: 'html',
        read: i % 4 === 0,
        starred: i === 1,
        ...stamps,
      }));
      // As the fetcher writes them: items are the server's.
      await e2e.server.ctx.store.must(`/${db}/_bulk_docs`, {
        method: 'POST',
        body: { docs: [label, subscription, ...items] },
      });
      const { context, page } = await signedIn(owner, seen);
      const found = await auditScreens(
        page,
        [
          ['dashboard', `/account/${db}`, '#reader-newest-title'],
          ['reader', `/account/${db}/reader_items?read=all`, '[data-item]'],
          ['item', `/account/${db}/reader_items/${items[2]!._id}`, '[data-body="html"]'],
          ['subscriptions', `/account/${db}/reader_subscriptions`, '[data-record]'],
          ['subscription', `/account/${db}/reader_subscriptions/${subscription._id}`, '[data-testid="item-counts"]'],
          ['subscription form', `/account/${db}/reader_subscriptions/${subscription._id}/edit`, 'input[name="url"]'],
          ['labels', `/account/${db}/reader_labels`, '[data-record]'],
        ],
        { shots: `reader-${lang(seen)}-${seen.colorScheme}`, inApp: true },
      );
      await page.goto(`/account/${db}/reader_items?read=all`);
      await page.locator('[data-item] button[aria-expanded]').first().click();
      await page.locator('[data-body]').first().waitFor();
      found.push(...(await audit(page, 'reader, an item open', '[data-body]')));
      await page.getByRole('button', { name: text(seen.locale, 'reader.keys.title') }).click();
      found.push(...(await audit(page, 'reader, keyboard help', '#reader-keys-title')));
      await context.close();
      expect(found.join('\n')).toBe('');
    });
});
