// Many records at once (a CSV import, items fetched for a reader) through the app's data layer in
// Node with fake IndexedDB, synced with the real server: all judged before any is written, one
// timeline entry per batch, progress, per-record conflicts; and the device's bookkeeping of edited
// records pruned once sync has settled them.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDb } from '../../src/data/databases.ts';
import { editedIds, keptBase, pendingCount } from '../../src/data/pending-writes.ts';
import { findRecords, getRecord } from '../../src/data/records.ts';
import { type BatchProgress, updateRecord, writeRecord, writeRecords } from '../../src/data/resource-writes.ts';
import { syncOnce } from '../../src/data/sync.ts';
import { newId } from '../../src/domain/ids.ts';
import { moduleOf } from '../../src/domain/modules/index.ts';
import type { ResourceSpec } from '../../src/domain/records/schema.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;
let customers: ResourceSpec;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Bulk'));
  customers = moduleOf('ticket')!.records.find((spec) => spec.klass === 'Customer')!;
});
afterAll(() => server.stop());

const remote = () => ({ origin: server.url, headers: { cookie: owner.client.cookieHeader } });
const options = () => ({ userId: owner.id });

async function timelineOf(ids: readonly string[]) {
  const changes = await findRecords<{ _id: string; item_id: string; item_ids?: string[]; action: string }>(db, {
    selector: { klass: 'DocumentChange', item_type: 'Customer' },
    limit: 10_000,
  });
  return changes.filter((c) => ids.includes(c.item_id));
}

describe('writeRecords', () => {
  it('writes in batches with progress and one timeline entry per batch, then sync takes them all', async () => {
    const docs = Array.from({ length: 450 }, (_, i) => ({ _id: newId('Customer'), name: `Imported ${i}` }));
    const progress: BatchProgress[] = [];
    const result = await writeRecords(db, customers, docs, {
      ...options(),
      batchSize: 200,
      onProgress: (p) => progress.push(p),
    });
    expect(progress).toEqual([
      { written: 200, total: 450 },
      { written: 400, total: 450 },
      { written: 450, total: 450 },
    ]);
    expect(result.saved).toHaveLength(450);
    expect(result.conflicts).toEqual([]);
    const entries = await timelineOf(docs.map((d) => d._id));
    expect(entries.map((e) => e.item_ids?.length).sort()).toEqual([200, 200, 50]);
    expect(entries.every((e) => e.action === 'create')).toBe(true);
    expect(await pendingCount(localDb(db))).toBe(453);

    await syncOnce(db, remote());
    expect(await pendingCount(localDb(db))).toBe(0);
    const onServer = await owner.client.post<{ docs: unknown[] }>(`/db/${db}/_find`, {
      selector: { klass: 'Customer', name: { $gte: 'Imported' } },
      limit: 1000,
    });
    expect(onServer.body.docs).toHaveLength(450);
  });

  it('writes nothing when one record is refused, naming it by its place', async () => {
    const before = await pendingCount(localDb(db));
    const docs = [
      { _id: newId('Customer'), name: 'Good' },
      { _id: newId('Customer'), email: 'not-an-address' },
      { _id: newId('Customer'), name: 'Also good' },
    ];
    await expect(writeRecords(db, customers, docs, options())).rejects.toMatchObject({
      status: 422,
      reason: { '1.name': ["can't be blank"], '1.email': ['is invalid'] },
    });
    for (const doc of docs) expect(await getRecord(db, doc._id)).toBeNull();
    expect(await pendingCount(localDb(db))).toBe(before);
  });

  it('with skipRefused, leaves out and names the refused records and writes the others', async () => {
    const docs = [
      { _id: newId('Customer'), name: 'Kept' },
      { _id: newId('Customer'), email: 'not-an-address' },
      { _id: newId('Customer'), name: 'Kept too' },
    ];
    const result = await writeRecords(db, customers, docs, { ...options(), skipRefused: true });
    expect(result.refused).toEqual([{ id: docs[1]!._id, field: 'name', message: "can't be blank" }]);
    expect(result.saved.map((d) => d.name)).toEqual(['Kept', 'Kept too']);
    expect(await getRecord(db, docs[1]!._id)).toBeNull();
    expect(await getRecord(db, docs[2]!._id)).toMatchObject({ name: 'Kept too' });
  });

  it('reports a record changed meanwhile as a conflict and saves the others', async () => {
    const a = await writeRecord(db, customers, { _id: newId('Customer'), name: 'A' }, options());
    const b = await writeRecord(db, customers, { _id: newId('Customer'), name: 'B' }, options());
    await writeRecord(db, customers, { ...a, name: 'A, edited elsewhere' }, options());
    const result = await writeRecords(
      db,
      customers,
      [
        { ...a, name: 'A, from a stale read' },
        { ...b, name: 'B, updated' },
      ],
      options(),
    );
    expect(result.conflicts).toEqual([a._id]);
    expect(result.saved.map((d) => d.name)).toEqual(['B, updated']);
    expect(await getRecord(db, a._id)).toMatchObject({ name: 'A, edited elsewhere' });
    const [entry] = await timelineOf([b._id]).then((all) => all.filter((e) => e.action === 'update'));
    expect(entry?.item_ids).toEqual([b._id]);
  });
});

describe('the device’s bookkeeping', () => {
  it('keeps an edited record’s merge base until sync has settled it, then prunes it', async () => {
    const local = localDb(db);
    const edited = async () => [...(await editedIds(local))];
    const created = await writeRecord(db, customers, { _id: newId('Customer'), name: 'Base' }, options());
    await syncOnce(db, remote());
    await updateRecord(db, customers, created._id, (doc) => ({ ...doc, name: 'Base, edited' }), options());
    expect(await edited()).toContain(created._id);
    expect(await keptBase(local, created._id, created._rev!)).toMatchObject({ name: 'Base' });

    // The push takes the edit; only a later round, which found no conflict, settles it.
    await syncOnce(db, remote());
    expect(await edited()).toContain(created._id);
    await syncOnce(db, remote());
    expect(await edited()).not.toContain(created._id);
    expect(await keptBase(local, created._id, created._rev!)).toBeNull();
  });
});
