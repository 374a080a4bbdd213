// Reading and writing records in a local replica. Writes are recorded as pending until sync
// pushes them; queries use pouchdb-find indexes created (and awaited) before first use.
import { sequenceNumber } from '../domain/recent-changes.ts';
import { localDb } from './databases.ts';
import { storageError } from './device-storage.ts';
import { MESSAGES } from '../domain/errors.ts';
import { ID_PREFIXES, type Klass } from '../domain/ids.ts';
import { ApiError } from './api-error.ts';
import { writeWithOutbox } from './pending-writes.ts';
import { keptIds, keptQueryOf } from './kept-lists.ts';
import { keptRows, type ReduceOptions, reducedView } from './reduced-views.ts';
import { memoBySeq } from './seq-memo.ts';
import { useSyncStore } from './sync-store.ts';
import type { ChangeResult } from './pouch-api.ts';
import type { Database } from './pouch.ts';

/**
 * Writes through the outbox (pending-writes.ts: the bookkeeping read once, written once after)
 * and shows the new count at once: the replica's change event fires before the outbox is
 * written, so counting on that event alone could miss it.
 */
async function writeCounted<T>(
  dbName: string,
  edits: ReadonlyArray<{ _id: string; _rev?: string }>,
  write: () => Promise<{ result: T; written: ReadonlyArray<{ id: string; rev: string }> }>,
): Promise<T> {
  const { result, pending } = await writeWithOutbox(localDb(dbName), edits, write);
  useSyncStore.getState().update(dbName, { pending });
  return result;
}

export interface StoredDoc {
  _id: string;
  _rev?: string;
  klass?: string;
  [key: string]: unknown;
}

/** "Not found" is null; anything else is an error worth seeing. */
export async function getRecord<T extends { _id: string }>(dbName: string, id: string): Promise<T | null> {
  try {
    return (await localDb(dbName).get(id, { conflicts: true })) as unknown as T;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export async function saveRecord<T extends { _id: string; _rev?: string }>(
  dbName: string,
  doc: T,
): Promise<T & { _rev: string }> {
  const db = localDb(dbName);
  try {
    const rev = await writeCounted(dbName, [doc], async () => {
      const { rev } = await db.put(doc as never);
      return { result: rev, written: [{ id: doc._id, rev }] };
    });
    return { ...doc, _rev: rev };
  } catch (error) {
    // Someone (another tab, or sync) changed it since it was read: say so, never overwrite.
    if ((error as { status?: number }).status === 409) throw conflictError();
    // A full disk is not the user's fault and loses nothing: say so, in their language.
    throw storageError(error);
  }
}

/** The stored versions of `ids` (null where none), read at once. */
export async function getRecords<T extends { _id: string }>(
  dbName: string,
  ids: readonly string[],
): Promise<(T | null)[]> {
  if (ids.length === 0) return [];
  const result = await localDb(dbName).allDocs({ keys: [...ids], include_docs: true });
  return result.rows.map((row) => ('doc' in row && row.doc ? (row.doc as unknown as T) : null));
}

export type BatchOutcome = { id: string; rev: string } | { id: string; conflict: true };

/**
 * Saves many documents in one request to the replica. Each is its own outcome: one written by
 * someone else meanwhile is a conflict, never overwritten, and the others are saved.
 */
export async function saveRecords(
  dbName: string,
  docs: ReadonlyArray<{ _id: string; _rev?: string }>,
): Promise<BatchOutcome[]> {
  const db = localDb(dbName);
  try {
    // Deletions keep no base, as removeRecord's: a live revision always wins over them.
    const edits = docs.filter((doc) => !(doc as { _deleted?: boolean })._deleted);
    return await writeCounted(dbName, edits, async () => {
      const results = await db.bulkDocs(docs as never[]);
      const outcomes = results.map((result, i): BatchOutcome => {
        const id = docs[i]!._id;
        if ('ok' in result && result.ok) return { id, rev: result.rev };
        if ((result as { status?: number }).status === 409) return { id, conflict: true };
        throw result;
      });
      return { result: outcomes, written: outcomes.filter((o): o is { id: string; rev: string } => 'rev' in o) };
    });
  } catch (error) {
    throw storageError(error);
  }
}

export async function removeRecord(dbName: string, doc: { _id: string; _rev: string }): Promise<void> {
  const db = localDb(dbName);
  try {
    // A deletion keeps no base: a live revision always wins over it (docs/sync.md).
    await writeCounted(dbName, [], async () => {
      const { rev } = await db.remove(doc._id, doc._rev);
      return { result: rev, written: [{ id: doc._id, rev }] };
    });
  } catch (error) {
    if ((error as { status?: number }).status === 409) throw conflictError();
    throw storageError(error);
  }
}

function conflictError(): ApiError {
  return new ApiError(409, 'conflict', MESSAGES.conflict);
}

const indexes = new WeakMap<Database, Map<string, Promise<unknown>>>();

/** Creates the index once per replica and field list; later calls wait for the same promise. */
export function ensureIndex(db: Database, fields: string[]): Promise<unknown> {
  let known = indexes.get(db);
  if (!known) {
    known = new Map();
    indexes.set(db, known);
  }
  const key = fields.join(',');
  let pending = known.get(key);
  if (!pending) {
    pending = db.createIndex({ index: { fields } });
    known.set(key, pending);
  }
  return pending;
}

export interface RecordQuery {
  selector: Record<string, unknown>;
  sort?: Array<Record<string, 'asc' | 'desc'>>;
  /** Required: without one, pouchdb-find stops at 25 documents and says nothing. */
  limit: number;
  skip?: number;
  fields?: string[];
}

/**
 * Records of a kind a replica holds few of (its settings, its memberships), read through their
 * ids' prefix: no pouchdb-find index to build over every document on a new device, nor to open
 * on each page load before the group's first screen. `where` keeps those with these values.
 */
export async function listFew<T extends { _id: string }>(
  dbName: string,
  klass: Klass,
  where: Readonly<Record<string, unknown>> = {},
): Promise<T[]> {
  const prefix = ID_PREFIXES[klass];
  const { rows } = await localDb(dbName).allDocs({
    startkey: `${prefix}-`,
    endkey: `${prefix}-\ufff0`,
    include_docs: true,
  });
  return rows.flatMap(({ doc }) =>
    doc && doc.klass === klass && Object.entries(where).every(([field, value]) => doc[field] === value)
      ? [doc as unknown as T]
      : [],
  );
}

export async function findRecords<T extends { _id: string }>(dbName: string, query: RecordQuery): Promise<T[]> {
  // Answered from the kept list fields when they can (src/data/kept-lists.ts): no index to build.
  const kept = query.fields ? null : keptQueryOf(query);
  const page = kept && (await keptIds(dbName, kept));
  if (page) return getRecords<T>(dbName, page.ids).then((docs) => docs.filter((d): d is T => d !== null));
  const db = localDb(dbName);
  const indexFields = [
    ...new Set([...Object.keys(query.selector), ...(query.sort ?? []).flatMap((s) => Object.keys(s))]),
  ];
  if (indexFields.length > 0) await ensureIndex(db, indexFields);
  const result = await db.find(query);
  return result.docs as unknown as T[];
}

/**
 * A view of the replica, computed on the device from the same design document the server has
 * (design documents replicate with the data), so counters work offline. Reductions are kept
 * change by change (reduced-views.ts) rather than read from every row at each query.
 */
export async function queryView(
  dbName: string,
  view: `${string}/${string}`,
  options: ViewQuery = {},
): Promise<Array<{ key: unknown; value: unknown }>> {
  return memoBySeq(dbName, `view:${view}:${JSON.stringify(options)}`, async () => {
    const db = localDb(dbName);
    const { reduce, ...rest } = options;
    return (reduce !== false && (await reducedView(db, view, rest))) || (await db.query(view, options)).rows;
  });
}

export type ViewQuery = ReduceOptions & { reduce?: boolean };

/**
 * Every row of a `_count` or `_sum` view with its document's id, as kept change by change on the
 * device (src/data/reduced-views.ts), for a screen that filters and pages them itself.
 */
export async function viewRows(
  dbName: string,
  view: `${string}/${string}`,
): Promise<Array<{ id: string; key: unknown }>> {
  const db = localDb(dbName);
  const kept = await keptRows(db, view);
  if (kept) return kept;
  const { rows } = await db.query(view, { reduce: false });
  return rows.map((row) => ({ id: row.id!, key: row.key }));
}

/** The replica's latest changes with their documents (the dashboard's timeline). */
export async function latestChanges(dbName: string, lookBack: number): Promise<ChangeResult[]> {
  const db = localDb(dbName);
  const { update_seq } = await db.info();
  const since = Math.max(0, (sequenceNumber(update_seq) ?? 0) - lookBack);
  const { results } = await db.changes({ since, include_docs: true });
  return results;
}
