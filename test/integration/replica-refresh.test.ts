// Screen reads and the network: a replica kept current by live sync is read without a round
// trip to the server; without one (or when the server refuses), the one-off sync runs as before.
// A copy filled for the first time says so while it fills, for screens to wait for it.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDb } from '../../src/data/databases.ts';
import { refreshReplica, startRefresh } from '../../src/data/replicas.ts';
import { syncStatus } from '../../src/data/sync-store.ts';
import { noteServerWrite } from '../../src/data/server-writes.ts';
import { isLiveAndCurrent, LIVE_CURRENT_MS, startLiveSync, type SyncHandle } from '../../src/data/sync.ts';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;
let live: SyncHandle | null = null;

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server.url);
  await confirmUser(server, owner);
  db = await createGroup(owner, 'Refresh');
});
afterAll(async () => {
  live?.cancel();
  await server.stop();
});

const remote = (user = owner) => ({ origin: server.url, headers: { cookie: user.client.cookieHeader } });

/** Requests this replica's sync made to the server, leaving out live sync's own changes feed. */
const syncRequests = () =>
  server.logs.filter((line) => line.includes(`/db/${db}`) && line.endsWith('[sync]') && !line.includes('/_changes'));

describe('refreshing a replica before a screen reads it', () => {
  it('syncs once when no live sync runs', async () => {
    const before = syncRequests().length;
    await refreshReplica(db, remote());
    expect(syncRequests().length).toBeGreaterThan(before);
    expect(isLiveAndCurrent(db)).toBe(false);
  });

  it('skips the round trip while live sync is current, which still brings the changes', async () => {
    live = startLiveSync(db, remote());
    await expect.poll(() => isLiveAndCurrent(db), { timeout: 10_000 }).toBe(true);
    const before = syncRequests().length;
    for (let i = 0; i < 5; i++) await refreshReplica(db, remote());
    expect(syncRequests().slice(before)).toEqual([]);

    // Another device changes a setting: it reaches this replica with no refresh at all.
    const found = await owner.client.post<{ docs: Array<{ _id: string; value: string }> }>(`/db/${db}/_find`, {
      selector: { klass: 'Adjustment', key: 'checklist' },
    });
    const setting = found.body.docs[0]!;
    expect((await owner.client.put(`/db/${db}/${setting._id}`, { ...setting, value: 'enabled' })).status).toBe(201);
    await expect
      .poll(
        () =>
          localDb(db)
            .get(setting._id)
            .then((doc) => doc.value),
        { timeout: 10_000 },
      )
      .toBe('enabled');
    // Caught up for a while only: an idle feed says nothing, so later reads check again.
    await expect.poll(() => isLiveAndCurrent(db), { timeout: 10_000 }).toBe(true);
    expect(isLiveAndCurrent(db, Date.now() + LIVE_CURRENT_MS)).toBe(false);
  });

  it('syncs once after this page wrote on the server, as its change may still be on the way', async () => {
    await expect.poll(() => isLiveAndCurrent(db), { timeout: 10_000 }).toBe(true);
    noteServerWrite();
    const before = syncRequests().length;
    await refreshReplica(db, remote());
    expect(syncRequests().length).toBeGreaterThan(before);
    // Pulled since: the next read trusts live sync again.
    const after = syncRequests().length;
    await refreshReplica(db, remote());
    expect(syncRequests().length).toBe(after);
  });

  it('syncs once again after live sync stops', async () => {
    live?.cancel();
    live = null;
    expect(isLiveAndCurrent(db)).toBe(false);
    const before = syncRequests().length;
    await refreshReplica(db, remote());
    expect(syncRequests().length).toBeGreaterThan(before);
  });

  it('still removes the replica the server refuses', async () => {
    const outsider = await registerUser(server.url);
    await localDb(db).info();
    await expect(refreshReplica(db, remote(outsider))).rejects.toMatchObject({ status: 403 });
    // Destroyed: opened again, the replica is empty.
    expect((await localDb(db).info()).doc_count).toBe(0);
  });
});

describe('filling a copy this device never synced', () => {
  it('marks it as filling until its first pull ends, and asks for the server root once a page', async () => {
    const fresh = await createGroup(owner, 'First fill');
    const roots = () => server.logs.filter((line) => line.startsWith('GET /db/ ')).length;
    const { done } = await startRefresh(fresh, remote());
    expect(syncStatus(fresh).filling).toBe(true);
    await done;
    expect(syncStatus(fresh).filling).toBe(false);
    expect((await localDb(fresh).info()).doc_count).toBeGreaterThan(0);
    const askedRoot = roots();
    expect(askedRoot).toBeGreaterThan(0);

    // Synced once: a later refresh is no first fill, and the server root is not asked again.
    noteServerWrite();
    const again = await startRefresh(fresh, remote());
    expect(syncStatus(fresh).filling).toBe(false);
    await again.done;
    expect(roots()).toBe(askedRoot);
  });

  it('knows a copy never opened on this device is filling without opening it', async () => {
    const fresh = await createGroup(owner, 'Never opened');
    const started = startRefresh(fresh, remote());
    // Marked before the call returns: no read of the copy (IndexedDB, PouchDB) came first.
    expect(syncStatus(fresh).filling).toBe(true);
    await (
      await started
    ).done;
    expect(syncStatus(fresh).filling).toBe(false);
  });

  it('ends the filling when the server refuses the copy', async () => {
    const other = await createGroup(owner, 'Refused fill');
    const outsider = await registerUser(server.url);
    const { done } = await startRefresh(other, remote(outsider));
    expect(syncStatus(other).filling).toBe(true);
    await expect(done).rejects.toMatchObject({ status: 403 });
    expect(syncStatus(other).filling).toBe(false);
  });
});
