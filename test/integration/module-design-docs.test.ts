// A module's design documents reach only the groups that use it (src/server/modules/<kind>/couch):
// a group gets them when it is created with the module on, or when an administrator switches the
// module on; switching it off leaves them, like the module's data, as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Oficina sem leitor'));
});
afterAll(() => server?.stop());

const designDoc = (group: string, name: string) => server.ctx.store.get(group, `_design/${name}`);

/** Sets one of the group's settings through the door, as the admin dashboard does. */
async function setSetting(key: string, value: string): Promise<void> {
  const found = await owner.client.post<{ docs: Array<{ _id: string; _rev: string }> }>(`/db/${db}/_find`, {
    selector: { klass: 'Adjustment', key },
  });
  const { _id, _rev } = found.body.docs[0]!;
  const res = await owner.client.put(`/db/${db}/${_id}`, { _rev, klass: 'Adjustment', key, value });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

describe('design documents per module', () => {
  it('a ticket group without the reader has the ticket and finance ones, not the reader’s', async () => {
    expect(await designDoc(db, 'count-by-ticket-status')).not.toBeNull();
    expect(await designDoc(db, 'wallet-balances')).not.toBeNull();
    expect(await designDoc(db, 'search')).not.toBeNull();
    expect(await designDoc(db, 'reader-items')).toBeNull();
  });

  it('turning the reader on deploys its design document; turning it off leaves it', async () => {
    await setSetting('exoreader', 'enabled');
    expect(await designDoc(db, 'reader-items')).toMatchObject({ views: { feed: expect.anything() } });
    await setSetting('exoreader', 'disabled');
    expect(await designDoc(db, 'reader-items')).not.toBeNull();
  });

  it('turning it on in a replication (`_bulk_docs`, new_edits:false) deploys it too', async () => {
    const other = await ownerWithGroup(server, 'Oficina que replica');
    const found = await other.owner.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${other.db}/_find`, {
      selector: { klass: 'Adjustment', key: 'exoreader' },
    });
    const setting = found.body.docs[0]!;
    const [generation, hash] = String(setting._rev).split('-');
    const next = { ...setting, value: 'enabled', _rev: `${Number(generation) + 1}-${hash!.replace(/^./, 'f')}` };
    const res = await other.owner.client.post(`/db/${other.db}/_bulk_docs`, {
      docs: [{ ...next, _revisions: { start: Number(generation) + 1, ids: [next._rev.split('-')[1], hash] } }],
      new_edits: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await designDoc(other.db, 'reader-items')).not.toBeNull();
  });

  it('a reader group has the reader’s from its creation, and a restart deploys nothing a group does not use', async () => {
    const reader = await ownerWithGroup(server, 'Leituras', {}, 'exoreader');
    expect(await designDoc(reader.db, 'reader-items')).not.toBeNull();
    const other = await ownerWithGroup(server, 'Outra oficina');
    await server.stop({ keepData: true });
    server = await startTestServer({ dataDir: server.dataDir });
    expect(await designDoc(other.db, 'reader-items')).toBeNull();
    expect(await designDoc(other.db, 'count-by-ticket-status')).not.toBeNull();
  });
});
