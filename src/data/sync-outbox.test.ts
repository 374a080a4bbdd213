import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_OUTBOX,
  type Outbox,
  outboxCounts,
  outboxDiscarded,
  outboxPushed,
  outboxRefused,
  outboxWritten,
  revGeneration,
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
  ])('%s', (_name, from, change, expected) => {
    expect(change(from)).toMatchObject(expected);
  });
});

// A device and the server, as far as the device's bookkeeping goes: generations of each document.
interface Op {
  kind: 'write' | 'push' | 'refuse' | 'late-refusal' | 'late-answer' | 'discard' | 'settle';
  id: string;
  /** How many revisions older than the server's a late answer is about. */
  back: number;
}

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('write', 'push', 'refuse', 'late-refusal', 'late-answer', 'discard', 'settle'),
  id: fc.constantFrom('a', 'b'),
  back: fc.nat(2),
});

describe('outbox, generated histories', () => {
  it(
    'counts what the server lacks, never less, never below zero, and keeps a refusal until it is fixed or discarded',
    () => {
      fc.assert(
        fc.property(fc.array(opArb, { minLength: 10, maxLength: 80 }), (ops) => {
          let outbox = EMPTY_OUTBOX;
          const local: Record<string, number> = {};
          const server: Record<string, number> = {};
          const refusedNow = new Set<string>();
          const dropped = new Set<string>();
          const held = (id: string) => server[id] ?? 0;
          const unsent = (id: string) => (local[id] ?? 0) > held(id) && !refusedNow.has(id) && !dropped.has(id);
          const write = (id: string) => {
            local[id] = (local[id] ?? 0) + 1;
            dropped.delete(id);
            refusedNow.delete(id);
            outbox = outboxWritten(outbox, [{ id, rev: rev(local[id]) }]);
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
            const { id } = op;
            const mine = local[id] ?? 0;
            if (op.kind === 'write') write(id);
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
              if (held(id) > 0) write(id);
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
          }
        }),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
