// Two server instances against one store: each sweeps for due feeds on its own timer, and the
// feeds' leases make sure each feed is fetched once per cycle, whichever instance wins it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { conditionalFeed, FeedServer, rss, waitFor } from '../support/feed-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let first: TestServer;
let second: TestServer;
let feeds: FeedServer;
let owner: TestUser;
let db: string;

// Hourly refreshes (the default): within the test every feed is due once.
const ENV = { READER_ALLOW_PRIVATE: '1', READER_SWEEP_MS: '50', READER_CONCURRENCY: '4' };

beforeAll(async () => {
  [first, feeds] = await Promise.all([startTestServer({ env: ENV }), FeedServer.start()]);
  second = await startTestServer({ env: { ...ENV, COUCHDB_URL: first.storeUrl } });
  owner = await registerUser(first.url);
  await confirmUser(first, owner);
  db = await createGroup(owner, 'Dois servidores', 'exoreader');
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await feeds?.close();
});

it('fetches each feed once per cycle with two instances sweeping', async () => {
  const paths = Array.from({ length: 24 }, () => `/${randomUUID()}`);
  for (const [i, path] of paths.entries())
    feeds.route(
      path,
      conditionalFeed(() => ({ etag: `"${i}"`, body: rss(`Feed ${i}`, [{ guid: 'only', title: `Item ${i}` }]) })),
    );
  const docs = paths.map((path) => ({
    _id: newId('ReaderSubscription'),
    klass: 'ReaderSubscription',
    url: feeds.url + path,
    active: true,
  }));
  // Half through each instance's door, so both wake at once.
  const halves = [docs.slice(0, 12), docs.slice(12)];
  const written = await Promise.all(
    [first, second].map((server, i) =>
      fetch(`${server.url}/db/${db}/_bulk_docs`, {
        method: 'POST',
        headers: { cookie: owner.client.cookieHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ docs: halves[i] }),
      }),
    ),
  );
  for (const res of written) expect(res.status).toBe(201);
  const items = async () => {
    const res = await owner.client.post<{ docs: unknown[] }>(`/db/${db}/_find`, {
      selector: { klass: 'ReaderItem' },
      limit: 1000,
    });
    return res.body.docs.length;
  };
  await waitFor('an item from every feed', async () => (await items()) === paths.length);
  // Both instances sweep a few more times: no feed is fetched again.
  const sweeps = [first.reader.sweeps, second.reader.sweeps];
  await waitFor(
    'more sweeps on both',
    async () => first.reader.sweeps >= sweeps[0]! + 3 && second.reader.sweeps >= sweeps[1]! + 3,
  );
  for (const path of paths) expect(feeds.seen(path), path).toHaveLength(1);
  expect(first.reader.fetched + second.reader.fetched).toBe(paths.length);
  expect(await items()).toBe(paths.length);
});
