// npm run bench:finance — a benchmark, not a test: prints figures against the targets of issue 12.
// In headless Chromium, on the app's own replica of a Moneta group: a 10,000-line Latin-1
// statement parsed, read, mapped and previewed (target 2 s); 10,000 records written through
// writeRecords with progress (target 15 s); then with 50,000 records in the replica, the views
// and the index the finance screens read built (timed too), the balances per currency and per
// wallet, where the money went and the expenses list's first page (target 200 ms each) and its
// count, and again after one more record. Then the kept views (src/data/reduced-views.ts): their
// saved rows' size, a page load that starts from them (the first list page and the balances
// answered, target 200 ms each; then a list in another order and the balances after a save), the
// rows saved after a burst of 200 changes, and their answers against PouchDB's own
// map/reduce and pouchdb-find on the same replica, after the load and after the burst. Offline
// after the first pull, as at a customer's site.
// BENCH_LINES, BENCH_RECORDS change the sizes; BENCH_DIST reuses a build (e.g. dist); BENCH_DIFF=0;
// BENCH_PROFILE=1 prints where the page load's JavaScript spent its time.
import { rmSync } from 'node:fs';
import { buildApp, bundleForBrowser } from './bundle.ts';
import { startProfile } from './profile.ts';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { startTestServer } from '../support/test-server.ts';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 50_000);
/** BENCH_DIFF=0 leaves out the check against PouchDB's own answers (its view indexes take minutes). */
const DIFFERENTIAL = process.env.BENCH_DIFF !== '0';
/** BENCH_PROFILE=1: the page load's JavaScript by function (the bench's code not minified), as Chromium's profiler saw it. */
const PROFILE = process.env.BENCH_PROFILE === '1';

const dist = await buildApp();
const entry = await bundleForBrowser('test/bench/finance-entry.ts', { minify: !PROFILE });
const server = await startTestServer({ env: { DIST_DIR: dist.dir } });
const browser = await launchBrowser();
const row = (what: string, ms: number, target: number) =>
  console.log(
    `${what.padEnd(58)} ${`${ms.toFixed(0)} ms`.padStart(9)}  target ${target} ms  ${ms <= target ? 'ok' : 'over'}`,
  );
try {
  const owner = await registerUser(server.url);
  await confirmUser(server, owner);
  const db = await createGroup(owner, 'Bench Finanças', 'moneta');
  const walletId = `wll-${crypto.randomUUID()}`;
  const wallet = { _id: walletId, klass: 'Wallet', name: 'Conta', currency: 'BRL', start_balance: 0, active: true };
  if ((await owner.client.put(`/db/${db}/${walletId}`, wallet)).status !== 201) throw new Error('wallet refused');

  const context = await newContext(browser, server.url);
  await context.addCookies(owner.client.browserCookies());
  await context.route('**/finance-bench.js', (route) => route.fulfill({ contentType: 'text/javascript', body: entry }));
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`/account/${db}`);
  await page.addScriptTag({ url: '/finance-bench.js', type: 'module' });
  await page.waitForFunction(() => 'financeBench' in window);
  // The first pull brought the wallet and the balances' design document.
  const pulled = Date.now();
  while (
    !(await page.evaluate(([d, w]) => window.financeBench.has(d!, [w!, '_design/wallet-balances']), [
      db,
      walletId,
    ] as const))
  ) {
    if (Date.now() - pulled > 120_000) throw new Error('the first pull did not bring the wallet');
    await page.waitForTimeout(500);
  }

  // Offline from here, as a technician at a site: nothing is pushed, and no pull sets the app's
  // own background work going. The page leaves the group (for the profile), so the dashboard's
  // own queries do not run beside the measures; the bench's code comes along.
  await page.goto('/user/profile');
  await page.addScriptTag({ url: '/finance-bench.js', type: 'module' });
  await page.waitForFunction(() => 'financeBench' in window);
  await context.setOffline(true);
  const preview = await page.evaluate((n) => window.financeBench.preview(n), LINES);
  console.log(
    `\nMoneta, ${LINES.toLocaleString('en')}-line statement, ${RECORDS.toLocaleString('en')} records (headless Chromium, this machine)`,
  );
  row(`statement parsed, read, mapped, previewed (${preview.rows} rows)`, preview.ms, 2_000);
  const written = await page.evaluate(([d, w, u, n]) => window.financeBench.write(d!, w!, u!, Number(n)), [
    db,
    walletId,
    owner.id,
    String(LINES),
  ] as const);
  row(`${LINES.toLocaleString('en')} records written with progress (${written.progress} steps)`, written.ms, 15_000);
  let total = LINES;
  while (total < RECORDS) {
    const batch = Math.min(10_000, RECORDS - total);
    await page.evaluate(([d, w, u, n]) => window.financeBench.write(d!, w!, u!, Number(n)), [
      db,
      walletId,
      owner.id,
      String(batch),
    ] as const);
    total += batch;
  }
  const built = await page.evaluate(([d, w]) => window.financeBench.build(d!, w!), [db, walletId] as const);
  for (const [what, ms] of Object.entries(built))
    console.log(
      `${`${what} built over ${total.toLocaleString('en')} records`.padEnd(58)} ${`${(ms / 1000).toFixed(1)} s`.padStart(9)}`,
    );
  const screens = async (when: string) => {
    const ms = await page.evaluate(([d, w]) => window.financeBench.screens(d!, w!), [db, walletId] as const);
    row(`balances per currency${when}`, ms.balances!, 200);
    row(`a wallet's balance, pending and after pending${when}`, ms.wallet!, 200);
    row(`where the money went, last 30 days${when}`, ms.spending!, 200);
    row(`expenses list, first page (rows)${when}`, ms.firstPage!, 200);
    console.log(
      `${`expenses list, count (shown after the rows)${when}`.padEnd(58)} ${`${ms.count!.toFixed(0)} ms`.padStart(9)}`,
    );
  };
  await screens('');
  const planned = await page.evaluate(([d, w, n]) => window.financeBench.plan(d!, w!, Number(n)), [
    db,
    walletId,
    String(LINES),
  ] as const);
  row(`statement planned against ${total.toLocaleString('en')} records (${planned.records} rows)`, planned.ms, 2_000);
  await page.evaluate(([d, w, u]) => window.financeBench.write(d!, w!, u!, 1), [db, walletId, owner.id] as const);
  await screens(', one more record');

  // The kept views' rows saved beside the replica, then a page load that starts from them.
  const dollars = await page.evaluate((d) => window.financeBench.addWallet(d), db);
  const wallets = [{ _id: walletId, currency: 'BRL' }, dollars];
  const saved = await page.evaluate((d) => window.financeBench.saveKept(d), db);
  const size = await page.evaluate((d) => window.financeBench.snapshotSize(d), db);
  console.log(
    `${"kept views' saved rows (lists, search, balances, counts)".padEnd(58)} ${`${(size.bytes / 1e6).toFixed(1)} MB`.padStart(9)}  ${size.records.toLocaleString('en')} records, saved in ${(saved.ms / 1000).toFixed(1)} s`,
  );
  console.log(
    `${'beside them: heads (sums) and the lists’ orders'.padEnd(58)} ${`${(size.besideBytes / 1e6).toFixed(1)} MB`.padStart(9)}  ${size.beside.toLocaleString('en')} records`,
  );
  await page.close();
  await context.setOffline(false);
  const loaded = await context.newPage();
  loaded.on('pageerror', (e) => console.error('page error:', e.message));
  await loaded.goto('/user/profile');
  await loaded.addScriptTag({ url: '/finance-bench.js', type: 'module' });
  await loaded.waitForFunction(() => 'financeBench' in window);
  await context.setOffline(true);
  const profiling = PROFILE ? await startProfile(loaded) : null;
  const load = await loaded.evaluate(([d, w, u]) => window.financeBench.pageLoad(d!, w!, u!), [
    db,
    walletId,
    owner.id,
  ] as const);
  await profiling?.();
  const ms = (what: string, value: number) => console.log(`${what.padEnd(58)} ${`${value.toFixed(0)} ms`.padStart(9)}`);
  ms('page load: the replica opened', load.opened!);
  row('page load: then the expenses list, first page', load.list!, 200);
  row('page load: then the balances per currency and pending', load.balances!, 200);
  ms('page load: until the list and the balances are answered', load.opened! + load.list! + load.balances!);
  ms('then the rows of those views read (the app: once quiet)', load.rows!);
  row('after it: the list in an order not sorted yet', load.otherOrder!, 200);
  row('after it: balances per currency after one more record', load.balancesAfterWrite!, 200);
  const differences = async (when: string) => {
    if (!DIFFERENTIAL) return;
    const found = await loaded.evaluate(([d, w]) => window.financeBench.differences(d!, w!), [db, wallets] as const);
    console.log(
      `kept views against PouchDB's own answers ${when}: ${found.differences.length === 0 ? 'the same' : 'DIFFERENT'} (${(found.ms / 1000).toFixed(0)} s)`,
    );
    for (const difference of found.differences) console.log(`  ${difference}`);
    if (found.differences.length > 0) process.exitCode = 1;
  };
  await differences('after the load');
  await loaded.evaluate(([d, w]) => window.financeBench.burst(d!, w!, 200, 20261127), [db, wallets] as const);
  const afterBurst = await loaded.evaluate((d) => window.financeBench.saveKept(d), db);
  ms(`kept views saved after a burst of 200 changes (${afterBurst.records} records)`, afterBurst.ms);
  // Another page load from that save: its first answers (from what the save kept beside the rows)
  // against those of the page that holds the rows, at the same state of the replica.
  const held = await loaded.evaluate((d) => window.financeBench.firstAnswers(d), db);
  await context.setOffline(false);
  const next = await context.newPage();
  next.on('pageerror', (e) => console.error('page error:', e.message));
  await next.goto('/user/profile');
  await next.addScriptTag({ url: '/finance-bench.js', type: 'module' });
  await next.waitForFunction(() => 'financeBench' in window);
  await context.setOffline(true);
  const fresh = await next.evaluate((d) => window.financeBench.firstAnswers(d), db);
  ms('page load after the burst: the replica opened', fresh.ms.opened!);
  row('page load after the burst: then the expenses list, first page', fresh.ms.list!, 200);
  row('page load after the burst: then the balances and pending', fresh.ms.balances!, 200);
  console.log(
    `page load after the burst: first answers against the rows' own: ${fresh.answers === held.answers ? 'the same' : 'DIFFERENT'}`,
  );
  if (fresh.answers !== held.answers) process.exitCode = 1;
  await next.close();
  await differences('after a burst of 200 edits and deletions');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  if (dist.temporary) rmSync(dist.dir, { recursive: true, force: true });
}
