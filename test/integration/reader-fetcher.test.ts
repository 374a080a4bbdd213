// The feed reader's fetcher against feeds served by a local web server: subscriptions written
// through the door are fetched within seconds, conditional requests end in 304, errors back off
// with their reason in words, redirects are followed, slow and huge feeds are cut off, changed
// feeds add only their new items and keep what people marked, a website's address finds its feed,
// and old read items are removed without coming back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { readerItemId } from '../../src/server/modules/exoreader/feeds/item-id.ts';
import { feedDocId, READER_FEEDS_DB, type ReaderFeedDoc } from '../../src/server/modules/exoreader/feeds-db.ts';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { conditionalFeed, FeedServer, rss, waitFor } from '../support/feed-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let feeds: FeedServer;
let owner: TestUser;
let db: string;

const READER_ENV = {
  READER_ALLOW_PRIVATE: '1',
  READER_SWEEP_MS: '100',
  // Healthy feeds are fetched again every half second, so refetches happen within a test.
  READER_REFRESH_MS: '500',
  READER_TIMEOUT_MS: '1000',
  READER_MAX_BYTES: String(64 * 1024),
  READER_RETENTION_MS: '300',
};

beforeAll(async () => {
  [server, feeds] = await Promise.all([startTestServer({ env: READER_ENV }), FeedServer.start()]);
  owner = await registerUser(server.url);
  await confirmUser(server, owner);
  db = await createGroup(owner, 'Leituras', 'exoreader');
});
afterAll(async () => {
  await server?.stop();
  await feeds?.close();
});

interface Item {
  _id: string;
  _rev: string;
  title: string;
  read: boolean;
  starred: boolean;
  subscription_id: string;
  point_at: string;
  content_type?: string;
  summary?: string;
}

async function subscribe(url: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = newId('ReaderSubscription');
  const res = await owner.client.put(`/db/${db}/${id}`, {
    klass: 'ReaderSubscription',
    url,
    customize_title: false,
    active: true,
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return id;
}

async function itemsOf(subscriptionId: string): Promise<Item[]> {
  const res = await owner.client.post<{ docs: Item[] }>(`/db/${db}/_find`, {
    selector: { klass: 'ReaderItem', subscription_id: subscriptionId },
    limit: 1000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.docs;
}

const feedDoc = (subscriptionId: string) =>
  server.ctx.store.get<ReaderFeedDoc>(READER_FEEDS_DB, feedDocId(db, subscriptionId));

async function statusOf(subscriptionId: string) {
  const res = await owner.client.get<{ subscriptions: Array<Record<string, unknown>> }>(
    `/api/groups/${db}/reader/subscriptions/status`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.subscriptions.find((s) => s.id === subscriptionId) ?? null;
}

const path = () => `/${randomUUID()}`;

describe('the fetch cycle', () => {
  it('fetches a new subscription within seconds, then asks conditionally and gets 304', async () => {
    const at = path();
    const url = feeds.route(
      at,
      conditionalFeed(() => ({
        etag: '"v1"',
        body: rss('Bulletins', [
          { guid: 'a', title: 'First' },
          { guid: 'b', title: 'Second' },
        ]),
      })),
    );
    const id = await subscribe(url);
    const items = await waitFor('two items', async () => ((await itemsOf(id)).length === 2 ? itemsOf(id) : null));
    expect(items.map((i) => i.title).sort()).toEqual(['First', 'Second']);
    expect(items.every((i) => i.read === false && i.starred === false)).toBe(true);
    expect(new Set(items.map((i) => i._id))).toEqual(new Set([readerItemId(id, 'a'), readerItemId(id, 'b')]));
    await waitFor('a 304', async () => feeds.seen(at).some((r) => r.status === 304));
    const conditional = feeds.seen(at).find((r) => r.status === 304)!;
    expect(conditional.headers['if-none-match']).toBe('"v1"');
    expect(conditional.headers['user-agent']).toMatch(/Moneta/);
    expect(await itemsOf(id)).toHaveLength(2);
    const status = await statusOf(id);
    expect(status).toMatchObject({ id, last_error: null, items: 2 });
    expect(typeof status!.last_fetch_at).toBe('string');
    // The subscription's title follows the feed's own.
    const subscription = await owner.client.get<{ title: string }>(`/db/${db}/${id}`);
    expect(subscription.body.title).toBe('Bulletins');
  });

  it('adds a changed feed’s new items once and keeps what the person marked', async () => {
    const at = path();
    let version = 1;
    const entries = [
      { guid: 'one', title: 'One' },
      { guid: 'two', title: 'Two' },
    ];
    const url = feeds.route(
      at,
      conditionalFeed(() => ({ etag: `"v${version}"`, body: rss('Changing', entries) })),
    );
    const id = await subscribe(url, { title: 'My own name', customize_title: true });
    await waitFor('two items', async () => (await itemsOf(id)).length === 2);
    const marked = await owner.client.put(`/db/${db}/_design/status/_update/read/${readerItemId(id, 'one')}`);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const starred = await owner.client.put(`/db/${db}/_design/status/_update/star/${readerItemId(id, 'two')}`);
    expect(starred.status).toBe(200);
    entries.unshift({ guid: 'three', title: 'Three' });
    version = 2;
    await waitFor('the new item', async () => (await itemsOf(id)).length === 3);
    const before = feeds.seen(at).length;
    // A few more fetches of the same feed change nothing.
    await waitFor('more fetches', async () => feeds.seen(at).length >= before + 3);
    const items = await itemsOf(id);
    expect(items).toHaveLength(3);
    const byGuid = (guid: string) => items.find((i) => i._id === readerItemId(id, guid))!;
    expect(byGuid('one')).toMatchObject({ read: true, starred: false });
    expect(byGuid('two')).toMatchObject({ read: false, starred: true });
    expect(byGuid('three')).toMatchObject({ read: false, starred: false, title: 'Three' });
    expect((await statusOf(id))!.items).toBe(3);
    const subscription = await owner.client.get<{ title: string }>(`/db/${db}/${id}`);
    expect(subscription.body.title).toBe('My own name');
  });

  it('backs off after a server error and says why in words', async () => {
    const at = path();
    const url = feeds.route(at, (_req, res) => void res.writeHead(500).end('oops'));
    const id = await subscribe(url);
    const status = await waitFor('an error', async () => {
      const s = await statusOf(id);
      return s?.last_error ? s : null;
    });
    expect(status.last_error).toMatch(/answered 500/);
    const feed = (await feedDoc(id))!;
    expect(feed.errors).toBe(1);
    expect(feed.last_error_code).toBe('http_error');
    // The first back-off is about an hour, not the half second healthy feeds get here.
    expect(Date.parse(feed.next_at!) - Date.parse(feed.last_fetch_at!)).toBeGreaterThan(30 * 60_000);
    expect(feeds.seen(at)).toHaveLength(1);
    expect(status.items).toBe(0);
  });

  it('honours Retry-After on a 503', async () => {
    const at = path();
    const url = feeds.route(at, (_req, res) => void res.writeHead(503, { 'retry-after': '86400' }).end());
    const id = await subscribe(url);
    const feed = await waitFor('an error', async () => {
      const f = await feedDoc(id);
      return f?.errors ? f : null;
    });
    expect(Date.parse(feed.next_at!) - Date.parse(feed.last_fetch_at!)).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(feed.retry_after_at).not.toBeNull();
  });

  it('follows redirects', async () => {
    const target = path();
    feeds.route(
      target,
      conditionalFeed(() => ({ etag: '"r"', body: rss('Moved', [{ guid: 'x', title: 'Moved item' }]) })),
    );
    const first = path();
    feeds.route(first, (_req, res) => void res.writeHead(301, { location: target }).end());
    const id = await subscribe(feeds.url + first);
    await waitFor('the item', async () => (await itemsOf(id)).length === 1);
    expect(feeds.seen(first).length).toBeGreaterThanOrEqual(1);
    expect((await statusOf(id))!.last_error).toBeNull();
  });

  it('gives up on a feed that does not answer in time', async () => {
    const at = path();
    const url = feeds.route(at, async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('Slow', []));
    });
    const id = await subscribe(url);
    const status = await waitFor('a timeout', async () => {
      const s = await statusOf(id);
      return s?.last_error ? s : null;
    });
    expect(status.last_error).toMatch(/did not answer within 1 s/);
  });

  it('refuses a feed larger than the limit', async () => {
    const at = path();
    const many = Array.from({ length: 400 }, (_, i) => ({
      guid: `g${i}`,
      title: `Item ${i}`,
      description: 'x'.repeat(300),
    }));
    const url = feeds.route(
      at,
      (_req, res) => void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('Huge', many)),
    );
    const id = await subscribe(url);
    const status = await waitFor('a refusal', async () => {
      const s = await statusOf(id);
      return s?.last_error ? s : null;
    });
    expect(status.last_error).toMatch(/larger than/);
    expect(await itemsOf(id)).toHaveLength(0);
  });

  it('finds the feed of a website’s address and subscribes to it', async () => {
    const page = path();
    const feedPath = `${page}/feed.xml`;
    feeds.route(
      feedPath,
      conditionalFeed(() => ({ etag: '"f"', body: rss('The site', [{ guid: 's1', title: 'Site news' }]) })),
    );
    feeds.route(
      page,
      (_req, res) =>
        void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html><head><title>Site</title><link rel="alternate" type="application/rss+xml" href="${page}/feed.xml"></head><body>Hello</body></html>`,
          ),
    );
    const id = await subscribe(feeds.url + page);
    await waitFor('the site’s item', async () => (await itemsOf(id)).length === 1);
    // The fetcher writes the items, then what it learnt into the subscription.
    const read = () => owner.client.get<{ url: string; website_url: string; title: string }>(`/db/${db}/${id}`);
    await waitFor('the subscription moved to the feed', async () => (await read()).body.url === feeds.url + feedPath);
    const subscription = await read();
    expect(subscription.body).toMatchObject({
      url: feeds.url + feedPath,
      website_url: feeds.url + page,
      title: 'The site',
    });
    await waitFor('the feed copy follows', async () => (await feedDoc(id))?.url === feeds.url + feedPath);
  });

  it('reads one feed reached directly, through a redirect and through its page once, and says so (issue 28)', async () => {
    const site = path();
    const feedPath = `${site}/feed.xml`;
    feeds.route(
      feedPath,
      conditionalFeed(() => ({
        etag: '"d"',
        body: rss('Supplier news', [
          { guid: 'd1', title: 'Training one' },
          { guid: 'd2', title: 'Training two' },
        ]),
      })),
    );
    feeds.route(
      site,
      (_req, res) =>
        void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html><head><link rel="alternate" type="application/rss+xml" href="${feedPath}"></head></html>`,
          ),
    );
    const short = path();
    feeds.route(short, (_req, res) => void res.writeHead(301, { location: feedPath }).end());
    // Written together, so they are fetched in one sweep: the claim, not the order, decides.
    const ids = await Promise.all([
      subscribe(feeds.url + feedPath),
      subscribe(feeds.url + short),
      subscribe(feeds.url + site),
    ]);
    const statuses = await waitFor('one subscription reading the feed, two told it is already read', async () => {
      const all = await Promise.all(ids.map(statusOf));
      const duplicates = all.filter((s) => s?.last_error_code === 'duplicate_feed');
      return duplicates.length === 2 && all.some((s) => s?.items === 2) ? all : null;
    });
    const reader = statuses.find((s) => s?.items === 2)!;
    for (const status of statuses.filter((s) => s !== reader)) {
      expect(status).toMatchObject({ duplicate_of: reader.id, items: 0 });
      expect(status!.last_error).toMatch(/already reads this feed as “Supplier news”/);
    }
    const counts = await Promise.all(ids.map(async (id) => (await itemsOf(id)).length));
    expect(counts.sort()).toEqual([0, 0, 2]);
    // The one reading it removed, another of the two takes the feed over, and the last is its duplicate.
    const stored = await owner.client.get<{ _rev: string }>(`/db/${db}/${reader.id}`);
    expect((await owner.client.delete(`/db/${db}/${String(reader.id)}?rev=${stored.body._rev}`)).status).toBe(200);
    const rest = ids.filter((id) => id !== reader.id);
    const after = await waitFor('another subscription reading the feed', async () => {
      const all = await Promise.all(rest.map(statusOf));
      const next = all.find((s) => s?.items === 2);
      return next && all.some((s) => s?.duplicate_of === next.id) ? all : null;
    });
    expect(after.map((s) => s?.last_error_code ?? null).sort()).toEqual(['duplicate_feed', null].sort());
  });

  it('forgets a deleted subscription with its items, and pauses an inactive one', async () => {
    const at = path();
    const url = feeds.route(
      at,
      conditionalFeed(() => ({ etag: '"d"', body: rss('Gone', [{ guid: 'g', title: 'G' }]) })),
    );
    const id = await subscribe(url);
    await waitFor('the item', async () => (await itemsOf(id)).length === 1);
    const stored = await owner.client.get<Record<string, unknown>>(`/db/${db}/${id}`);
    const paused = await owner.client.put(`/db/${db}/${id}`, { ...stored.body, active: false });
    expect(paused.status).toBe(201);
    await waitFor('paused', async () => {
      const f = await feedDoc(id);
      return f && f.active === false && f.next_at === undefined;
    });
    const again = await owner.client.get<{ _rev: string }>(`/db/${db}/${id}`);
    const removed = await owner.client.delete(`/db/${db}/${id}?rev=${again.body._rev}`);
    expect(removed.status).toBe(200);
    await waitFor('forgotten', async () => (await feedDoc(id)) === null && (await statusOf(id)) === null);
    // Its items go with it (retention's next run), unread as they were.
    await waitFor('its items removed', async () => (await itemsOf(id)).length === 0);
  });

  it('removes old read items and does not bring them back', async () => {
    const at = path();
    const old = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const url = feeds.route(
      at,
      (_req, res) =>
        void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(
          rss('Old news', [
            { guid: 'old-read', title: 'Old and read', date: old },
            { guid: 'old-unread', title: 'Old, unread', date: old },
            { guid: 'old-starred', title: 'Old, read, starred', date: old },
            { guid: 'new-read', title: 'New and read' },
          ]),
        ),
    );
    const id = await subscribe(url);
    await waitFor('four items', async () => (await itemsOf(id)).length === 4);
    // Starred before it is read: retention (every 300 ms here) would otherwise remove it in between.
    expect(
      (await owner.client.put(`/db/${db}/_design/status/_update/star/${readerItemId(id, 'old-starred')}`)).status,
    ).toBe(200);
    for (const guid of ['old-read', 'old-starred', 'new-read'])
      expect((await owner.client.put(`/db/${db}/_design/status/_update/read/${readerItemId(id, guid)}`)).status).toBe(
        200,
      );
    await waitFor('the old read item removed', async () => (await itemsOf(id)).length === 3);
    const fetchesThen = feeds.seen(at).length;
    await waitFor('two more fetches', async () => feeds.seen(at).length >= fetchesThen + 2);
    const left = (await itemsOf(id)).map((i) => i._id).sort();
    expect(left).toEqual(
      [readerItemId(id, 'new-read'), readerItemId(id, 'old-starred'), readerItemId(id, 'old-unread')].sort(),
    );
    const gone = await owner.client.get(`/db/${db}/${readerItemId(id, 'old-read')}`);
    expect(gone.status).toBe(404);
    // Off the devices, still readable online: the archive has it, and only it.
    const archive = await owner.client.get<{ items: Array<{ _id: string; title: string; content?: string }> }>(
      `/api/groups/${db}/reader/archive?subscription=${id}`,
    );
    expect(archive.status).toBe(200);
    expect(archive.body.items.map((i) => [i._id, i.title])).toEqual([[readerItemId(id, 'old-read'), 'Old and read']]);
    const before = await owner.client.get<{ items: unknown[] }>(
      `/api/groups/${db}/reader/archive?before=${encodeURIComponent(new Date(Date.parse(old) - 86_400_000).toISOString())}`,
    );
    expect(before.body.items).toEqual([]);
    expect((await owner.client.get(`/api/groups/${db}/reader/archive?before=yesterday`)).status).toBe(422);
  });

  it('met no failure of its own on the way (store errors, bugs)', () => {
    expect(server.logs.filter((line) => line.startsWith('reader:'))).toEqual([]);
  });
});

describe('a server that may not read private addresses', () => {
  let closed: TestServer;
  let user: TestUser;
  let group: string;
  beforeAll(async () => {
    closed = await startTestServer({ env: { ...READER_ENV, READER_ALLOW_PRIVATE: '0' } });
    user = await registerUser(closed.url);
    await confirmUser(closed, user);
    group = await createGroup(user, 'Fechado', 'exoreader');
  });
  afterAll(() => closed?.stop());

  it('refuses loopback addresses, says so, and never connects', async () => {
    const at = path();
    feeds.route(
      at,
      conditionalFeed(() => ({ etag: '"p"', body: rss('Private', [{ guid: 'p', title: 'P' }]) })),
    );
    const id = newId('ReaderSubscription');
    const put = await user.client.put(`/db/${group}/${id}`, {
      klass: 'ReaderSubscription',
      url: feeds.url + at,
      active: true,
    });
    expect(put.status).toBe(201);
    const status = await waitFor('a refusal', async () => {
      const res = await user.client.get<{
        subscriptions: Array<{ id: string; last_error: string | null; last_error_code: string }>;
      }>(`/api/groups/${group}/reader/subscriptions/status`);
      return res.body.subscriptions.find((s) => s.id === id && s.last_error);
    });
    expect(status.last_error).toMatch(/private network/);
    expect(status).toMatchObject({ last_error_code: 'private_address' });
    expect(feeds.seen(at)).toHaveLength(0);
  });
});
