// The device's bookkeeping of its own writes, as pure functions over one value: which revisions
// the server does not have yet, which it refused (with its reason), and which discarded documents
// push leaves out. pending-writes.ts stores the value in a `_local` document and applies these
// one at a time; the badge's counts are read from it (outboxCounts), never kept beside it.
import type { FieldReasons } from '../domain/errors.ts';

/** The server's answer to one pushed change it did not take. */
export interface Refusal {
  /** The revision refused. */
  rev: string;
  /** 403: not allowed; 422: the record breaks a rule. */
  status: number;
  reason: string | FieldReasons;
  at: string;
}

export interface Outbox {
  /** Document id → the newest revision written here that the server does not hold yet. */
  revs: Record<string, string>;
  refused: Record<string, Refusal>;
  /**
   * Documents the person discarded that the server never had: their local deletion stays on the
   * device (pushing it would only be refused again).
   */
  dropped: string[];
}

export interface RefusedEntry {
  id: string;
  rev?: string;
  status?: number;
  reason?: unknown;
}

export const EMPTY_OUTBOX: Outbox = { revs: {}, refused: {}, dropped: [] };

export function revGeneration(rev: string): number {
  return Number.parseInt(rev.split('-')[0] ?? '0', 10);
}

function copy(outbox: Outbox): Outbox {
  return { revs: { ...outbox.revs }, refused: { ...outbox.refused }, dropped: [...outbox.dropped] };
}

/** New local writes: pending again, and a refusal of an earlier revision is answered by them. */
export function outboxWritten(outbox: Outbox, written: ReadonlyArray<{ id: string; rev: string }>): Outbox {
  const next = copy(outbox);
  for (const { id, rev } of written) {
    next.revs[id] = rev;
    delete next.refused[id];
  }
  return next;
}

/** The server now holds these documents at (at least) these revisions. */
export function outboxPushed(outbox: Outbox, docs: ReadonlyArray<{ _id: string; _rev?: string }>): Outbox {
  const next = copy(outbox);
  for (const doc of docs) {
    if (!doc._rev) continue;
    const pending = next.revs[doc._id];
    if (pending && revGeneration(doc._rev) >= revGeneration(pending)) delete next.revs[doc._id];
    const refusal = next.refused[doc._id];
    if (refusal && revGeneration(doc._rev) >= revGeneration(refusal.rev)) delete next.refused[doc._id];
  }
  return next;
}

/** The push met these refusals: they leave the pending count for the refused list. */
export function outboxRefused(outbox: Outbox, entries: readonly RefusedEntry[], now: Date): Outbox {
  const next = copy(outbox);
  for (const entry of entries) {
    const rev = entry.rev ?? next.revs[entry.id];
    if (!rev) continue;
    const pending = next.revs[entry.id];
    // A newer local revision is still on its way: it may well be the fix.
    if (pending && revGeneration(pending) > revGeneration(rev)) continue;
    delete next.revs[entry.id];
    next.refused[entry.id] = {
      rev,
      status: entry.status === 422 ? 422 : 403,
      reason:
        typeof entry.reason === 'string' || (entry.reason && typeof entry.reason === 'object')
          ? (entry.reason as string | FieldReasons)
          : '',
      at: now.toISOString(),
    };
  }
  return next;
}

/** The person discarded a refused change: its refusal goes; a deletion the server never needs stays here. */
export function outboxDiscarded(outbox: Outbox, id: string, { dropped }: { dropped: boolean }): Outbox {
  const next = copy(outbox);
  delete next.refused[id];
  if (dropped) {
    delete next.revs[id];
    if (!next.dropped.includes(id)) next.dropped.push(id);
  }
  return next;
}

export function outboxCounts(outbox: Outbox): { pending: number; refused: number } {
  return { pending: Object.keys(outbox.revs).length, refused: Object.keys(outbox.refused).length };
}
