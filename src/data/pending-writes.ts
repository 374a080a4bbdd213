// The device's outbox: which local writes have not reached the server yet, which the server
// refused, which discarded deletions push leaves out, and the merge base of each record edited
// here (the rules are pure, in sync-outbox.ts). Every write made through src/data records the
// document's new revision here; the push side of sync forgets each one once it is written
// remotely, or moves it to the refused list with the server's reason (a rule this device did not
// know, an older app version). A refused change waits for the person to fix or discard it; it
// never stops the others.
//
// One `_local` document per replica holds it (it stays on this device and dies with the replica),
// changed one step at a time behind one queue per database. The bases themselves, whole records,
// are kept in one `_local` document each, written once: held in the outbox, they were rewritten
// with it at every save (docs/sync.md, "One outbox").
import type { Database, PouchDoc } from './pouch.ts';
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
  type Refusal,
  type RefusedEntry,
  settledEdits,
  type Written,
} from './sync-outbox.ts';

export type { Refusal, RefusedEntry } from './sync-outbox.ts';

const OUTBOX_ID = '_local/moneta-outbox';

/** A kept base: record `id` at revision `rev`. Written once and never changed, so removed at 0-1. */
const baseDocId = (id: string, rev: string) => `_local/moneta-base-${id}@${rev}`;
const KEPT_BASE_REV = '0-1';

// The previous layout, taken over on first use: pending, refused and dropped in one document,
// the edited ids in another, and a base per record under the record's id alone.
const LEGACY_PENDING_ID = '_local/moneta-pending';
const LEGACY_EDITED_ID = '_local/moneta-edited';
const legacyBaseId = (id: string) => `_local/moneta-base-${id}`;

interface Stored {
  _rev?: string;
  outbox: Outbox;
}

// One step at a time per database, reads included: concurrent writes never lose an entry, and a
// count never comes from a state older than one already shown.
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

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

async function readLocal<T>(db: Database, id: string): Promise<(T & { _id: string; _rev?: string }) | null> {
  try {
    return (await db.get(id)) as unknown as T & { _id: string; _rev?: string };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** Replicas whose outbox was read once here: the previous layout has been looked for. */
const takenOver = new WeakSet<Database>();

/** The stored outbox: one read, and on a replica's first use here, the previous layout's too. */
async function load(db: Database): Promise<Stored> {
  const doc = await readLocal<object>(db, OUTBOX_ID);
  if (doc) {
    takenOver.add(db);
    return { _rev: doc._rev, outbox: outboxOf(doc) };
  }
  if (takenOver.has(db)) return { outbox: EMPTY_OUTBOX };
  const stored = await takeOverLegacy(db);
  takenOver.add(db);
  return stored;
}

/**
 * Moves a replica written by the previous layout into the outbox, in one write: the outbox, the
 * bases under their new names, and the old documents' removal. Nothing pending is lost, and a
 * second tab doing the same at once finds the outbox written and uses it.
 */
async function takeOverLegacy(db: Database): Promise<Stored> {
  const pending = await readLocal<object>(db, LEGACY_PENDING_ID);
  const edited = await readLocal<{ ids?: unknown }>(db, LEGACY_EDITED_ID);
  if (!pending && !edited) return { outbox: EMPTY_OUTBOX };
  const ids = Array.isArray(edited?.ids) ? edited.ids.filter((id): id is string => typeof id === 'string') : [];
  const bases = (await Promise.all(ids.map((id) => readLocal<{ doc?: PouchDoc }>(db, legacyBaseId(id))))).filter(
    (base) => base !== null,
  );
  const outbox = outboxFromLegacy(pending, bases);
  const docs = [
    { _id: OUTBOX_ID, ...outbox },
    ...bases.flatMap(({ doc }) =>
      doc?._rev && outbox.edited[doc._id] === doc._rev ? [{ _id: baseDocId(doc._id, doc._rev), doc }] : [],
    ),
    ...[pending, edited, ...bases].flatMap((old) => (old ? [{ _id: old._id, _rev: old._rev, _deleted: true }] : [])),
  ];
  const [result] = await db.bulkDocs(docs as PouchDoc[]);
  if (result && 'rev' in result) return { _rev: result.rev, outbox };
  if (statusOf(result) !== 409) throw result;
  const theirs = await readLocal<object>(db, OUTBOX_ID);
  return { _rev: theirs?._rev, outbox: outboxOf(theirs) };
}

/**
 * Writes `change` of the stored outbox, with the bases it adds (their records in `bases`, by
 * document id) and the removal of those it drops, in one write. Another tab may have written the
 * outbox since it was read: then the change is applied again to what that tab wrote.
 */
async function commit(
  db: Database,
  stored: Stored,
  change: (outbox: Outbox) => Outbox,
  bases: ReadonlyMap<string, PouchDoc> = new Map(),
): Promise<Outbox> {
  for (let attempt = 1; ; attempt++) {
    const next = change(stored.outbox);
    const { added, dropped } = baseChanges(stored.outbox, next);
    const docs = [
      { _id: OUTBOX_ID, ...next, ...(stored._rev ? { _rev: stored._rev } : {}) },
      ...added.flatMap(({ id, rev }) => {
        const doc = bases.get(baseDocId(id, rev));
        return doc ? [{ _id: baseDocId(id, rev), doc }] : [];
      }),
      ...dropped.map(({ id, rev }) => ({ _id: baseDocId(id, rev), _rev: KEPT_BASE_REV, _deleted: true })),
    ];
    // A base already there holds the same record (its name says which revision), and one to drop
    // may be gone already: only the outbox's own outcome matters.
    const [result] = await db.bulkDocs(docs as PouchDoc[]);
    if (result && 'rev' in result) {
      // The same set a running push filters with: changed in place.
      const cached = droppedCache.get(db);
      if (cached) for (const id of next.dropped) cached.add(id);
      return next;
    }
    if (statusOf(result) !== 409 || attempt === 3) throw result;
    stored = await load(db);
  }
}

/** Applies `change` (sync-outbox.ts) to the stored outbox; resolves with the pending count. */
function update(db: Database, change: (outbox: Outbox) => Outbox): Promise<number> {
  return serialize(db, async () => outboxCounts(await commit(db, await load(db), change)).pending);
}

function read<T>(db: Database, pick: (outbox: Outbox) => T): Promise<T> {
  return serialize(db, async () => pick((await load(db)).outbox));
}

/**
 * A local write and its bookkeeping, in one step of the queue: the outbox is read once; the
 * revisions `edits` start from are read (each once) where the outbox keeps no base for them yet;
 * `write` stores the documents and says which revisions it wrote; then the outbox, with any new
 * base, is written once. A write that throws leaves the bookkeeping as it was.
 */
export function writeWithOutbox<T>(
  db: Database,
  edits: ReadonlyArray<{ _id: string; _rev?: string }>,
  write: () => Promise<{ result: T; written: ReadonlyArray<{ id: string; rev: string }> }>,
): Promise<{ result: T; pending: number }> {
  return serialize(db, async () => {
    const stored = await load(db);
    const starts = edits.filter(
      (doc): doc is { _id: string; _rev: string } => Boolean(doc._rev) && needsBase(stored.outbox, doc._id),
    );
    const bases = new Map<string, PouchDoc>();
    const baseRevs = new Map<string, string>();
    await Promise.all(
      starts.map(async ({ _id, _rev }) => {
        // Gone already (a stale form, compacted): the write will say so; no base to keep.
        const doc = await db.get(_id, { rev: _rev }).catch(() => null);
        if (!doc) return;
        bases.set(baseDocId(_id, _rev), doc);
        baseRevs.set(_id, _rev);
      }),
    );
    const { result, written } = await write();
    if (written.length === 0) return { result, pending: outboxCounts(stored.outbox).pending };
    const entries = written.map(({ id, rev }): Written => {
      const base = baseRevs.get(id);
      return base ? { id, rev, base } : { id, rev };
    });
    const next = await commit(db, stored, (outbox) => outboxWritten(outbox, entries), bases);
    return { result, pending: outboxCounts(next).pending };
  });
}

/** A new local write: pending again, and a refusal of an earlier revision is answered by it. */
export function markPending(db: Database, id: string, rev: string): Promise<number> {
  return markPendingMany(db, [{ id, rev }]);
}

/** The same for a batch, in one write of the outbox. */
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
  const revs = await read(db, (outbox) => outbox.revs);
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

export function pendingCount(db: Database): Promise<number> {
  return read(db, (outbox) => outboxCounts(outbox).pending);
}

export function pendingIds(db: Database): Promise<string[]> {
  return read(db, (outbox) => Object.keys(outbox.revs));
}

/** Both counts from one read, for the navbar. */
export function syncCounts(db: Database): Promise<{ pending: number; refused: number }> {
  return read(db, outboxCounts);
}

export function refusedChanges(db: Database): Promise<Array<Refusal & { id: string }>> {
  return read(db, (outbox) =>
    Object.entries(outbox.refused)
      .map(([id, refusal]) => ({ id, ...refusal }))
      .sort((a, b) => a.at.localeCompare(b.at)),
  );
}

/** The records edited here and not yet settled: the only ones a pull can bring in conflict. */
export function editedIds(db: Database): Promise<Set<string>> {
  return read(db, (outbox) => new Set(Object.keys(outbox.edited)));
}

/** Edited records neither pending nor refused: sync checks whether they are settled. */
export function settledEditIds(db: Database): Promise<string[]> {
  return read(db, settledEdits);
}

/**
 * These records were found settled (no conflict left): their bases go. Checked again in the
 * queue, so one written meanwhile keeps its base. Resolves with how many went.
 */
export function markSettled(db: Database, ids: readonly string[]): Promise<number> {
  return serialize(db, async () => {
    const stored = await load(db);
    const next = await commit(db, stored, (outbox) => outboxSettled(outbox, ids));
    return Object.keys(stored.outbox.edited).length - Object.keys(next.edited).length;
  });
}

/** Record `id` at revision `rev`, when it is kept as the base of an edit made here. */
export async function keptBase(db: Database, id: string, rev: string): Promise<PouchDoc | null> {
  // A replica still in the previous layout is taken over first, so its bases are found.
  if (!takenOver.has(db)) await read(db, () => undefined);
  return (await readLocal<{ doc?: PouchDoc }>(db, baseDocId(id, rev)))?.doc ?? null;
}

/** Ids discarded locally that push must leave out; read before a sync starts (its filter is synchronous). */
const droppedCache = new WeakMap<Database, Set<string>>();

export async function loadDropped(db: Database): Promise<Set<string>> {
  let dropped = droppedCache.get(db);
  if (!dropped) {
    // Not queued behind the outbox's writes: a live sync waits for it before starting, and a
    // discard made meanwhile reaches the set through commit. (A take-over racing a queued one
    // finds the outbox written and reads it.)
    dropped = new Set((await load(db)).outbox.dropped);
    droppedCache.set(db, dropped);
  }
  return dropped;
}
