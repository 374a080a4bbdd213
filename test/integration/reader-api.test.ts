// The reader's calls besides the fetch cycle: the item update handlers of spec 001 §7, each
// subscription's fetch status, and OPML import and export, with who may call each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { readerItemId } from '../../src/server/modules/exoreader/feeds/item-id.ts';
import { addMember, confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { conditionalFeed, FeedServer, rss, waitFor } from '../support/feed-server.ts';
import { HttpClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let feeds: FeedServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let reader: HttpClient;
let db: string;
let subscription: string;

beforeAll(async () => {
  [server, feeds] = await Promise.all([
    startTestServer({ env: { READER_ALLOW_PRIVATE: '1', READER_SWEEP_MS: '100' } }),
    FeedServer.start(),
  ]);
  owner = await registerUser(server.url);
  await confirmUser(server, owner);
  db = await createGroup(owner, 'Leitura', 'exoreader');
  member = await addMember(server, owner, db);
  stranger = await registerUser(server.url);
  await confirmUser(server, stranger);
  const token = await member.client.post<{ token: string }>('/api/tokens', { description: 'ro', permissions: 'read' });
  expect(token.status).toBe(201);
  reader = new HttpClient(server.url);
  reader.bearer = token.body.token;
  const url = feeds.route(
    '/feed',
    conditionalFeed(() => ({
      etag: '"1"',
      body: rss('Recalls', [
        { guid: 'r1', title: 'Recall one' },
        { guid: 'r2', title: 'Recall two' },
      ]),
    })),
  );
  subscription = newId('ReaderSubscription');
  const put = await owner.client.put(`/db/${db}/${subscription}`, { klass: 'ReaderSubscription', url, active: true });
  expect(put.status).toBe(201);
  await waitFor('the items', async () => {
    const res = await owner.client.get(`/db/${db}/${readerItemId(subscription, 'r2')}`);
    return res.status === 200;
  });
});
afterAll(async () => {
  await server?.stop();
  await feeds?.close();
});

const mark = (client: HttpClient, handler: string, id: string) =>
  client.put<Record<string, unknown>>(`/db/${db}/_design/status/_update/${handler}/${id}`);

describe('PUT /db/{acc-id}/_design/status/_update/{read|unread|star|unstar}/{rit-id}', () => {
  it('marks an item read, unread, starred and unstarred, with the stored revision', async () => {
    const id = readerItemId(subscription, 'r1');
    const steps: Array<[string, Record<string, boolean>]> = [
      ['read', { read: true, starred: false }],
      ['star', { read: true, starred: true }],
      ['unread', { read: false, starred: true }],
      ['unstar', { read: false, starred: false }],
    ];
    for (const [handler, state] of steps) {
      const res = await mark(member.client, handler, id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ ok: true, id });
      const stored = await member.client.get<Record<string, unknown>>(`/db/${db}/${id}`);
      expect(stored.body).toMatchObject({ ...state, title: 'Recall one', updated_by: member.id, created_by: 'server' });
      expect(stored.body._rev).toBe(res.body.rev);
    }
  });

  it('answers 404 for what is not an item, 403 for read-only tokens and strangers', async () => {
    expect((await mark(member.client, 'read', subscription)).status).toBe(404);
    expect((await mark(member.client, 'read', newId('ReaderItem'))).status).toBe(404);
    const id = readerItemId(subscription, 'r2');
    expect((await mark(reader, 'read', id)).status).toBe(403);
    expect((await mark(stranger.client, 'read', id)).status).toBe(403);
    expect((await mark(new HttpClient(server.url), 'read', id)).status).toBe(401);
    const stored = await member.client.get<{ read: boolean }>(`/db/${db}/${id}`);
    expect(stored.body.read).toBe(false);
  });

  it('leaves people unable to change an item’s words, create or delete items through the door', async () => {
    const id = readerItemId(subscription, 'r2');
    const stored = await member.client.get<Record<string, unknown>>(`/db/${db}/${id}`);
    const edited = await member.client.put(`/db/${db}/${id}`, { ...stored.body, title: 'Mine now' });
    expect(edited.status).toBe(422);
    const { _id: _ignored, _rev: _rev, ...words } = stored.body;
    const created = await member.client.put(`/db/${db}/${newId('ReaderItem')}`, words);
    expect(created.status).toBe(403);
    const deleted = await member.client.delete(`/db/${db}/${id}?rev=${String(stored.body._rev)}`);
    expect(deleted.status).toBe(403);
  });
});

describe('GET /api/groups/{acc-id}/reader/subscriptions/status', () => {
  it('lists each subscription’s last fetch, error, next fetch and items, for members only', async () => {
    const res = await member.client.get<{ subscriptions: Array<Record<string, unknown>> }>(
      `/api/groups/${db}/reader/subscriptions/status`,
    );
    expect(res.status).toBe(200);
    const status = res.body.subscriptions.find((s) => s.id === subscription)!;
    expect(status).toMatchObject({ id: subscription, last_error: null, items: 2 });
    expect(Date.parse(String(status.next_at))).toBeGreaterThan(Date.parse(String(status.last_fetch_at)));
    expect((await reader.get(`/api/groups/${db}/reader/subscriptions/status`)).status).toBe(200);
    expect((await stranger.client.get(`/api/groups/${db}/reader/subscriptions/status`)).status).toBe(403);
    expect((await new HttpClient(server.url).get(`/api/groups/${db}/reader/subscriptions/status`)).status).toBe(401);
  });
});

describe('GET /api/groups/{acc-id}/reader/archive', () => {
  it('is for members only and says which parameter is wrong', async () => {
    expect((await member.client.get<{ items: unknown[] }>(`/api/groups/${db}/reader/archive`)).body.items).toEqual([]);
    expect((await stranger.client.get(`/api/groups/${db}/reader/archive`)).status).toBe(403);
    const bad = await member.client.get<{ reason: unknown }>(`/api/groups/${db}/reader/archive?subscription=tik-1`);
    expect(bad.status).toBe(422);
    expect(bad.body.reason).toEqual({ subscription: ['is invalid'] });
  });
});

const OPML = (feedsUrl: string) => `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>From another reader</title></head><body>
  <outline text="Makers" title="Makers">
    <outline type="rss" text="Acme bulletins" xmlUrl="${feedsUrl}/acme.xml" htmlUrl="https://acme.example/" />
    <outline type="rss" text="Already here" xmlUrl="${feedsUrl}/feed" />
  </outline>
  <outline text="News">
    <outline type="rss" text="Acme bulletins" xmlUrl="${feedsUrl}/acme.xml" />
    <outline type="rss" text="Trade news" xmlUrl="${feedsUrl}/trade.xml" />
  </outline>
  <outline type="rss" text="Loose feed" xmlUrl="${feedsUrl}/loose.xml" />
</body></opml>`;

const postOpml = (client: HttpClient, body: string, type = 'text/x-opml') =>
  client.raw('POST', `/api/groups/${db}/reader/opml`, { body, headers: { 'content-type': type } });

describe('OPML', () => {
  it('imports folders as labels and feeds as subscriptions, skipping feeds already there', async () => {
    const res = await postOpml(member.client, OPML(feeds.url));
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ ok: true, subscriptions_created: 3, labels_created: 2, skipped: 1, invalid: 0 });
    const found = await member.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${db}/_find`, {
      selector: { klass: { $in: ['ReaderSubscription', 'ReaderLabel'] } },
    });
    const labels = new Map(
      found.body.docs.filter((d) => d.klass === 'ReaderLabel').map((d) => [String(d.name), String(d._id)]),
    );
    expect([...labels.keys()].sort()).toEqual(['Makers', 'News']);
    const acme = found.body.docs.find((d) => d.url === `${feeds.url}/acme.xml`)!;
    expect(acme).toMatchObject({ title: 'Acme bulletins', website_url: 'https://acme.example/', active: true });
    expect((acme.labels as string[]).sort()).toEqual([labels.get('Makers'), labels.get('News')].sort());
    expect(acme.created_by).toBe(member.id);
    // Imported feeds are fetched like any subscription (these paths answer 404 here).
    await waitFor('the import fetched', async () => {
      const status = await member.client.get<{ subscriptions: Array<{ id: string; last_error: string | null }> }>(
        `/api/groups/${db}/reader/subscriptions/status`,
      );
      return status.body.subscriptions.find((s) => s.id === acme._id && s.last_error);
    });
    // Importing the same file again adds nothing.
    const again = await postOpml(member.client, OPML(feeds.url));
    expect(await again.json()).toMatchObject({ subscriptions_created: 0, labels_created: 0, skipped: 4 });
  });

  it('subscribes an entry without a feed address by its website, finds its feed, and names what it leaves out (issue 28)', async () => {
    feeds.route(
      '/training/feed.xml',
      conditionalFeed(() => ({ etag: '"t"', body: rss('Training', [{ guid: 't1', title: 'Lesson one' }]) })),
    );
    feeds.route(
      '/training',
      (_req, res) =>
        void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            '<!doctype html><html><head><title>Training</title>' +
              '<link rel="alternate" type="application/rss+xml" href="/training/feed.xml"></head><body>Hi</body></html>',
          ),
    );
    const file = `<?xml version="1.0"?><opml version="2.0"><head><title>T</title></head><body>
  <outline type="rss" text="Supplier training" htmlUrl="${feeds.url}/training" />
  <outline type="link" text="Just a page" url="https://example.com/" />
</body></opml>`;
    const res = await postOpml(member.client, file);
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      subscriptions_created: 1,
      by_website: 1,
      skipped: 1,
      skipped_entries: ['Just a page'],
    });
    const found = await member.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${db}/_find`, {
      selector: { klass: 'ReaderSubscription', title: 'Supplier training' },
    });
    const id = String(found.body.docs[0]?._id);
    await waitFor('the site’s feed found and read', async () => {
      const item = await member.client.get(`/db/${db}/${readerItemId(id, 't1')}`);
      return item.status === 200;
    });
    const subscribed = await member.client.get<Record<string, unknown>>(`/db/${db}/${id}`);
    expect(subscribed.body).toMatchObject({
      url: `${feeds.url}/training/feed.xml`,
      website_url: `${feeds.url}/training`,
    });
    // The same file again: the website's subscription is known by its website now.
    expect(await (await postOpml(member.client, file)).json()).toMatchObject({ subscriptions_created: 0, skipped: 2 });
  });

  it('exports the group’s subscriptions with their labels as folders', async () => {
    const res = await member.client.raw('GET', `/api/groups/${db}/reader/opml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/x-opml/);
    const text = await res.text();
    expect(text).toContain(`xmlUrl="${feeds.url}/feed"`);
    expect(text).toMatch(/<outline[^>]*text="Makers"[^>]*>[\s\S]*acme\.xml[\s\S]*<\/outline>/);
    expect(text).toContain('Recalls');
  });

  it('refuses what is not OPML, bodies over 1 MB, read-only tokens and strangers', async () => {
    const bad = await postOpml(member.client, '<html><body>no</body></html>');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { reason: Record<string, string[]> }).reason.opml![0]).toMatch(/not OPML/);
    const huge = await postOpml(member.client, 'x'.repeat(1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect((await postOpml(reader, OPML(feeds.url))).status).toBe(403);
    expect((await postOpml(stranger.client, OPML(feeds.url))).status).toBe(403);
    expect((await stranger.client.raw('GET', `/api/groups/${db}/reader/opml`)).status).toBe(403);
  });
});
