// The device's bookkeeping of its own writes, as pure functions over one value: which revisions
// the server does not have yet, which it refused (with its reason), which discarded documents
// push leaves out, and, for each record edited here and not yet settled, the revision its edits
// started from (the merge base a conflict needs). pending-writes.ts stores the value in one
// `_local` document and applies these one at a time; the badge's counts are read from it
// (outboxCounts), never kept beside it.
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
  /**
   * Records edited here since they were last settled → the revision the first of those edits
   * started from: the last one every device agreed on, kept (pending-writes.ts) for a three-way
   * merge after the replica has compacted it away. Only these records can come back from the
   * server in conflict with a local revision, so only they are checked after a pull.
   */
  edited: Record<string, string>;
}

export interface RefusedEntry {
  id: string;
  rev?: string;
  status?: number;
  reason?: unknown;
}

/** One local write: its new revision, and the revision it edited when that was read (a base). */
export interface Written {
  id: string;
  rev: string;
  base?: string;
}

export const EMPTY_OUTBOX: Outbox = { revs: {}, refused: {}, dropped: [], edited: {} };

// The outbox document is this module's own: its values are taken as it wrote them.
const objectOf = (value: unknown): Record<string, never> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, never>) : null;

/** The outbox a stored document holds, whatever fields it lacks (an older version wrote fewer). */
export function outboxOf(stored: unknown): Outbox {
  const doc = objectOf(stored) ?? {};
  return {
    revs: objectOf(doc.revs) ?? EMPTY_OUTBOX.revs,
    refused: objectOf(doc.refused) ?? EMPTY_OUTBOX.refused,
    dropped: Array.isArray(doc.dropped) ? doc.dropped : EMPTY_OUTBOX.dropped,
    edited: objectOf(doc.edited) ?? EMPTY_OUTBOX.edited,
  };
}

/**
 * The outbox of a replica written before it was one document: `_local/moneta-pending` (pending,
 * refused, dropped), and one `_local/moneta-base-<id>` per edited record holding the record at
 * the revision its edit started from (`_local/moneta-edited` only listed those ids).
 */
export function outboxFromLegacy(pending: unknown, bases: readonly unknown[]): Outbox {
  const outbox = outboxOf(pending);
  const edited: Record<string, string> = {};
  for (const base of bases) {
    const doc = objectOf(objectOf(base)?.doc);
    if (typeof doc?._id === 'string' && typeof doc._rev === 'string') edited[doc._id] = doc._rev;
  }
  return { ...outbox, edited };
}

export function revGeneration(rev: string): number {
  return Number.parseInt(rev.split('-')[0] ?? '0', 10);
}

function copy(outbox: Outbox): Outbox {
  return {
    revs: { ...outbox.revs },
    refused: { ...outbox.refused },
    dropped: [...outbox.dropped],
    edited: { ...outbox.edited },
  };
}

/** Pending or refused: the server has not taken this record's local edits yet. */
function unsettled(outbox: Outbox, id: string): boolean {
  return id in outbox.revs || id in outbox.refused;
}

/**
 * Whether an edit of `id` must keep the revision it starts from: yes unless an earlier edit not
 * yet settled kept one (the base stays the last revision every device agreed on).
 */
export function needsBase(outbox: Outbox, id: string): boolean {
  return !(id in outbox.edited && unsettled(outbox, id));
}

/**
 * New local writes: pending again, a refusal of an earlier revision is answered by them, and an
 * edit that needs a base (needsBase) keeps the one it was given.
 */
export function outboxWritten(outbox: Outbox, written: readonly Written[]): Outbox {
  const next = copy(outbox);
  for (const { id, rev, base } of written) {
    if (base && needsBase(next, id)) next.edited[id] = base;
    next.revs[id] = rev;
    delete next.refused[id];
  }
  return next;
}

/** Edited records neither pending nor refused: sync may find them settled (no conflict left). */
export function settledEdits(outbox: Outbox): string[] {
  return Object.keys(outbox.edited).filter((id) => !unsettled(outbox, id));
}

/**
 * These records were found settled: their bases go (the list would otherwise grow with every
 * record ever touched on the device). One written or refused meanwhile keeps its base.
 */
export function outboxSettled(outbox: Outbox, ids: readonly string[]): Outbox {
  const next = copy(outbox);
  for (const id of ids) if (!unsettled(next, id)) delete next.edited[id];
  return next;
}

/** The kept bases a change of the outbox adds and those it no longer needs. */
export function baseChanges(
  before: Outbox,
  after: Outbox,
): { added: Array<{ id: string; rev: string }>; dropped: Array<{ id: string; rev: string }> } {
  const differ = (a: Outbox, b: Outbox) =>
    Object.entries(a.edited)
      .filter(([id, rev]) => b.edited[id] !== rev)
      .map(([id, rev]) => ({ id, rev }));
  return { added: differ(after, before), dropped: differ(before, after) };
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
