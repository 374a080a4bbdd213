// The app's own data layer (src/data) in Node with fake IndexedDB, syncing with the real server.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDb } from '../../src/data/databases.ts';
import { MESSAGES } from '../../src/domain/errors.ts';
import { pendingCount } from '../../src/data/pending-writes.ts';
import { findRecords, getRecord, saveRecord } from '../../src/data/records.ts';
import { syncOnce } from '../../src/data/sync.ts';
import { syncStatus } from '../../src/data/sync-store.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Local'));
});
afterAll(() => server.stop());

const remote = () => ({ origin: server.url, headers: { cookie: owner.client.cookieHeader } });

describe('local replica and sync', () => {
  it('pulls the group, counts local writes as pending until pushed, and finds by index', async () => {
    await syncOnce(db, remote());
    expect(syncStatus(db)).toMatchObject({ state: 'idle', pending: 0, error: null });
    const settings = await findRecords<{ _id: string; key: string; value: string }>(db, {
      selector: { klass: 'Adjustment', key: 'budget' },
      limit: 10,
    });
    expect(settings.map((s) => s.value)).toEqual(['enabled']);

    const id = `tik-${crypto.randomUUID()}`;
    const saved = await saveRecord(db, {
      _id: id,
      klass: 'Ticket',
      status: 'open',
      priority: 'low',
      ticket_kind: 'chore',
      title: 'Written offline',
    });
    await saveRecord(db, { ...saved, title: 'Written offline, edited' });
    expect(await pendingCount(localDb(db))).toBe(1);
    expect((await owner.client.get(`/db/${db}/${id}`)).status).toBe(404);

    await syncOnce(db, remote());
    expect(await pendingCount(localDb(db))).toBe(0);
    expect(syncStatus(db).pending).toBe(0);
    expect((await owner.client.get(`/db/${db}/${id}`)).body).toMatchObject({ title: 'Written offline, edited' });
    expect(await getRecord(db, 'tik-00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('refuses a save based on an old revision with the conflict message, keeping the newer one', async () => {
    const id = `cus-${crypto.randomUUID()}`;
    const first = await saveRecord(db, { _id: id, klass: 'Customer', name: 'First' });
    await saveRecord(db, { ...first, name: 'Second tab' });
    await expect(saveRecord(db, { ...first, name: 'Stale form' })).rejects.toMatchObject({
      status: 409,
      error: 'conflict',
      reason: MESSAGES.conflict,
    });
    expect(await getRecord(db, id)).toMatchObject({ name: 'Second tab' });
  });
});
