// Changes made on this device that the server does not have: waiting to be sent, or refused. They
// are counted before a logout, exported before a replica the person lost access to goes, and a
// refused one can be discarded, one at a time, by the person who made it.
import { MESSAGES } from '../domain/errors.ts';
import { destroyLocalDb, localDb, type RemoteOptions, remoteDb } from './databases.ts';
import { registeredReplicas } from './replica-registry.ts';
import { markDiscarded, markPending, pendingIds, type Refusal, refusedChanges } from './pending-writes.ts';
import type { PouchDoc } from './pouch-api.ts';
import { useSyncStore } from './sync-store.ts';

export interface UnsentChange {
  id: string;
  /** The document as this device has it (a deletion shows as `_deleted`). */
  doc: PouchDoc | null;
  refusal: Refusal | null;
}

async function current(name: string, id: string): Promise<PouchDoc | null> {
  try {
    return await localDb(name).get(id);
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
  // Deleted here: the tombstone is the change.
  try {
    const [leaf] = (await localDb(name).get(id, { open_revs: 'all' })) as unknown as Array<{ ok?: PouchDoc }>;
    return leaf?.ok ?? null;
  } catch {
    return null;
  }
}

export async function unsentChanges(name: string): Promise<UnsentChange[]> {
  const db = localDb(name);
  const refused = await refusedChanges(db);
  const waiting = (await pendingIds(db)).filter((id) => !refused.some((r) => r.id === id));
  const changes: UnsentChange[] = [];
  for (const id of waiting) changes.push({ id, doc: await current(name, id), refusal: null });
  for (const { id, ...refusal } of refused) changes.push({ id, doc: await current(name, id), refusal });
  return changes;
}

/** How many unsent changes each replica on this device holds (those with none left out). */
export async function unsentCounts(): Promise<Array<{ name: string; count: number }>> {
  const counts: Array<{ name: string; count: number }> = [];
  for (const name of registeredReplicas()) {
    const db = localDb(name);
    const count = new Set([...(await pendingIds(db)), ...(await refusedChanges(db)).map((r) => r.id)]).size;
    if (count > 0) counts.push({ name, count });
  }
  return counts;
}

/** The unsent changes of one replica as a JSON file's text, for the person to keep. */
export async function exportUnsent(name: string, now = new Date()): Promise<string> {
  return JSON.stringify(
    { database: name, exported_at: now.toISOString(), changes: await unsentChanges(name) },
    null,
    2,
  );
}

/**
 * Discards one refused change: the record goes back to what the server has (written as a new
 * revision here, which the server takes), or, when the server never had it, it is removed from
 * this device only. Needs the server, to know what it has.
 */
export async function discardRefusedChange(name: string, id: string, options: RemoteOptions = {}): Promise<void> {
  const db = localDb(name);
  let server: PouchDoc | null = null;
  try {
    server = await remoteDb(name, options).get(id);
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
  const mine = await current(name, id);
  if (server) {
    const { _rev: _theirs, _revisions: _history, ...content } = server;
    const { rev } = await db.put({ ...content, _id: id, ...(mine && !mine._deleted ? { _rev: mine._rev } : {}) });
    await markPending(db, id, rev);
  } else {
    if (mine && !mine._deleted && mine._rev) await db.remove(id, mine._rev);
    await markDiscarded(db, id, { dropped: true });
  }
  const refused = (await refusedChanges(db)).length;
  useSyncStore.getState().update(name, { refused });
}

/**
 * The server refused the whole database: the person left the group or was removed. Its copy goes
 * with the access, but never with work not yet sent: then it stays, marked `revoked`, until the
 * person has exported those changes or chosen to drop them (`removeCopy`).
 */
export async function onAccessLost(name: string, refusal: unknown): Promise<void> {
  // A never-confirmed account past its 30 days is refused everything until it confirms: its
  // groups are still its own, and their copies stay.
  if ((refusal as { reason?: unknown })?.reason === MESSAGES.confirmFirst) return;
  if ((await unsentChanges(name)).length > 0) {
    useSyncStore.getState().update(name, { revoked: true });
    return;
  }
  await removeCopy(name);
}

export async function removeCopy(name: string): Promise<void> {
  await destroyLocalDb(name);
  useSyncStore.getState().forget(name);
}
