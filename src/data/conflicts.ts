// Conflicts between devices, on the device. Two devices that changed one record offline leave two
// revisions of it; fields changed on one side only merge by themselves (src/domain/merge.ts),
// fields changed on both sides wait for a person. Every device reaches the same result: the merge
// is written on the winning revision (the same on every replica) and identical contents are
// settled by keeping that winner, so two devices merging at once still converge.
import { type Doc, type MergeResult, sameValue, threeWayMerge } from '../domain/merge.ts';
import { localDb, remoteDb } from './databases.ts';
import { markPending } from './pending-writes.ts';
import type { Database } from './pouch.ts';
import type { PouchDoc } from './pouch-api.ts';
import { useSyncStore } from './sync-store.ts';

/**
 * The revision a local edit started from, kept beside the record: the replica compacts old
 * revisions away, and a three-way merge needs the common ancestor.
 */
const baseId = (id: string) => `_local/moneta-base-${id}`;

interface BaseDoc {
  _id: string;
  _rev?: string;
  doc: PouchDoc;
}

async function readLocal<T>(db: Database, id: string): Promise<T | null> {
  try {
    return (await db.get(id)) as unknown as T;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

/**
 * Before a local edit: remembers the revision it starts from, unless an earlier edit not yet
 * settled already did (the base is the last revision every device agreed on).
 */
export async function rememberBase(db: Database, id: string, rev: string, pending: boolean): Promise<void> {
  const current = await readLocal<BaseDoc>(db, baseId(id));
  if (current && pending) return;
  let doc: PouchDoc;
  try {
    doc = await db.get(id, { rev });
  } catch {
    return;
  }
  await db.put({ _id: baseId(id), ...(current?._rev ? { _rev: current._rev } : {}), doc } as never);
  await updateEdited(db, (ids) => ids.add(id));
}

/**
 * The records edited on this device: only they can come back from the server in conflict with
 * a local revision, so only they are checked after a pull (a pull may bring thousands).
 */
const EDITED_ID = '_local/moneta-edited';
const editQueues = new WeakMap<Database, Promise<unknown>>();

function updateEdited(db: Database, change: (ids: Set<string>) => void): Promise<void> {
  const task = async () => {
    const doc = (await readLocal<{ _id: string; _rev?: string; ids: string[] }>(db, EDITED_ID)) ?? {
      _id: EDITED_ID,
      ids: [],
    };
    const ids = new Set(doc.ids);
    const before = ids.size;
    change(ids);
    if (ids.size !== before) await db.put({ ...doc, ids: [...ids] } as never);
  };
  const next = (editQueues.get(db) ?? Promise.resolve()).then(task, task);
  editQueues.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

async function editedIds(db: Database): Promise<Set<string>> {
  return new Set((await readLocal<{ ids: string[] }>(db, EDITED_ID))?.ids ?? []);
}

const META = /^_/;

function content(doc: PouchDoc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !META.test(key)));
}

/** The newest revision both branches descend from. */
function commonAncestor(a: PouchDoc, b: PouchDoc): string | null {
  const revsOf = (doc: PouchDoc) => {
    const revisions = doc._revisions as { start: number; ids: string[] } | undefined;
    return revisions ? revisions.ids.map((hash, i) => `${revisions.start - i}-${hash}`) : [];
  };
  const theirs = new Set(revsOf(b));
  return revsOf(a).find((rev) => theirs.has(rev)) ?? null;
}

async function findBase(db: Database, server: Database, winner: PouchDoc, loser: PouchDoc): Promise<Doc | null> {
  const ancestor = commonAncestor(winner, loser);
  if (!ancestor) return null;
  const kept = await readLocal<BaseDoc>(db, baseId(winner._id));
  if (kept?.doc._rev === ancestor) return content(kept.doc);
  for (const source of [db, globalThis.navigator?.onLine === false ? null : server]) {
    if (!source) continue;
    try {
      return content(await source.get(winner._id, { rev: ancestor }));
    } catch {
      // Compacted away here: try the server, which may still have it; else merge without a base.
    }
  }
  return null;
}

export interface RecordConflict {
  /** The revision every replica shows, and the ones competing with it. */
  winner: PouchDoc;
  losers: PouchDoc[];
  /** The winner with every change that merges by itself; `conflicts` lists what needs a person. */
  merge: MergeResult;
}

/**
 * The record's competing revisions and their merge, or null when it has none. `server` is where a
 * base compacted away here may still be found.
 */
export async function readConflict(
  name: string,
  id: string,
  server: Database = remoteDb(name),
): Promise<RecordConflict | null> {
  const db = localDb(name);
  const winner = await db.get(id, { conflicts: true, revs: true });
  const revs = winner._conflicts ?? [];
  if (revs.length === 0) return null;
  const losers = await Promise.all(revs.map((rev) => db.get(id, { rev, revs: true })));
  let merged: Doc = content(winner);
  const conflicts: MergeResult['conflicts'] = [];
  const automatic = new Set<string>();
  for (const loser of losers) {
    const step = threeWayMerge(await findBase(db, server, winner, loser), merged, content(loser));
    merged = step.merged;
    conflicts.push(...step.conflicts);
    step.automatic.forEach((field) => automatic.add(field));
  }
  return { winner, losers, merge: { merged, conflicts, automatic: [...automatic] } };
}

/** Writes the settled record on the winning revision and closes every losing one, in one go. */
export async function settleConflict(name: string, conflict: RecordConflict, resolved: Doc): Promise<void> {
  const db = localDb(name);
  const { winner, losers } = conflict;
  const docs: PouchDoc[] = losers.map((loser) => ({ _id: loser._id, _rev: loser._rev, _deleted: true }));
  // Identical contents: keep the winner as it is, so devices settling together agree.
  if (!sameValue(resolved, content(winner))) docs.push({ ...resolved, _id: winner._id, _rev: winner._rev });
  const results = await db.bulkDocs(docs);
  let pending = 0;
  for (const result of results) if ('rev' in result) pending = await markPending(db, result.id, result.rev);
  const { update, databases } = useSyncStore.getState();
  update(name, { pending, conflicts: (databases[name]?.conflicts ?? []).filter((id) => id !== winner._id) });
}

/**
 * The records of this replica waiting for a person to settle a conflict, from the group's
 * conflicts view (any record, edited here or not), kept in the sync store where lists and the
 * navbar flag them. Conflicts that merge by themselves are left out: the device that edited the
 * record settles them (mergePulledConflicts).
 */
export async function refreshConflicts(name: string): Promise<string[]> {
  const { rows } = await localDb(name).query('conflicts/all', { reduce: false });
  const waiting: string[] = [];
  for (const id of new Set(rows.map((row) => row.id!))) {
    const conflict = await readConflict(name, id).catch(() => null);
    if (conflict && conflict.merge.conflicts.length > 0) waiting.push(id);
  }
  useSyncStore.getState().update(name, { conflicts: waiting });
  return waiting;
}

/**
 * After a pull: settles every pulled record edited here whose revisions merge without a person.
 * Returns the ids left for a person to decide.
 */
export async function mergePulledConflicts(
  name: string,
  pulled: readonly string[],
  server: Database = remoteDb(name),
): Promise<string[]> {
  const db = localDb(name);
  const edited = await editedIds(db);
  const ids = pulled.filter((id) => edited.has(id));
  const left: string[] = [];
  for (const id of ids) {
    let conflict: RecordConflict | null;
    try {
      conflict = await readConflict(name, id, server);
    } catch {
      continue;
    }
    if (!conflict) continue;
    if (conflict.merge.conflicts.length > 0) {
      left.push(id);
      continue;
    }
    await settleConflict(name, conflict, conflict.merge.merged);
  }
  return left;
}

/**
 * Once sync has caught up both ways: records this device edited that are neither waiting to be
 * pushed nor in conflict are settled, so their merge base and their place in the edited list go
 * (the lists would otherwise grow with every record ever touched on the device).
 */
export async function pruneSettled(db: Database, pending: () => Promise<readonly string[]>): Promise<number> {
  const edited = await editedIds(db);
  if (edited.size === 0) return 0;
  const waiting = new Set(await pending());
  const settled: string[] = [];
  for (const id of edited) {
    if (waiting.has(id)) continue;
    const doc = await db.get(id, { conflicts: true }).catch(() => null);
    if (!(doc as { _conflicts?: string[] } | null)?._conflicts?.length) settled.push(id);
  }
  if (settled.length === 0) return 0;
  // Asked again just before: an edit made meanwhile is pending and keeps its base.
  const still = new Set(await pending());
  const pruned = settled.filter((id) => !still.has(id));
  await updateEdited(db, (ids) => pruned.forEach((id) => ids.delete(id)));
  for (const id of pruned) {
    const base = await readLocal<BaseDoc>(db, baseId(id));
    if (base?._rev) await db.remove(base._id, base._rev).catch(() => undefined);
  }
  return pruned.length;
}
