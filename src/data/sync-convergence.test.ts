// Two devices and a server, each a real PouchDB replica (fake-indexeddb): random edits on all three,
// one-off syncs in any order, conflicts merged as the app merges them (conflicts.ts) and those
// needing a person settled as a person would; in the end all three hold the same records, every
// edit is in them, and neither device counts anything as unsent.
import '../../test/support/browser-globals.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConflict, settleConflict } from './conflicts.ts';
import { destroyLocalDb, localDb } from './databases.ts';
import { syncCounts } from './pending-writes.ts';
import { type Database, PouchDB, type PouchDoc } from './pouch.ts';
import { saveRecord } from './records.ts';
import { syncOnceWith } from './sync.ts';

const DOCS = ['rec-1', 'rec-2'];
type Where = 'a' | 'b' | 'server';

type Op = { kind: 'edit'; where: Where; doc: string; shared: boolean } | { kind: 'sync'; device: 'a' | 'b' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    where: fc.constantFrom<Where>('a', 'b', 'server'),
    doc: fc.constantFrom(...DOCS),
    // A shared field (both sides may change it: a person decides) or a field of this edit's own.
    shared: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('sync' as const), device: fc.constantFrom<'a' | 'b'>('a', 'b') }),
);

/** The winning revision's content, with the revisions still competing with it. */
async function state(db: Database, id: string) {
  const doc = await db.get(id, { conflicts: true });
  const { _revisions: _history, ...rest } = doc as PouchDoc & { _revisions?: unknown };
  return rest;
}

describe('two devices and a server', () => {
  it('end equal, with nothing lost, whatever the edits and the order of syncs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
        const run = crypto.randomUUID();
        const devices = { a: `conv-a-${run}`, b: `conv-b-${run}` };
        const server = new PouchDB(`conv-server-${run}`);
        const sync = (device: 'a' | 'b') => syncOnceWith(devices[device], server);
        const written = new Map<string, Set<string>>(DOCS.map((id) => [id, new Set()]));
        const titles = new Set<unknown>(['first']);
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
            const n = ++edits;
            const field = op.shared ? 'title' : `field_${op.where}_${n}`;
            const value = `${op.where}-${n}`;
            if (op.shared) titles.add(value);
            else written.get(op.doc)!.add(field);
            if (op.where === 'server') {
              const current = await server.get(op.doc);
              await server.put({ ...current, [field]: value });
            } else {
              const current = await localDb(devices[op.where]).get(op.doc);
              await saveRecord(devices[op.where], { ...current, [field]: value });
            }
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
            const conflict = await readConflict(devices.a, id, server);
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
            for (const field of written.get(id)!) expect(onServer).toHaveProperty(field);
            expect(titles).toContain(onServer.title);
          }
          for (const name of Object.values(devices)) {
            expect(await syncCounts(localDb(name))).toEqual({ pending: 0, refused: 0 });
          }
        } finally {
          await Promise.all([destroyLocalDb(devices.a), destroyLocalDb(devices.b), server.destroy()]);
        }
      }),
      { numRuns: 20 },
    );
  }, 60_000);
});
