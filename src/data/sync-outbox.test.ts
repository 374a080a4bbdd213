import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseChanges,
  EMPTY_OUTBOX,
  needsBase,
  type Outbox,
  outboxCounts,
  outboxDiscarded,
  outboxFromLegacy,
  outboxOf,
  outboxPushed,
  outboxRefused,
  outboxSettled,
  outboxWritten,
  revGeneration,
  settledEdits,
} from './sync-outbox.ts';

const NOW = new Date('2026-11-27T09:00:00Z');
const rev = (generation: number) => `${generation}-${'ab'.repeat(16)}`;

// Generated runs take seconds on a loaded machine: more than vitest's default five.
const PROPERTY_TIMEOUT_MS = 30_000;

describe('outbox', () => {
  it.each<[string, Outbox, (o: Outbox) => Outbox, Partial<Outbox>]>([
    ['a write is pending', EMPTY_OUTBOX, (o) => outboxWritten(o, [{ id: 'a', rev: rev(1) }]), { revs: { a: rev(1) } }],
    [
      'a push of the written revision settles it',
      { ...EMPTY_OUTBOX, revs: { a: rev(2) } },
      (o) => outboxPushed(o, [{ _id: 'a', _rev: rev(2) }]),
      { revs: {} },
    ],
    [
      'a late answer for an older revision leaves the newer one pending',
      { ...EMPTY_OUTBOX, revs: { a: rev(3) } },
      (o) => outboxPushed(o, [{ _id: 'a', _rev: rev(2) }]),
      { revs: { a: rev(3) } },
    ],
    [
      'a refusal moves the change from pending to refused',
      { ...EMPTY_OUTBOX, revs: { a: rev(2) } },
      (o) => outboxRefused(o, [{ id: 'a', rev: rev(2), status: 422, reason: { amount: ['too-big'] } }], NOW),
      {
        revs: {},
        refused: { a: { rev: rev(2), status: 422, reason: { amount: ['too-big'] }, at: NOW.toISOString() } },
      },
    ],
    [
      'a refusal of an older revision leaves the newer write (maybe the fix) pending',
      { ...EMPTY_OUTBOX, revs: { a: rev(3) } },
      (o) => outboxRefused(o, [{ id: 'a', rev: rev(2), status: 403 }], NOW),
      { revs: { a: rev(3) }, refused: {} },
    ],
    [
      'a late answer for an older revision keeps the refusal of a newer one',
      { ...EMPTY_OUTBOX, refused: { a: { rev: rev(2), status: 422, reason: '', at: '' } } },
      (o) => outboxPushed(o, [{ _id: 'a', _rev: rev(1) }]),
      { refused: { a: { rev: rev(2), status: 422, reason: '', at: '' } } },
    ],
    [
      'a new write answers a refusal',
      { ...EMPTY_OUTBOX, refused: { a: { rev: rev(2), status: 403, reason: '', at: '' } } },
      (o) => outboxWritten(o, [{ id: 'a', rev: rev(3) }]),
      { revs: { a: rev(3) }, refused: {} },
    ],
    [
      'discarding a change the server never had keeps its deletion here',
      { ...EMPTY_OUTBOX, refused: { a: { rev: rev(1), status: 403, reason: '', at: '' } } },
      (o) => outboxDiscarded(o, 'a', { dropped: true }),
      { revs: {}, refused: {}, dropped: ['a'] },
    ],
    [
      'the first edit of a settled record keeps the revision it started from',
      EMPTY_OUTBOX,
      (o) => outboxWritten(o, [{ id: 'a', rev: rev(2), base: rev(1) }]),
      { revs: { a: rev(2) }, edited: { a: rev(1) } },
    ],
    [
      'a further edit not yet pushed keeps the first one’s base (the last revision every device agreed on)',
      { ...EMPTY_OUTBOX, revs: { a: rev(2) }, edited: { a: rev(1) } },
      (o) => outboxWritten(o, [{ id: 'a', rev: rev(3), base: rev(2) }]),
      { revs: { a: rev(3) }, edited: { a: rev(1) } },
    ],
    [
      'a refused edit is not settled either: the fix keeps the base',
      { ...EMPTY_OUTBOX, refused: { a: { rev: rev(2), status: 422, reason: '', at: '' } }, edited: { a: rev(1) } },
      (o) => outboxWritten(o, [{ id: 'a', rev: rev(3), base: rev(2) }]),
      { revs: { a: rev(3) }, refused: {}, edited: { a: rev(1) } },
    ],
    [
      'an edit after the earlier one reached the server starts from a new base',
      { ...EMPTY_OUTBOX, edited: { a: rev(1) } },
      (o) => outboxWritten(o, [{ id: 'a', rev: rev(3), base: rev(2) }]),
      { revs: { a: rev(3) }, edited: { a: rev(2) } },
    ],
    [
      'a write without a base (a creation, a deletion) changes no base',
      { ...EMPTY_OUTBOX, edited: { a: rev(1) } },
      (o) =>
        outboxWritten(o, [
          { id: 'a', rev: rev(3) },
          { id: 'b', rev: rev(1) },
        ]),
      { revs: { a: rev(3), b: rev(1) }, edited: { a: rev(1) } },
    ],
    [
      'settling forgets the base of a record neither pending nor refused',
      { ...EMPTY_OUTBOX, edited: { a: rev(1), b: rev(1), c: rev(1) }, revs: { b: rev(2) } },
      (o) => outboxSettled(o, ['a', 'b']),
      { edited: { b: rev(1), c: rev(1) } },
    ],
    [
      'settling keeps the base of a refused record',
      {
        ...EMPTY_OUTBOX,
        edited: { a: rev(1) },
        refused: { a: { rev: rev(2), status: 403, reason: '', at: '' } },
      },
      (o) => outboxSettled(o, ['a']),
      { edited: { a: rev(1) } },
    ],
  ])('%s', (_name, from, change, expected) => {
    expect(change(from)).toMatchObject(expected);
  });
});

describe('outbox bases', () => {
  it.each<[string, Outbox, string, boolean]>([
    ['an edit of a settled record reads its base', EMPTY_OUTBOX, 'a', true],
    [
      'an edit of a pending record with a base reads none',
      { ...EMPTY_OUTBOX, revs: { a: rev(2) }, edited: { a: rev(1) } },
      'a',
      false,
    ],
    ['an edit of a pending record created here reads its base', { ...EMPTY_OUTBOX, revs: { a: rev(1) } }, 'a', true],
    [
      'an edit of a pushed record whose base is not pruned yet reads a new one',
      { ...EMPTY_OUTBOX, edited: { a: rev(1) } },
      'a',
      true,
    ],
  ])('%s', (_name, outbox, id, expected) => {
    expect(needsBase(outbox, id)).toBe(expected);
  });

  it('lists the edited records that are neither pending nor refused: those sync may settle', () => {
    const outbox: Outbox = {
      ...EMPTY_OUTBOX,
      revs: { b: rev(2) },
      refused: { c: { rev: rev(2), status: 403, reason: '', at: '' } },
      edited: { a: rev(1), b: rev(1), c: rev(1) },
    };
    expect(settledEdits(outbox)).toEqual(['a']);
  });

  it('says which kept bases a change adds and which it drops', () => {
    const before: Outbox = { ...EMPTY_OUTBOX, edited: { a: rev(1), b: rev(1), c: rev(1) } };
    const after: Outbox = { ...EMPTY_OUTBOX, edited: { a: rev(1), b: rev(2), d: rev(4) } };
    expect(baseChanges(before, after)).toEqual({
      added: [
        { id: 'b', rev: rev(2) },
        { id: 'd', rev: rev(4) },
      ],
      dropped: [
        { id: 'b', rev: rev(1) },
        { id: 'c', rev: rev(1) },
      ],
    });
  });

  it('reads a stored outbox whatever fields it lacks', () => {
    expect(outboxOf({ _id: '_local/x', revs: { a: rev(1) } })).toEqual({ ...EMPTY_OUTBOX, revs: { a: rev(1) } });
    expect(outboxOf(null)).toEqual(EMPTY_OUTBOX);
  });

  it('builds the outbox from the previous layout’s three kinds of documents', () => {
    const refusal = { rev: rev(2), status: 422, reason: 'no', at: '' };
    expect(
      outboxFromLegacy({ _id: '_local/moneta-pending', revs: { a: rev(3) }, refused: { b: refusal }, dropped: ['c'] }, [
        { _id: '_local/moneta-base-a', doc: { _id: 'a', _rev: rev(2) } },
        { _id: '_local/moneta-base-b', doc: { _id: 'b', _rev: rev(1) } },
      ]),
    ).toEqual({ revs: { a: rev(3) }, refused: { b: refusal }, dropped: ['c'], edited: { a: rev(2), b: rev(1) } });
  });
});

// A device and the server, as far as the device's bookkeeping goes: generations of each document.
interface Op {
  kind: 'write' | 'push' | 'refuse' | 'late-refusal' | 'late-answer' | 'discard' | 'settle' | 'prune';
  id: string;
  /** How many revisions older than the server's a late answer is about. */
  back: number;
}

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('write', 'push', 'refuse', 'late-refusal', 'late-answer', 'discard', 'settle', 'prune'),
  id: fc.constantFrom('a', 'b'),
  back: fc.nat(2),
});

describe('outbox, generated histories', () => {
  it(
    'counts what the server lacks, never less, never below zero, keeps a refusal until it is fixed or discarded, and a merge base until the edit is settled',
    () => {
      fc.assert(
        fc.property(fc.array(opArb, { minLength: 10, maxLength: 80 }), (ops) => {
          let outbox = EMPTY_OUTBOX;
          const local: Record<string, number> = {};
          const server: Record<string, number> = {};
          const refusedNow = new Set<string>();
          const dropped = new Set<string>();
          /** The generation the first edit since the record was last settled started from. */
          const base: Record<string, number> = {};
          const held = (id: string) => server[id] ?? 0;
          const unsent = (id: string) => (local[id] ?? 0) > held(id) && !refusedNow.has(id) && !dropped.has(id);
          const unsettled = (id: string) => unsent(id) || refusedNow.has(id);
          const write = (id: string, { edit }: { edit: boolean }) => {
            const from = local[id] ?? 0;
            // An edit of a stored record (not a creation, nor a discard) starts from `from`.
            const startsFrom = edit && from > 0 ? rev(from) : undefined;
            if (startsFrom && (!(id in base) || !unsettled(id))) base[id] = from;
            local[id] = from + 1;
            dropped.delete(id);
            refusedNow.delete(id);
            outbox = outboxWritten(outbox, [{ id, rev: rev(local[id]), ...(startsFrom ? { base: startsFrom } : {}) }]);
          };
          const apply = (op: Op) => {
            if (op.kind === 'settle') {
              // Asked of the server (settlePushed): the revisions it holds are reported as pushed.
              const settled = Object.entries(outbox.revs).filter(([id, r]) => held(id) >= revGeneration(r));
              outbox = outboxPushed(
                outbox,
                settled.map(([id, r]) => ({ _id: id, _rev: r })),
              );
              return;
            }
            if (op.kind === 'prune') {
              // As pruneSettled once sync caught up: what is neither unsent nor refused is settled.
              for (const id of Object.keys(base)) if (!unsettled(id)) delete base[id];
              outbox = outboxSettled(outbox, settledEdits(outbox));
              return;
            }
            const { id } = op;
            const mine = local[id] ?? 0;
            if (op.kind === 'write') write(id, { edit: true });
            else if (op.kind === 'push' && unsent(id)) {
              server[id] = mine;
              outbox = outboxPushed(outbox, [{ _id: id, _rev: rev(mine) }]);
            } else if (op.kind === 'refuse' && unsent(id)) {
              refusedNow.add(id);
              outbox = outboxRefused(outbox, [{ id, rev: rev(mine), status: 422, reason: 'no' }], NOW);
            } else if (op.kind === 'late-refusal' && unsent(id) && mine - 1 > held(id)) {
              // The answer to an older revision, after a newer write that may be the fix.
              outbox = outboxRefused(outbox, [{ id, rev: rev(mine - 1), status: 403 }], NOW);
            } else if (op.kind === 'late-answer' && held(id) > 0) {
              outbox = outboxPushed(outbox, [{ _id: id, _rev: rev(Math.max(1, held(id) - op.back)) }]);
            } else if (op.kind === 'discard' && refusedNow.has(id)) {
              // As discardRefusedChange: back to the server's version (a new write), or dropped here.
              if (held(id) > 0) write(id, { edit: false });
              else {
                refusedNow.delete(id);
                dropped.add(id);
                outbox = outboxDiscarded(outbox, id, { dropped: true });
              }
            }
          };
          for (const op of ops) {
            apply(op);
            const counts = outboxCounts(outbox);
            expect(counts.pending).toBeGreaterThanOrEqual(0);
            // Never counts a change the server confirmed.
            for (const [doc, r] of Object.entries(outbox.revs)) expect(revGeneration(r)).toBeGreaterThan(held(doc));
            for (const doc of Object.keys(local)) {
              // Never forgets one the server lacks, at the newest revision written here.
              expect(outbox.revs[doc]).toBe(unsent(doc) ? rev(local[doc]!) : undefined);
              // A refused change stays shown until it is fixed (written again) or discarded.
              expect(doc in outbox.refused).toBe(refusedNow.has(doc));
            }
            expect(counts).toEqual({ pending: Object.keys(outbox.revs).length, refused: refusedNow.size });
            // The merge base is the revision the first unsettled edit started from, kept until settled.
            expect(outbox.edited).toEqual(Object.fromEntries(Object.entries(base).map(([doc, g]) => [doc, rev(g)])));
          }
        }),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
