// Two devices and a server, each a real PouchDB replica (fake-indexeddb): random edits and
// deletions on all three, one-off syncs in any order, conflicts merged as the app merges them
// (conflicts.ts) and those needing a person settled as a person would; in the end all three hold
// the same records, nothing is lost, and neither device counts anything as unsent nor keeps a base.
//
// Nothing lost, with deletions: every field an edit wrote is in the end record, unless a deletion
// made where that field was already seen removed it. A deletion meeting an edit it did not know
// (deleted on one device, edited on the other or on the server) gives way: CouchDB's winner is a
// live revision whenever one exists, so the record comes back with the edit on every replica, and
// conflicts.ts, which reads the competing live revisions (`_conflicts`), has nothing to ask. The
// edit, which the deleting side never saw, is kept; the person can delete the record again.
import '../../test/support/browser-globals.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConflict, settleConflict } from './conflicts.ts';
import { destroyLocalDb, localDb } from './databases.ts';
import { editedIds, syncCounts } from './pending-writes.ts';
import { type Database, PouchDB, type PouchDoc } from './pouch.ts';
import { removeRecord, saveRecord } from './records.ts';
import { syncOnceWith } from './sync.ts';

const DOCS = ['rec-1', 'rec-2'];
type Where = 'a' | 'b' | 'server';

type Op =
  | { kind: 'edit'; where: Where; doc: string; shared: boolean }
  | { kind: 'remove'; where: Where; doc: string }
  | { kind: 'sync'; device: 'a' | 'b' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      where: fc.constantFrom<Where>('a', 'b', 'server'),
      doc: fc.constantFrom(...DOCS),
      // A shared field (both sides may change it: a person decides) or a field of this edit's own.
      shared: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      where: fc.constantFrom<Where>('a', 'b', 'server'),
      doc: fc.constantFrom(...DOCS),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('sync' as const), device: fc.constantFrom<'a' | 'b'>('a', 'b') }),
  },
);

/** Deleted on one device and edited on the other, then both sync: the edit must come back. */
const DELETE_VS_EDIT: Op[] = [
  { kind: 'remove', where: 'a', doc: 'rec-1' },
  { kind: 'edit', where: 'b', doc: 'rec-1', shared: false },
  { kind: 'sync', device: 'a' },
  { kind: 'sync', device: 'b' },
];
/** Edited on a device while the server deleted it; and edited on the server while a device deleted it. */
const SERVER_DELETE_VS_EDIT: Op[] = [
  { kind: 'edit', where: 'a', doc: 'rec-1', shared: true },
  { kind: 'remove', where: 'server', doc: 'rec-1' },
  { kind: 'remove', where: 'b', doc: 'rec-2' },
  { kind: 'edit', where: 'server', doc: 'rec-2', shared: false },
  { kind: 'sync', device: 'b' },
  { kind: 'sync', device: 'a' },
];
/** Deleted knowingly after an edit reached the deleting side: that edit goes with the record. */
const KNOWING_DELETE: Op[] = [
  { kind: 'edit', where: 'a', doc: 'rec-1', shared: false },
  { kind: 'sync', device: 'a' },
  { kind: 'sync', device: 'b' },
  { kind: 'remove', where: 'b', doc: 'rec-1' },
];

/**
 * The winning revision: its content with the revisions still competing with it, or, when every
 * revision is deleted, the winning deletion.
 */
async function state(db: Database, id: string) {
  const { rows } = await db.allDocs({ keys: [id] });
  const value = rows[0]?.value as { rev: string; deleted?: boolean } | undefined;
  if (value?.deleted) return { _id: id, _rev: value.rev, _deleted: true };
  const doc = await db.get(id, { conflicts: true });
  const { _revisions: _history, ...rest } = doc as PouchDoc & { _revisions?: unknown };
  return rest;
}

/** The record as `where` has it now, or null when deleted there. */
async function currentAt(db: Database, id: string): Promise<PouchDoc | null> {
  return db.get(id).catch((error: { status?: number }) => {
    if (error.status === 404) return null;
    throw error;
  });
}

describe('two devices and a server', () => {
  it('end equal, with nothing lost, whatever the edits, the deletions and the order of syncs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
        const run = crypto.randomUUID();
        const devices = { a: `conv-a-${run}`, b: `conv-b-${run}` };
        const server = new PouchDB(`conv-server-${run}`);
        const sync = (device: 'a' | 'b') => syncOnceWith(devices[device], server);
        const written = new Map<string, Set<string>>(DOCS.map((id) => [id, new Set()]));
        // Fields a deletion removed knowingly: they were in the record where it was deleted.
        const deletedSeen = new Map<string, Set<string>>(DOCS.map((id) => [id, new Set()]));
        const titles = new Set<unknown>(['first']);
        const place = (where: Where) => (where === 'server' ? server : localDb(devices[where]));
        let edits = 0;
        try {
          await server.bulkDocs(DOCS.map((id) => ({ _id: id, title: 'first' })));
          await sync('a');
          await sync('b');

          for (const op of ops) {
            if (op.kind === 'sync') {
              await sync(op.device);
              continue;
            }
            // Nothing to edit or delete where the record is deleted already.
            const current = await currentAt(place(op.where), op.doc);
            if (!current) continue;
            if (op.kind === 'remove') {
              for (const field of Object.keys(current)) deletedSeen.get(op.doc)!.add(field);
              if (op.where === 'server') await server.remove(current._id, current._rev!);
              else await removeRecord(devices[op.where], { _id: current._id, _rev: current._rev! });
              continue;
            }
            const n = ++edits;
            const field = op.shared ? 'title' : `field_${op.where}_${n}`;
            const value = `${op.where}-${n}`;
            if (op.shared) titles.add(value);
            else written.get(op.doc)!.add(field);
            if (op.where === 'server') await server.put({ ...current, [field]: value });
            else await saveRecord(devices[op.where], { ...current, [field]: value });
          }

          // Connections come back for good: both devices sync until nothing moves.
          const settle = async () => {
            for (let round = 0; round < 3; round++) {
              await sync('a');
              await sync('b');
            }
          };
          await settle();
          // What merged by itself is merged; what needs a person is decided on one device,
          // keeping every field only one side has (a person keeping both people's work).
          for (const id of DOCS) {
            // A deleted record has no live revision left to compete with.
            const conflict = await readConflict(devices.a, id, server).catch((error: { status?: number }) => {
              if (error.status === 404) return null;
              throw error;
            });
            if (!conflict) continue;
            const resolved = { ...conflict.merge.merged };
            for (const { field, mine, theirs } of conflict.merge.conflicts) {
              if (mine === undefined && theirs !== undefined) resolved[field] = theirs;
            }
            await settleConflict(devices.a, conflict, resolved);
          }
          await settle();

          for (const id of DOCS) {
            const onServer = await state(server, id);
            expect(onServer._conflicts ?? []).toEqual([]);
            expect(await state(localDb(devices.a), id)).toEqual(onServer);
            expect(await state(localDb(devices.b), id)).toEqual(onServer);
            const kept = [...written.get(id)!].filter((field) => !deletedSeen.get(id)!.has(field));
            if (onServer._deleted) {
              expect(kept).toEqual([]);
              continue;
            }
            for (const field of kept) expect(onServer).toHaveProperty(field);
            expect(titles).toContain(onServer.title);
          }
          for (const name of Object.values(devices)) {
            expect(await syncCounts(localDb(name))).toEqual({ pending: 0, refused: 0 });
            // Everything settled: no merge base is kept any longer.
            expect(await editedIds(localDb(name))).toEqual(new Set());
          }
        } finally {
          await Promise.all([destroyLocalDb(devices.a), destroyLocalDb(devices.b), server.destroy()]);
        }
      }),
      { numRuns: 20, examples: [[DELETE_VS_EDIT], [SERVER_DELETE_VS_EDIT], [KNOWING_DELETE]] },
    );
  }, 60_000);
});
