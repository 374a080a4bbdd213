// npm run bench:sync — a benchmark, not a test: prints figures.
// A group with 10,000 realistic documents (tickets, customers, equipment, ~1 KB each) on the
// embedded server; in headless Chromium, the initial replication into IndexedDB through the
// app's own sync code, and a bare PouchDB replication as the reference, then the first page of
// the ticket list from the local replica.
import { randomUUID } from 'node:crypto';
import { bundleForBrowser } from './bundle.ts';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { startTestServer } from '../support/test-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const LIVE_ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 20);
const text = (n: number) => 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(n).slice(0, n);

function realisticDocs(count: number): Array<Record<string, unknown>> {
  const docs: Array<Record<string, unknown>> = [];
  const customers: string[] = [];
  for (let i = 0; i < count; i++) {
    const now = new Date(Date.now() - i * 60_000).toISOString();
    const kind = i % 10 < 6 ? 'Ticket' : i % 10 < 8 ? 'Customer' : 'Equipment';
    if (kind === 'Ticket') {
      docs.push({
        _id: `tik-${randomUUID()}`,
        klass: 'Ticket',
        number: `1-${i + 1}`,
        title: `Service order ${i + 1}`,
        content: text(600),
        problem: text(200),
        status: ['open', 'doing', 'review', 'done'][i % 4],
        priority: ['low', 'medium', 'high'][i % 3],
        ticket_kind: 'chore',
        customer_id: customers[i % Math.max(1, customers.length)] ?? null,
        created_at: now,
        updated_at: now,
      });
    } else if (kind === 'Customer') {
      const id = `cus-${randomUUID()}`;
      customers.push(id);
      docs.push({
        _id: id,
        klass: 'Customer',
        name: `Customer ${i}`,
        email: `c${i}@example.com`,
        notes: text(800),
        created_at: now,
        updated_at: now,
      });
    } else {
      docs.push({
        _id: `eqi-${randomUUID()}`,
        klass: 'Equipment',
        identifier: `SN-${i}`,
        description: text(240),
        notes: text(560),
        maker: 'Acme',
        created_at: now,
        updated_at: now,
      });
    }
  }
  return docs;
}

const server = await startTestServer();
const browser = await launchBrowser();
try {
  const owner = await registerUser(server.url);
  await confirmUser(server, owner);
  const db = await createGroup(owner, 'Bench');
  const docs = realisticDocs(DOCS);
  for (let i = 0; i < docs.length; i += 1000) {
    const res = await owner.client.post(`/db/${db}/_bulk_docs`, { docs: docs.slice(i, i + 1000) });
    const refused = Array.isArray(res.body) ? (res.body as Array<{ error?: string }>).filter((r) => r.error) : [];
    if (res.status !== 201 || refused.length > 0)
      throw new Error(`seeding failed: ${res.status} ${JSON.stringify(refused[0])}`);
  }
  const bytes = JSON.stringify(docs).length / docs.length;

  const code = await bundleForBrowser('test/bench/sync-entry.ts');

  const context = await browser.newContext({ baseURL: server.url });
  await context.addCookies(owner.client.browserCookies());
  await context.route('**/bench.js', (route) => route.fulfill({ contentType: 'text/javascript', body: code }));
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  // Any page of the server's origin will do: the bundle needs the origin, not the app.
  await page.goto('/api/docs');
  await page.addScriptTag({ url: '/bench.js', type: 'module' });
  await page.waitForFunction(() => 'bench' in window);

  const bare = await page.evaluate((d) => window.bench.bareReplicate(d), db);
  const app = await page.evaluate((d) => window.bench.appSync(d), db);
  const local = await page.evaluate((d) => window.bench.docCount(d), db);
  const first = await page.evaluate((d) => window.bench.firstTicketPage(d), db);
  const again = await page.evaluate((d) => window.bench.firstTicketPage(d), db);

  console.log(`documents: ${DOCS} (~${Math.round(bytes)} bytes each), replicated: ${local}`);
  console.log(`bare PouchDB.replicate:     ${(bare / 1000).toFixed(2)} s`);
  console.log(`app sync (syncOnce):        ${(app / 1000).toFixed(2)} s`);
  console.log(`ratio app / bare:           ${(app / bare).toFixed(2)}`);
  console.log(
    `first ticket page (25 rows): ${first.ms.toFixed(0)} ms with index creation, ${again.ms.toFixed(0)} ms after`,
  );

  // Live sync's latency: a change made elsewhere, until it is in another device's replica. Two
  // devices (two browser contexts, each with its own IndexedDB) keep a small group open.
  const live = await createGroup(owner, 'Live');
  const device = async () => {
    const ctx = await browser.newContext({ baseURL: server.url });
    await ctx.addCookies(owner.client.browserCookies());
    await ctx.route('**/bench.js', (route) => route.fulfill({ contentType: 'text/javascript', body: code }));
    const p = await ctx.newPage();
    await p.goto('/api/docs');
    await p.addScriptTag({ url: '/bench.js', type: 'module' });
    await p.waitForFunction(() => 'bench' in window);
    await p.evaluate((d) => window.bench.appSync(d), live);
    await p.evaluate((d) => window.bench.live(d), live);
    return p;
  };
  const [a, b] = [await device(), await device()];
  const fromServer: number[] = [];
  const fromDevice: number[] = [];
  for (let i = 0; i < LIVE_ROUNDS; i++) {
    const viaServer = `cus-${randomUUID()}`;
    const seen = b.evaluate(([d, id]) => window.bench.arrival(d!, id!), [live, viaServer]);
    const written = Date.now();
    await owner.client.put(`/db/${live}/${viaServer}`, { klass: 'Customer', name: `Server ${i}` });
    fromServer.push((await seen) - written);
    const viaDevice = `cus-${randomUUID()}`;
    const arrived = b.evaluate(([d, id]) => window.bench.arrival(d!, id!), [live, viaDevice]);
    const at = await a.evaluate(([d, id]) => window.bench.writeHere(d!, id!), [live, viaDevice]);
    fromDevice.push((await arrived) - at);
  }
  const stats = (list: number[]) => {
    const sorted = [...list].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)} ms`;
  };
  console.log(`live: a write through /db until another device has it (${LIVE_ROUNDS}×): ${stats(fromServer)}`);
  console.log(`live: a device's write until another device has it (${LIVE_ROUNDS}×):     ${stats(fromDevice)}`);
} finally {
  await browser.close();
  await server.stop();
}
