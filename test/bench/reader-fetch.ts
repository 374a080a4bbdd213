// node test/bench/reader-fetch.ts — a benchmark, not a test: prints figures.
// One fetch cycle of BENCH_FEEDS (500) local feeds of BENCH_ITEMS (20) items each, subscribed in
// one group at once: the time from the subscriptions' write until every feed was fetched and its
// items stored, and the memory of the server (this process, which also serves the feeds) and of
// the store's process before and after. The target (issue 13) is under 60 s.
import { readFileSync } from 'node:fs';
import { newId } from '../../src/domain/ids.ts';
import { READER_FEEDS_DB, type ReaderFeedDoc } from '../../src/server/modules/exoreader/feeds-db.ts';
import { conditionalFeed, FeedServer, rss } from '../support/feed-server.ts';
import { startTestServer } from '../support/test-server.ts';

const FEEDS = Number(process.env.BENCH_FEEDS ?? 500);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function storeRss(pid: number | undefined): number {
  if (!pid) return 0;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

function memory(server: Awaited<ReturnType<typeof startTestServer>>): string {
  return `server ${mb(process.memoryUsage().rss)} (heap ${mb(process.memoryUsage().heapUsed)}), store ${mb(storeRss(server.embedded?.pid()))}`;
}

async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('moneta_session='));
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: set?.split(';')[0] };
}

const feeds = await FeedServer.start();
const server = await startTestServer({ env: { READER_ALLOW_PRIVATE: '1', READER_SWEEP_MS: '1000' } });
try {
  for (let i = 0; i < FEEDS; i++) {
    const items = Array.from({ length: ITEMS }, (_, k) => ({
      guid: `item-${k}`,
      title: `Feed ${i}, item ${k}`,
      description: `<p>Bulletin ${k} of feed ${i}: ${'text '.repeat(60)}</p>`,
      date: new Date(Date.now() - k * 3_600_000).toISOString(),
    }));
    const body = rss(`Feed ${i}`, items);
    feeds.route(
      `/feed-${i}.xml`,
      conditionalFeed(() => ({ etag: `"${i}"`, body })),
    );
  }
  const signup = await call(server.url, '', 'POST', '/db/_users', {
    _id: newId('User'),
    fullname: 'Bench Reader',
    unconfirmed_email: `bench.${Date.now()}@example.com`,
    password: 'correct horse battery',
    locale: 'en',
  });
  const cookie = signup.cookie!;
  const group = await call(server.url, cookie, 'POST', '/api/groups', { name: 'Bench', kind: 'exoreader' });
  const db = String(group.body.id);
  global.gc?.();
  console.log(`before: ${memory(server)}`);
  const started = Date.now();
  const docs = Array.from({ length: FEEDS }, (_, i) => ({
    _id: newId('ReaderSubscription'),
    klass: 'ReaderSubscription',
    url: `${feeds.url}/feed-${i}.xml`,
    active: true,
  }));
  const written = await call(server.url, cookie, 'POST', `/db/${db}/_bulk_docs`, { docs });
  if (written.status !== 201) throw new Error(`subscriptions: ${written.status}`);
  for (;;) {
    const res = await server.ctx.store.must<{ docs: ReaderFeedDoc[] }>(`/${READER_FEEDS_DB}/_find`, {
      method: 'POST',
      body: { selector: { last_fetch_at: { $gt: '' } }, fields: ['_id', 'items', 'last_error'], limit: FEEDS + 1 },
    });
    if (res.docs.length >= FEEDS) {
      const items = res.docs.reduce((sum, d) => sum + d.items, 0);
      const errors = res.docs.filter((d) => d.last_error).length;
      console.log(
        `fetch cycle: ${FEEDS} feeds, ${items} items stored, ${errors} errors, in ${((Date.now() - started) / 1000).toFixed(1)} s (target < 60 s)`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  global.gc?.();
  console.log(`after: ${memory(server)}`);
} finally {
  await server.stop();
  await feeds.close();
}
