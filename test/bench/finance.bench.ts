// npm run bench:finance — a benchmark, not a test: prints figures against the targets of issue 12.
// In headless Chromium, on the app's own replica of a Moneta group: a 10,000-line Latin-1
// statement parsed, read, mapped and previewed (target 2 s); 10,000 records written through
// writeRecords with progress (target 15 s); then with 50,000 records in the replica, the views
// and the index the finance screens read built (timed too), the balances per currency and per
// wallet, where the money went and the expenses list's first page (target 200 ms each) and its
// count, and again after one more record. Offline after the first pull, as at a customer's site.
// BENCH_LINES, BENCH_RECORDS change the sizes; BENCH_DIST reuses a build (e.g. dist).
import { rmSync } from 'node:fs';
import { buildApp, bundleForBrowser } from './bundle.ts';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { startTestServer } from '../support/test-server.ts';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 50_000);

const dist = await buildApp();
const entry = await bundleForBrowser('test/bench/finance-entry.ts');
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
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  if (dist.temporary) rmSync(dist.dir, { recursive: true, force: true });
}
