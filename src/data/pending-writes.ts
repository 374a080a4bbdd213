// Which local writes have not reached the server yet. Every write made through src/data records
// the document's new revision here; the push side of sync forgets each one once it is written
// remotely. Kept in a `_local` document: it stays on this device and dies with the replica.
import type { Database } from './pouch';

const PENDING_ID = '_local/moneta-pending';

interface PendingDoc {
  _id: string;
  _rev?: string;
  revs: Record<string, string>;
}

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
    if ((error as { status?: number }).status === 404) return { _id: PENDING_ID, revs: {} };
    throw error;
  }
}

async function update(db: Database, change: (revs: Record<string, string>) => void): Promise<number> {
  return serialize(db, async () => {
    const doc = await read(db);
    const revs = { ...doc.revs };
    change(revs);
    await db.put({ ...doc, revs } as never);
    return Object.keys(revs).length;
  });
}

export function markPending(db: Database, id: string, rev: string): Promise<number> {
  return update(db, (revs) => {
    revs[id] = rev;
  });
}

/** Forgets the documents the server now has at (at least) the revision we wrote. */
export function markPushed(db: Database, docs: ReadonlyArray<{ _id: string; _rev?: string }>): Promise<number> {
  return update(db, (revs) => {
    for (const doc of docs) {
      const pending = revs[doc._id];
      if (pending && doc._rev && revGeneration(doc._rev) >= revGeneration(pending)) delete revs[doc._id];
    }
  });
}

export async function pendingCount(db: Database): Promise<number> {
  return Object.keys((await read(db)).revs).length;
}

export async function pendingIds(db: Database): Promise<string[]> {
  return Object.keys((await read(db)).revs);
}

function revGeneration(rev: string): number {
  return Number.parseInt(rev.split('-')[0] ?? '0', 10);
}
