// npm run bench:reader — a benchmark, not a test: prints figures against the targets of issue 13.
// The device: 500 subscriptions with 20,000 items in a group's replica (written on the server as
// the fetcher writes them, pulled by the app in headless Chromium), then offline: the reader's
// first page and the unread counts per subscription and label, right after the pull (the rows
// are made then) and on a fresh page load (from the rows saved in the replica), and with a label
// filter. BENCH_SUBSCRIPTIONS, BENCH_ITEMS change the sizes; BENCH_DIST reuses a build (e.g. dist).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readerItemId } from '../../src/server/modules/exoreader/feeds/item-id.ts';
import { buildApp, bundleForBrowser } from './bundle.ts';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { startTestServer } from '../support/test-server.ts';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 500);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const LABELS = 12;

const dist = await buildApp();
const entry = await bundleForBrowser('test/bench/reader-entry.ts');
const server = await startTestServer({ env: { DIST_DIR: dist.dir } });
const browser = await launchBrowser();
const row = (what: string, ms: number, target?: number) =>
  console.log(
    `${what.padEnd(64)} ${`${ms.toFixed(0)} ms`.padStart(9)}${target ? `  target ${target} ms  ${ms <= target ? 'ok' : 'over'}` : ''}`,
  );
try {
  const owner = await registerUser(server.url);
  await confirmUser(server, owner);
  const db = await createGroup(owner, 'Bench Leitor', 'exoreader');
  const now = new Date().toISOString();
  const stamps = { created_at: now, updated_at: now, created_by: owner.id, updated_by: owner.id };
  const labels = Array.from({ length: LABELS }, (_, i) => ({
    _id: `rlb-${randomUUID()}`,
    klass: 'ReaderLabel',
    name: `Fabricante ${i + 1}`,
    kind: 'maker',
    ...stamps,
  }));
  const subscriptions = Array.from({ length: SUBSCRIPTIONS }, (_, i) => ({
    _id: `rsb-${randomUUID()}`,
    klass: 'ReaderSubscription',
    url: `https://feeds.example/${i}.xml`,
    title: `Feed ${i + 1}`,
    active: true,
    customize_title: false,
    labels: [labels[i % LABELS]!._id, ...(i % 3 === 0 ? [labels[(i + 1) % LABELS]!._id] : [])],
    ...stamps,
  }));
  // Active feeds of a month: a third read, a few starred, content of a typical post.
  const body = `<p>${'Service bulletin text, relay and compressor checks. '.repeat(30)}</p>`;
  const post = (docs: object[]) => server.ctx.store.must(`/${db}/_bulk_docs`, { method: 'POST', body: { docs } });
  await post([...labels, ...subscriptions]);
  for (let start = 0; start < ITEMS; start += 2_000) {
    await post(
      Array.from({ length: Math.min(2_000, ITEMS - start) }, (_, k) => {
        const i = start + k;
        const subscription = subscriptions[(i * 7) % SUBSCRIPTIONS]!._id;
        return {
          _id: readerItemId(subscription, `guid-${i}`),
          klass: 'ReaderItem',
          subscription_id: subscription,
          title: `Bulletin ${i}`,
          url: `https://feeds.example/posts/${i}`,
          point_at: new Date(Date.UTC(2026, 9, 1) + i * 120_000).toISOString(),
          summary: 'Service bulletin text, relay and compressor checks.',
          content: body,
          content_type: 'html',
          read: i % 3 === 0,
          starred: i % 97 === 0,
          created_at: now,
          updated_at: now,
        };
      }),
    );
  }
  const total = ITEMS + SUBSCRIPTIONS + LABELS;

  const context = await newContext(browser, server.url);
  await context.addCookies(owner.client.browserCookies());
  await context.route('**/reader-bench.js', (route) => route.fulfill({ contentType: 'text/javascript', body: entry }));
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  const pullStart = Date.now();
  await page.goto(`/account/${db}`);
  await page.addScriptTag({ url: '/reader-bench.js', type: 'module' });
  await page.waitForFunction(() => 'readerBench' in window);
  while ((await page.evaluate((d) => window.readerBench.count(d), db)) < total) {
    if (Date.now() - pullStart > 600_000) throw new Error('the first pull did not end');
    await page.waitForTimeout(500);
  }
  const pulled = Date.now() - pullStart;
  // Offline from here, away from the dashboard (its own reads would run beside the measures).
  await page.goto('/user/profile');
  await page.addScriptTag({ url: '/reader-bench.js', type: 'module' });
  await page.waitForFunction(() => 'readerBench' in window);
  await context.setOffline(true);

  console.log(
    `\nExoreader, ${SUBSCRIPTIONS} subscriptions, ${ITEMS.toLocaleString('en')} items, ${LABELS} labels (headless Chromium, this machine)`,
  );
  console.log(`${'first pull of the group'.padEnd(64)} ${`${(pulled / 1000).toFixed(1)} s`.padStart(9)}`);
  const first = await page.evaluate((d) => window.readerBench.screen(d, ''), db);
  row(`first page, right after the pull (rows made from the documents)`, first.page);
  const again = await page.evaluate((d) => window.readerBench.screen(d, ''), db);
  row(`first page, unread, newest first (${again.items} items)`, again.page, 200);
  row(`unread counts per subscription and label (${again.unread} unread)`, again.counts, 200);
  // A page load: the rows come from the replica's saved copy (written a few seconds after changes stop).
  await page.waitForTimeout(5_000);
  await page.reload();
  await page.addScriptTag({ url: '/reader-bench.js', type: 'module' });
  await page.waitForFunction(() => 'readerBench' in window);
  const loaded = await page.evaluate((d) => window.readerBench.screen(d, ''), db);
  row(`first page after a page load (${loaded.items} items)`, loaded.page, 200);
  row(`unread counts after a page load`, loaded.counts, 200);
  const label = await page.evaluate(([d, l]) => window.readerBench.screen(d!, `read=all&label=${l}`), [
    db,
    labels[0]!._id,
  ] as const);
  row(`one label's items, read or not, first page`, label.page, 200);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  if (dist.temporary) rmSync(dist.dir, { recursive: true, force: true });
}
