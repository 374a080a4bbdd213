// One change feed per open replica, shared by every screen that shows its records, so a list or
// a record page refreshes when sync brings a change or another screen writes one.
import { localDb } from './databases.ts';
import type { ChangesHandle } from './pouch-api.ts';

type Listener = (ids: readonly string[]) => void;

const feeds = new Map<
  string,
  { handle: ChangesHandle; listeners: Set<Listener>; queued: Set<string>; timer: unknown }
>();

/** Calls `listener` with the ids changed in `dbName`, batched over a short while. */
export function watchReplica(dbName: string, listener: Listener): () => void {
  let feed = feeds.get(dbName);
  if (!feed) {
    const created = {
      listeners: new Set<Listener>(),
      queued: new Set<string>(),
      timer: null as unknown,
      handle: localDb(dbName).changes({ since: 'now', live: true }),
    };
    created.handle.on('change', ({ id }) => {
      if (id.startsWith('_')) return;
      created.queued.add(id);
      // A replication batch brings hundreds of changes: one refresh for all of them.
      created.timer ??= setTimeout(() => {
        const ids = [...created.queued];
        created.queued.clear();
        created.timer = null;
        for (const l of created.listeners) l(ids);
      }, 150);
    });
    feeds.set(dbName, created);
    feed = created;
  }
  feed.listeners.add(listener);
  return () => {
    const current = feeds.get(dbName);
    if (!current) return;
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      current.handle.cancel();
      if (current.timer) clearTimeout(current.timer as number);
      feeds.delete(dbName);
    }
  };
}
