// Conflicts between devices, on the device. Two devices that changed one record offline leave two
// revisions of it; fields changed on one side only merge by themselves (src/domain/merge.ts),
// fields changed on both sides wait for a person. Every device reaches the same result: the merge
// is written on the winning revision (the same on every replica) and identical contents are
// settled by keeping that winner, so two devices merging at once still converge.
import { type Doc, type MergeResult, sameValue, threeWayMerge } from '../domain/merge.ts';
import { localDb, remoteDb } from './databases.ts';
import { editedIds, keptBase, markSettled, settledEditIds, writeWithOutbox } from './pending-writes.ts';
import type { Database } from './pouch.ts';
import type { PouchDoc, PutResult } from './pouch-api.ts';
import { useSyncStore } from './sync-store.ts';

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
  // The base an edit made here started from (pending-writes.ts keeps it, by revision).
  const kept = await keptBase(db, winner._id, ancestor);
  if (kept) return content(kept);
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
  const { pending } = await writeWithOutbox(db, [], async () => {
    const results = await db.bulkDocs(docs);
    return { result: results, written: results.filter((r): r is PutResult => 'rev' in r) };
  });
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
 * pushed nor refused nor in conflict are settled, so their merge bases go (the outbox would
 * otherwise keep one for every record ever touched on the device).
 */
export async function pruneSettled(db: Database): Promise<number> {
  const settled: string[] = [];
  for (const id of await settledEditIds(db)) {
    const doc = await db.get(id, { conflicts: true }).catch(() => null);
    if (!(doc as { _conflicts?: string[] } | null)?._conflicts?.length) settled.push(id);
  }
  // An edit made meanwhile is pending again: markSettled checks in the outbox's queue.
  return settled.length === 0 ? 0 : markSettled(db, settled);
}
