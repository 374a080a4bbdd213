// Which local writes have not reached the server yet, and which the server refused. Every write
// made through src/data records the document's new revision here; the push side of sync forgets
// each one once it is written remotely, or moves it to the refused list with the server's reason
// (a rule this device did not know, an older app version). A refused change waits for the person
// to fix or discard it; it never stops the others. Kept in a `_local` document: it stays on this
// device and dies with the replica.
import type { Database } from './pouch.ts';
import {
  EMPTY_OUTBOX,
  type Outbox,
  outboxCounts,
  outboxDiscarded,
  outboxPushed,
  outboxRefused,
  outboxWritten,
  type Refusal,
  type RefusedEntry,
} from './sync-outbox.ts';

export type { Refusal, RefusedEntry } from './sync-outbox.ts';

const PENDING_ID = '_local/moneta-pending';

type PendingDoc = Partial<Outbox> & { _id: string; _rev?: string };

// One read-modify-write at a time per database, so concurrent writes never lose an entry.
const queues = new WeakMap<Database, Promise<unknown>>();

function serialize<T>(db: Database, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const next = previous.then(task, task);
  queues.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

async function read(db: Database): Promise<PendingDoc> {
  try {
    return (await db.get(PENDING_ID)) as unknown as PendingDoc;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return { _id: PENDING_ID };
    throw error;
  }
}

function outboxOf(doc: PendingDoc): Outbox {
  return {
    revs: doc.revs ?? EMPTY_OUTBOX.revs,
    refused: doc.refused ?? EMPTY_OUTBOX.refused,
    dropped: doc.dropped ?? EMPTY_OUTBOX.dropped,
  };
}

/** Applies `change` (sync-outbox.ts) to the stored bookkeeping; resolves with the pending count. */
async function update(db: Database, change: (outbox: Outbox) => Outbox): Promise<number> {
  return serialize(db, async () => {
    const doc = await read(db);
    const next = change(outboxOf(doc));
    await db.put({ _id: PENDING_ID, ...next, ...(doc._rev ? { _rev: doc._rev } : {}) } as never);
    // The same set a running push filters with: changed in place.
    const cached = droppedCache.get(db);
    if (cached) for (const id of next.dropped) cached.add(id);
    return Object.keys(next.revs).length;
  });
}

/** A new local write: pending again, and a refusal of an earlier revision is answered by it. */
export function markPending(db: Database, id: string, rev: string): Promise<number> {
  return markPendingMany(db, [{ id, rev }]);
}

/** The same for a batch, in one write of the list. */
export function markPendingMany(db: Database, written: ReadonlyArray<{ id: string; rev: string }>): Promise<number> {
  return update(db, (outbox) => outboxWritten(outbox, written));
}

/** Forgets the documents the server now has at (at least) the revision we wrote. */
export function markPushed(db: Database, docs: ReadonlyArray<{ _id: string; _rev?: string }>): Promise<number> {
  return update(db, (outbox) => outboxPushed(outbox, docs));
}

/** CouchDB's `_revs_diff`: of these revisions, the ones the server does not hold. */
export type RevsDiff = (revs: Record<string, string[]>) => Promise<Record<string, { missing?: string[] }>>;

/**
 * Forgets the writes the server already holds, by asking it. A push reports only what it wrote:
 * one whose answer never came (the page reloaded while it was under way) is found on the server
 * by the next push, which then writes and reports nothing, and the count would never come down.
 */
export async function settlePushed(db: Database, revsDiff: RevsDiff): Promise<number> {
  const revs = await serialize(db, async () => outboxOf(await read(db)).revs);
  const ids = Object.keys(revs);
  if (ids.length === 0) return 0;
  const missing = await revsDiff(Object.fromEntries(ids.map((id) => [id, [revs[id]!]])));
  const held = ids.filter((id) => !missing[id]?.missing?.includes(revs[id]!));
  return markPushed(
    db,
    held.map((id) => ({ _id: id, _rev: revs[id] })),
  );
}

/** The push met these refusals: they leave the pending count for the refused list. */
export function markRefused(db: Database, entries: readonly RefusedEntry[], now: Date): Promise<number> {
  return update(db, (outbox) => outboxRefused(outbox, entries, now));
}

/** The person discarded a refused change: its refusal goes; a deletion the server never needs stays here. */
export function markDiscarded(db: Database, id: string, options: { dropped: boolean }): Promise<number> {
  return update(db, (outbox) => outboxDiscarded(outbox, id, options));
}

// Reads wait their turn behind the writes queued before them: a count never comes from a state
// older than one already shown.
export function pendingCount(db: Database): Promise<number> {
  return serialize(db, async () => Object.keys(outboxOf(await read(db)).revs).length);
}

export function pendingIds(db: Database): Promise<string[]> {
  return serialize(db, async () => Object.keys(outboxOf(await read(db)).revs));
}

/** Both counts from one read, for the navbar. */
export function syncCounts(db: Database): Promise<{ pending: number; refused: number }> {
  return serialize(db, async () => outboxCounts(outboxOf(await read(db))));
}

export function refusedChanges(db: Database): Promise<Array<Refusal & { id: string }>> {
  return serialize(db, async () =>
    Object.entries(outboxOf(await read(db)).refused)
      .map(([id, refusal]) => ({ id, ...refusal }))
      .sort((a, b) => a.at.localeCompare(b.at)),
  );
}

/** Ids discarded locally that push must leave out; read before a sync starts (its filter is synchronous). */
const droppedCache = new WeakMap<Database, Set<string>>();

export async function loadDropped(db: Database): Promise<Set<string>> {
  let dropped = droppedCache.get(db);
  if (!dropped) {
    dropped = new Set(outboxOf(await read(db)).dropped);
    droppedCache.set(db, dropped);
  }
  return dropped;
}
