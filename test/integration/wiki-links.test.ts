// The wiki's "linked by" (issue 33): the `wiki/links` view over HTTP sees a note written straight
// to /db, and the device's own index (src/features/textnotes/api/wiki-index.ts, the app's data
// layer on fake IndexedDB) answers what the server's view answers.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOnce } from '../../src/data/sync.ts';
import { newId } from '../../src/domain/ids.ts';
import { readBacklinks, readEntries } from '../../src/features/textnotes/api/wiki-index.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Wiki'));
});
afterAll(() => server?.stop());

type Row = { id: string; key: [string, string] };

async function linksView(query = ''): Promise<Row[]> {
  const res = await owner.client.get<{ rows: Row[] }>(`/db/${db}/_design/wiki/_view/links${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.rows;
}

const note = (title: string, content: string) => ({
  _id: newId('Handbook'),
  klass: 'Handbook',
  title,
  content,
  content_type: 'markdown',
});

describe('the wiki’s links view', () => {
  it('shows a note written straight to /db as linking to what it names', async () => {
    const written = note('Compressor care', 'See [[Split unit]], [[#3-17]] and [[ana  SOUZA|Ana]].');
    const res = await owner.client.put(`/db/${db}/${written._id}`, written);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const key = encodeURIComponent(JSON.stringify(['title', 'split unit']));
    expect(await linksView(`?key=${key}`)).toEqual([{ id: written._id, key: ['title', 'split unit'], value: null }]);
    expect((await linksView()).filter((r) => r.id === written._id).map((r) => r.key)).toEqual([
      ['ticket', '3-17'],
      ['title', 'ana souza'],
      ['title', 'split unit'],
    ]);
  });

  it('answers on the device what the server answers, for every key', async () => {
    const more = [
      note('Split unit', 'Back to [[Compressor care]]; `[[not a link]]`'),
      note('Ana Souza', 'Her units: [[Split unit]], [[Split Unit|again]].\n```\n[[Code]]\n```'),
    ];
    const res = await owner.client.post(`/db/${db}/_bulk_docs`, { docs: more });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await syncOnce(db, { origin: server.url, headers: { cookie: owner.client.cookieHeader } });

    const rows = await linksView();
    const server_ = new Map<string, string[]>();
    for (const row of rows)
      server_.set(JSON.stringify(row.key), [...(server_.get(JSON.stringify(row.key)) ?? []), row.id]);
    const device = (await readBacklinks(db))!;
    expect(device).not.toBeNull();
    for (const [key, ids] of server_)
      expect(device.linking(JSON.parse(key) as [string, string]).sort(), key).toEqual(ids.sort());
    expect(device.linking(['title', 'code'])).toEqual([]);
    expect(server_.has(JSON.stringify(['title', 'code']))).toBe(false);
    // The entries the index and the links' resolution read: the three notes, by title key.
    const entries = (await readEntries(db))!;
    const notes = [...entries.byId.values()].filter((e) => e.klass === 'Handbook').map((e) => e.key);
    expect(notes.sort()).toEqual(['ana souza', 'compressor care', 'split unit']);
  });
});
