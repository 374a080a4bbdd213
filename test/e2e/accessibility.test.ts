// axe-core in real Chromium: the public pages and a ticket group's main screens report no
// violation, at phone and desktop widths, in the light and the dark theme. The public pages also
// ask nothing of another origin (no avatars from a third party) and log no error.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { DESKTOP, PHONE, screenshots, settled } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

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

/** Each width and theme of a page already showing `ready`: what axe finds, labelled. */
async function audit(page: Page, name: string, ready: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.locator(ready).first().waitFor();
    await settled(page);
    for (const v of await violations(page))
      found.push(`${name} ${size.width}px: ${v.id} (${v.impact}) ${v.targets.join(' | ')}`);
  }
  return found;
}

/** A signed-in browser for `owner`, in `colorScheme`, with axe allowed in. */
async function signedIn(owner: TestUser, colorScheme: 'light' | 'dark') {
  const context = await e2e.browser.newContext({
    baseURL: e2e.server.url,
    viewport: DESKTOP,
    colorScheme,
    // axe is injected as an inline script, which the app's policy rightly refuses.
    bypassCSP: true,
  });
  await context.addCookies(owner.client.browserCookies());
  return { context, page: await context.newPage() };
}

describe('accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`public pages in the ${colorScheme} theme: no violation, nothing from other origins, no console error`, async () => {
      const context = await e2e.browser.newContext({
        baseURL: e2e.server.url,
        viewport: DESKTOP,
        colorScheme,
        // axe is injected as an inline script, which the app's policy rightly refuses.
        bypassCSP: true,
      });
      const page = await context.newPage();
      const foreign: string[] = [];
      const errors: string[] = [];
      const origin = new URL(e2e.server.url).origin;
      page.on(
        'request',
        (r) => /^https?:/.test(r.url()) && new URL(r.url()).origin !== origin && foreign.push(r.url()),
      );
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      const found: string[] = [];
      for (const [name, url, ready] of [
        ['home', '/', 'main h1'],
        ['login', '/user/login', 'input[name="password"]'],
        ['register', '/user/register', 'input[name="password_confirmation"]'],
      ] as const) {
        await page.goto(url);
        found.push(...(await audit(page, name, ready)));
      }
      await context.close();
      expect(found.join('\n')).toBe('');
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    });

    it(`a ticket group's screens in the ${colorScheme} theme: no violation`, async () => {
      const owner = await registerUser(e2e.server.url);
      await confirmUser(e2e.server, owner);
      const db = await createGroup(owner, 'Oficina Acessível');
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
      for (const doc of [customer, ticket]) {
        const res = await owner.client.put(`/db/${db}/${doc._id}`, doc);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const { context, page } = await signedIn(owner, colorScheme);
      const found: string[] = [];
      for (const [screen, url, ready] of [
        ['dashboard', `/account/${db}`, 'main h1'],
        ['ticket list', `/account/${db}/tickets`, '[data-record]'],
        ['ticket page', `/account/${db}/tickets/${ticket._id}`, `text=${ticket.title}`],
        ['board', `/account/${db}/ticket-board`, '[data-testid="ticket-board"][aria-busy="false"]'],
        ['ticket form', `/account/${db}/tickets/new`, 'input[name="title"]'],
      ] as const) {
        await page.goto(url);
        found.push(...(await audit(page, screen, ready)));
      }
      await context.close();
      expect(found.join('\n')).toBe('');
    });

    it(`a Moneta group's screens in the ${colorScheme} theme, in English: no violation`, async () => {
      const owner = await registerUser(e2e.server.url, { locale: 'en' });
      await confirmUser(e2e.server, owner);
      const db = await createGroup(owner, 'Household', 'moneta');
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
        { ...outgo, _id: newId('Outgo'), description: 'Lunch', value: 1_850, categories: undefined, confirmed: false },
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
      const { context, page } = await signedIn(owner, colorScheme);
      const found: string[] = [];
      for (const [screen, url, ready] of [
        ['dashboard', `/account/${db}`, '[data-testid="spending-list"]'],
        ['expenses', `/account/${db}/outgos`, '[data-record]'],
        ['expense', `/account/${db}/outgos/${outgo._id}`, '[data-action="unconfirm"]'],
        ['expense form', `/account/${db}/outgos/new`, 'input[name="description"]'],
        ['wallet', `/account/${db}/wallets/${wallet._id}`, '[data-testid="wallet-balance-summary"]'],
        ['mappings apply', `/account/${db}/mappings-apply`, '[data-change]'],
        ['statement upload', `/account/${db}/wallets-upload`, '[data-testid="wallets-upload"]'],
      ] as const) {
        await page.goto(url);
        found.push(...(await audit(page, screen, ready)));
        await screenshots(page, `moneta-${screen.replace(' ', '-')}-en-${colorScheme}`);
      }
      await context.close();
      expect(found.join('\n')).toBe('');
    });

    it(`the reader's screens in the ${colorScheme} theme, in Portuguese: no violation`, async () => {
      const owner = await registerUser(e2e.server.url, { locale: 'pt-BR' });
      await confirmUser(e2e.server, owner);
      const db = await createGroup(owner, 'Boletins', 'exoreader');
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
      const { context, page } = await signedIn(owner, colorScheme);
      const found: string[] = [];
      for (const [screen, url, ready] of [
        ['dashboard', `/account/${db}`, '#reader-newest-title'],
        ['reader', `/account/${db}/reader_items?read=all`, '[data-item]'],
        ['item', `/account/${db}/reader_items/${items[2]!._id}`, '[data-body="html"]'],
        ['subscription', `/account/${db}/reader_subscriptions/${subscription._id}`, '[data-testid="item-counts"]'],
        ['subscription form', `/account/${db}/reader_subscriptions/${subscription._id}/edit`, 'input[name="url"]'],
        ['labels', `/account/${db}/reader_labels`, '[data-record]'],
      ] as const) {
        await page.goto(url);
        found.push(...(await audit(page, screen, ready)));
        await screenshots(page, `reader-${screen.replace(' ', '-')}-pt-${colorScheme}`);
      }
      await page.goto(`/account/${db}/reader_items?read=all`);
      await page.locator('[data-item] button[aria-expanded]').first().click();
      await page.locator('[data-body]').first().waitFor();
      found.push(...(await audit(page, 'reader, an item open', '[data-body]')));
      await page.getByRole('button', { name: 'Atalhos de teclado' }).click();
      found.push(...(await audit(page, 'reader, keyboard help', '#reader-keys-title')));
      await context.close();
      expect(found.join('\n')).toBe('');
    });
  }
});
