// The outbox as stored in a replica: what a save reads and writes, and the previous layout's
// documents taken over on first use.
import '../../test/support/browser-globals.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { destroyLocalDb, localDb } from './databases.ts';
import { editedIds, keptBase, loadDropped, pendingIds, refusedChanges, syncCounts } from './pending-writes.ts';
import type { Database, PouchDoc } from './pouch.ts';
import { removeRecord, saveRecord, saveRecords } from './records.ts';

const names: string[] = [];

function replica(): string {
  const name = `outbox-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}

afterEach(async () => {
  await Promise.all(names.splice(0).map((name) => destroyLocalDb(name)));
});

/** Every read and write the replica is asked for, in order, while `during` runs. */
async function callsDuring(db: Database, during: () => Promise<unknown>) {
  const calls: Array<{ call: string; ids: string[] }> = [];
  const target = db as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const originals = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const idsOf: Record<string, (args: unknown[]) => string[]> = {
    get: ([id, options]) => [
      (options as { rev?: string } | undefined)?.rev ? `${String(id)} at a revision` : String(id),
    ],
    allDocs: ([options]) => ((options as { keys?: string[] } | undefined)?.keys ?? ['(range)']).map(String),
    bulkGet: ([options]) => ((options as { docs: Array<{ id: string }> }).docs ?? []).map((doc) => doc.id),
    put: ([doc]) => [(doc as PouchDoc)._id],
    remove: ([id]) => [typeof id === 'string' ? id : (id as PouchDoc)._id],
    bulkDocs: ([docs]) => (docs as PouchDoc[]).map((doc) => doc._id),
  };
  // PouchDB's own methods call each other (a put is a bulkDocs, a remove a put): only the calls
  // made from outside count.
  let inside = false;
  for (const [call, ids] of Object.entries(idsOf)) {
    const original = target[call];
    if (!original) continue;
    originals.set(call, original);
    target[call] = (...args: unknown[]) => {
      const internal = inside || (call === 'bulkDocs' && !Array.isArray(args[0]));
      if (!internal) calls.push({ call, ids: ids(args) });
      inside = true;
      try {
        return original.apply(db, args);
      } finally {
        inside = internal && inside;
      }
    };
  }
  try {
    await during();
  } finally {
    for (const [call, original] of originals) target[call] = original;
  }
  const isRead = (call: string) => ['get', 'allDocs', 'bulkGet'].includes(call);
  const local = (id: string) => id.startsWith('_local/');
  return {
    bookkeepingReads: calls.filter((c) => isRead(c.call) && c.ids.some(local)).length,
    recordReads: calls.filter((c) => isRead(c.call)).flatMap((c) => c.ids.filter((id) => !local(id))),
    writes: calls
      .filter((c) => !isRead(c.call))
      .map((c) => (c.ids.every(local) ? 'bookkeeping' : c.ids.some(local) ? 'mixed' : 'records')),
  };
}

describe('a save and the outbox', () => {
  it('an edit reads the outbox once and the record it edits once, and writes the bookkeeping once, after', async () => {
    const name = replica();
    const db = localDb(name);
    const created = await saveRecord(name, { _id: 'rec-1', title: 'first' });

    const first = await callsDuring(db, () => saveRecord(name, { ...created, title: 'second' }));
    expect(first).toEqual({
      bookkeepingReads: 1,
      recordReads: ['rec-1 at a revision'],
      writes: ['records', 'bookkeeping'],
    });
    expect(await keptBase(db, 'rec-1', created._rev)).toMatchObject({ title: 'first' });
  });

  it('a further edit not yet pushed reads no record: the base is kept already', async () => {
    const name = replica();
    const db = localDb(name);
    const created = await saveRecord(name, { _id: 'rec-1', title: 'first' });
    const edited = await saveRecord(name, { ...created, title: 'second' });

    const again = await callsDuring(db, () => saveRecord(name, { ...edited, title: 'third' }));
    expect(again).toEqual({ bookkeepingReads: 1, recordReads: [], writes: ['records', 'bookkeeping'] });
    expect(await keptBase(db, 'rec-1', created._rev)).toMatchObject({ title: 'first' });
    expect(await editedIds(db)).toEqual(new Set(['rec-1']));
  });

  it('a batch reads the outbox once and each edited record at most once', async () => {
    const name = replica();
    const db = localDb(name);
    const docs = await Promise.all(['rec-1', 'rec-2', 'rec-3'].map((id) => saveRecord(name, { _id: id, n: 1 })));

    const changed: Array<{ _id: string; _rev?: string }> = [
      ...docs.map((doc) => ({ ...doc, n: 2 })),
      { _id: 'rec-4', n: 1 } as { _id: string },
    ];
    const batch = await callsDuring(db, () => saveRecords(name, changed));
    expect(batch.bookkeepingReads).toBe(1);
    expect(batch.recordReads.sort()).toEqual(['rec-1 at a revision', 'rec-2 at a revision', 'rec-3 at a revision']);
    expect(batch.writes).toEqual(['records', 'bookkeeping']);
    expect((await pendingIds(db)).sort()).toEqual(['rec-1', 'rec-2', 'rec-3', 'rec-4']);
  });

  it('a batch of deletions reads no record: a deletion keeps no base', async () => {
    const name = replica();
    const db = localDb(name);
    const docs = await Promise.all(['rec-1', 'rec-2'].map((id) => saveRecord(name, { _id: id, n: 1 })));

    const removal = await callsDuring(db, () =>
      saveRecords(
        name,
        docs.map((doc) => ({ _id: doc._id, _rev: doc._rev, _deleted: true }) as { _id: string; _rev: string }),
      ),
    );
    expect(removal).toEqual({ bookkeepingReads: 1, recordReads: [], writes: ['records', 'bookkeeping'] });
    expect(await editedIds(db)).toEqual(new Set());
  });

  it('a removal reads the outbox once, no record, and writes the bookkeeping once, after', async () => {
    const name = replica();
    const db = localDb(name);
    const created = await saveRecord(name, { _id: 'rec-1', title: 'first' });

    const removal = await callsDuring(db, () => removeRecord(name, created));
    expect(removal).toEqual({ bookkeepingReads: 1, recordReads: [], writes: ['records', 'bookkeeping'] });
    expect(await pendingIds(db)).toEqual(['rec-1']);
  });

  it('a save refused as stale (409) leaves the bookkeeping as it was', async () => {
    const name = replica();
    const db = localDb(name);
    const created = await saveRecord(name, { _id: 'rec-1', title: 'first' });
    await saveRecord(name, { ...created, title: 'second' });
    const before = await syncCounts(db);

    await expect(saveRecord(name, { ...created, title: 'stale' })).rejects.toMatchObject({ status: 409 });
    expect(await syncCounts(db)).toEqual(before);
    expect(await keptBase(db, 'rec-1', created._rev)).toMatchObject({ title: 'first' });
  });

  it('saves made at once are all counted: one queue per replica', async () => {
    const name = replica();
    const db = localDb(name);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => saveRecord(name, { _id: `rec-${i}`, n: 0 })),
    );
    await Promise.all(created.map((doc) => saveRecord(name, { ...doc, n: 1 })));
    expect((await pendingIds(db)).length).toBe(12);
    expect((await editedIds(db)).size).toBe(12);
  });
});

describe('a replica written by the previous layout', () => {
  it('is taken over on first use: nothing pending, refused, dropped or edited is lost, and the old documents go', async () => {
    const name = replica();
    const db = localDb(name);
    // As the previous version left it: records, then its three kinds of bookkeeping documents.
    const first = await db.put({ _id: 'rec-1', title: 'base' });
    const second = await db.put({ _id: 'rec-1', _rev: first.rev, title: 'edited' });
    const refused = await db.put({ _id: 'rec-2', title: 'refused' });
    const refusal = { rev: refused.rev, status: 422, reason: { title: ['too-long'] }, at: '2026-11-26T10:00:00.000Z' };
    await db.put({
      _id: '_local/moneta-pending',
      revs: { 'rec-1': second.rev },
      refused: { 'rec-2': refusal },
      dropped: ['rec-3'],
    });
    await db.put({ _id: '_local/moneta-edited', ids: ['rec-1'] });
    await db.put({ _id: '_local/moneta-base-rec-1', doc: { _id: 'rec-1', _rev: first.rev, title: 'base' } });

    expect(await syncCounts(db)).toEqual({ pending: 1, refused: 1 });
    expect(await pendingIds(db)).toEqual(['rec-1']);
    expect(await refusedChanges(db)).toEqual([{ id: 'rec-2', ...refusal }]);
    expect(await loadDropped(db)).toEqual(new Set(['rec-3']));
    expect(await editedIds(db)).toEqual(new Set(['rec-1']));
    expect(await keptBase(db, 'rec-1', first.rev)).toMatchObject({ title: 'base' });
    for (const id of ['_local/moneta-pending', '_local/moneta-edited', '_local/moneta-base-rec-1']) {
      await expect(db.get(id)).rejects.toMatchObject({ status: 404 });
    }

    // And it goes on from there: a further edit keeps the migrated base.
    const edited = await saveRecord(name, { _id: 'rec-1', _rev: second.rev, title: 'again' });
    expect(await pendingIds(db)).toEqual(['rec-1']);
    expect((await syncCounts(db)).pending).toBe(1);
    expect(await keptBase(db, 'rec-1', first.rev)).toMatchObject({ title: 'base' });
    expect(edited._rev).not.toBe(second.rev);
  });
});
