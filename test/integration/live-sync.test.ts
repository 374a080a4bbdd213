// The live-sync state machine of src/data/sync.ts, in Node with fake IndexedDB against the real
// server: syncing → paused (caught up) → offline on the window's `offline` event, local writes
// counted while offline, then online → pushed and paused again; an ended session is an error
// that keeps the local work; cancel stops it all.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDb, remoteDb } from '../../src/data/databases.ts';
import { pendingCount } from '../../src/data/pending-writes.ts';
import { saveRecord } from '../../src/data/records.ts';
import { PouchDB } from '../../src/data/pouch.ts';
import { startLiveSync, syncOnce } from '../../src/data/sync.ts';
import { type DatabaseSync, syncStatus, useSyncStore } from '../../src/data/sync-store.ts';
import { newId } from '../../src/domain/ids.ts';
import { createGroup, ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Live'));
});
afterAll(() => server.stop());

function setOnline(online: boolean) {
  Object.defineProperty(globalThis.navigator, 'onLine', { value: online, configurable: true });
  globalThis.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Every state the database passes through, in order (repeats folded). */
function recordStates(name: string): { states: DatabaseSync['state'][]; stop: () => void } {
  const states: DatabaseSync['state'][] = [];
  const stop = useSyncStore.subscribe(() => {
    const state = syncStatus(name).state;
    if (states.at(-1) !== state) states.push(state);
  });
  return { states, stop };
}

describe('live sync', () => {
  it('goes syncing → paused → offline → syncing → paused, sending what was written offline', async () => {
    const remote = { origin: server.url, headers: { cookie: owner.client.cookieHeader } };
    const seen = recordStates(db);
    const handle = startLiveSync(db, remote);
    try {
      await expect.poll(() => syncStatus(db).state, { timeout: 15_000 }).toBe('paused');
      // Shown once noted on the replica, a moment after the pause (a busy device takes longer).
      await expect.poll(() => syncStatus(db).lastSyncAt, { timeout: 15_000 }).not.toBeNull();

      setOnline(false);
      expect(syncStatus(db).state).toBe('offline');
      const id = newId('Customer');
      await saveRecord(db, { _id: id, klass: 'Customer', name: 'Offline' });
      expect(syncStatus(db).pending).toBe(1);
      expect((await owner.client.get(`/db/${db}/${id}`)).status).toBe(404);

      setOnline(true);
      await expect.poll(async () => (await owner.client.get(`/db/${db}/${id}`)).status, { timeout: 15_000 }).toBe(200);
      await expect.poll(() => syncStatus(db).pending, { timeout: 15_000 }).toBe(0);
      await expect.poll(() => syncStatus(db).state, { timeout: 15_000 }).toBe('paused');
      expect(seen.states.slice(0, 5)).toEqual(['syncing', 'paused', 'offline', 'syncing', 'paused']);
    } finally {
      seen.stop();
      handle.cancel();
      setOnline(true);
    }
  });

  it('says after a reload offline the last sync the device really had', async () => {
    const remote = { origin: server.url, headers: { cookie: owner.client.cookieHeader } };
    const name = await createGroup(owner, 'Live, reloaded');
    const first = startLiveSync(name, remote);
    await expect.poll(() => syncStatus(name).state, { timeout: 15_000 }).toBe('paused');
    // Shown once noted on the replica (a busy device may take a moment to write it).
    await expect.poll(() => syncStatus(name).lastSyncAt, { timeout: 15_000 }).not.toBeNull();
    const synced = syncStatus(name).lastSyncAt;
    first.cancel();
    // A reload: the page's memory is gone, the replica stays; the device is offline.
    useSyncStore.getState().forget(name);
    setOnline(false);
    const again = startLiveSync(name, remote);
    try {
      await expect.poll(() => syncStatus(name).lastSyncAt, { timeout: 15_000 }).not.toBeNull();
      expect(Date.parse(syncStatus(name).lastSyncAt!)).toBeGreaterThanOrEqual(Date.parse(synced!) - 1000);
      expect(syncStatus(name).state).toBe('offline');
    } finally {
      again.cancel();
      setOnline(true);
    }
  });

  it('stops counting, after a reload, the changes a push left on the server before its answer came', async () => {
    // An owner of their own: the free plan's group limit is met by the other tests' owner.
    const { owner: technician, db: name } = await ownerWithGroup(server, 'Live, interrupted');
    const remote = { origin: server.url, headers: { cookie: technician.client.cookieHeader } };
    const ids = [newId('Customer'), newId('Customer'), newId('Customer')];
    for (const id of ids) await saveRecord(name, { _id: id, klass: 'Customer', name: id });
    expect(syncStatus(name).pending).toBe(3);
    // The push reached the server, but the page went before its answer did: nothing on the
    // device recorded it, and a push after the reload finds nothing missing, so it reports nothing.
    await localDb(name).replicate.to(remoteDb(name, remote), { filter: (doc) => !doc._id.startsWith('_design/') });
    for (const id of ids) expect((await technician.client.get(`/db/${name}/${id}`)).status).toBe(200);
    useSyncStore.getState().forget(name);
    const handle = startLiveSync(name, remote);
    try {
      await expect.poll(() => syncStatus(name).state, { timeout: 15_000 }).toBe('paused');
      await expect.poll(() => syncStatus(name).pending, { timeout: 5_000 }).toBe(0);
      expect(await pendingCount(localDb(name))).toBe(0);
    } finally {
      handle.cancel();
    }
  });

  it('counts a server it cannot reach as offline, whatever the browser says, until a sync reaches one', async () => {
    // The browser says online (a network that lets nothing through): no answer comes at all.
    const unreachable = startLiveSync(db, { origin: 'http://127.0.0.1:9' });
    try {
      await expect.poll(() => syncStatus(db).state, { timeout: 15_000 }).toBe('offline');
      expect(syncStatus(db).error).toBeNull();
      expect(useSyncStore.getState().online).toBe(false);
    } finally {
      unreachable.cancel();
    }
    // A sync that reaches the server says the device is online again.
    const reached = startLiveSync(db, { origin: server.url, headers: { cookie: owner.client.cookieHeader } });
    try {
      await expect.poll(() => useSyncStore.getState().online, { timeout: 15_000 }).toBe(true);
    } finally {
      reached.cancel();
    }
  });

  it('turns an ended session into an error that keeps the local work, and stops when cancelled', async () => {
    const name = await createGroup(owner, 'Live, ended');
    const id = newId('Customer');
    await saveRecord(name, { _id: id, klass: 'Customer', name: 'Kept' });
    const handle = startLiveSync(name, { origin: server.url, headers: { cookie: 'moneta_session=ended' } });
    try {
      await expect.poll(() => syncStatus(name).state, { timeout: 15_000 }).toBe('error');
      expect(syncStatus(name).error).toMatchObject({ status: 401 });
      expect(await pendingCount(localDb(name))).toBe(1);
    } finally {
      handle.cancel();
    }
    const after = syncStatus(name);
    setOnline(true);
    expect(syncStatus(name)).toEqual(after);
  });

  it('downloads each document once when a one-off sync and the live sync start together', async () => {
    const remote = { origin: server.url, headers: { cookie: owner.client.cookieHeader } };
    // The documents asked for by _bulk_get, as the server receives them.
    let asked = 0;
    const fetch = PouchDB.fetch;
    PouchDB.fetch = (url: string | Request, opts?: RequestInit) => {
      if (String(url).includes('/_bulk_get') && typeof opts?.body === 'string')
        asked += (JSON.parse(opts.body) as { docs: unknown[] }).docs.length;
      return fetch(url, opts);
    };
    // Either may start first: the group's first read (a one-off) or the shell's live sync.
    const both = async (first: 'live' | 'one-off') => {
      const name = await createGroup(owner, `Twice ${first}`);
      const docs = Array.from({ length: 120 }, (_, i) => ({
        _id: newId('Customer'),
        klass: 'Customer',
        name: `C${i}`,
      }));
      expect((await owner.client.post(`/db/${name}/_bulk_docs`, { docs })).status).toBe(201);
      // The group's own documents (settings, membership, design documents) come too: each once.
      const total = (await owner.client.get<{ doc_count: number }>(`/db/${name}`)).body.doc_count;
      asked = 0;
      let handle: ReturnType<typeof startLiveSync> | null = null;
      try {
        if (first === 'live') handle = startLiveSync(name, remote);
        const once = syncOnce(name, remote);
        handle ??= startLiveSync(name, remote);
        await once;
        await expect.poll(() => syncStatus(name).state, { timeout: 15_000 }).toBe('paused');
        expect(await localDb(name).get(docs[119]!._id)).toMatchObject({ name: 'C119' });
        expect(asked).toBe(total);
      } finally {
        handle?.cancel();
      }
    };
    try {
      await both('one-off');
      await both('live');
    } finally {
      PouchDB.fetch = fetch;
    }
  });
});
