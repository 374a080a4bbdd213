// Local replicas and their remote twins. Screens read and write the local replica; the remote
// one is used only by sync (and a few online-only calls).
import { type Database, PouchDB } from './pouch';
import { readJson, readToken, writeJson } from './preferences';

/** Local replicas are named `moneta-<db>`, so nothing else in the origin's storage is touched. */
export const LOCAL_PREFIX = 'moneta-';

const locals = new Map<string, Database>();

/**
 * Every replica the app opened on this device, remembered across reloads so that logout on a
 * shared device can remove them all, including those not opened since the page loaded.
 */
const REPLICAS_KEY = 'moneta.replicas';

export function registeredReplicas(): string[] {
  const names = readJson<unknown>(REPLICAS_KEY);
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

function storeReplicas(names: string[]): void {
  writeJson(REPLICAS_KEY, names.length > 0 ? names : null);
}

export function localDb(name: string): Database {
  let db = locals.get(name);
  if (!db) {
    db = new PouchDB(`${LOCAL_PREFIX}${name}`, { auto_compaction: true });
    locals.set(name, db);
    const known = registeredReplicas();
    if (!known.includes(name)) storeReplicas([...known, name]);
  }
  return db;
}

export interface RemoteOptions {
  /** Origin of the server; the page's own by default. */
  origin?: string;
  /** Extra headers, e.g. the cookie in tests running outside a browser. */
  headers?: Record<string, string>;
}

export function remoteDb(
  name: string,
  { origin = globalThis.location?.origin ?? '', headers = {} }: RemoteOptions = {},
): Database {
  return new PouchDB(`${origin}/db/${name}`, {
    // The server creates databases; a client asking to would only meet a 403.
    skip_setup: true,
    fetch: (url: string | Request, opts?: RequestInit) => {
      const h = new Headers(opts?.headers);
      for (const [k, v] of Object.entries(headers)) h.set(k, v);
      h.set('X-Route-Name', 'sync');
      const token = readToken();
      if (token) h.set('Authorization', `Bearer ${token}`);
      return PouchDB.fetch(url, { ...opts, headers: h, credentials: 'same-origin' });
    },
  });
}

/** Removes a local replica from this device (leaving a group, logout on a shared device). */
export async function destroyLocalDb(name: string): Promise<void> {
  const db = localDb(name);
  locals.delete(name);
  storeReplicas(registeredReplicas().filter((n) => n !== name));
  await db.destroy();
  const pouchName = `${LOCAL_PREFIX}${name}`;
  await removeLeftoverViews(pouchName);
  // A query already under way may still create its view a moment later: looked for once more.
  setTimeout(() => void removeLeftoverViews(pouchName), LEFTOVER_RECHECK_MS);
}

const LEFTOVER_RECHECK_MS = 1500;

/**
 * A view being built while its replica is destroyed (the background index builds, a counter)
 * can leave its own IndexedDB database behind, not yet listed among the replica's dependents:
 * removed by name, so nothing of the group stays on a shared device.
 */
async function removeLeftoverViews(pouchName: string): Promise<void> {
  const idb = globalThis.indexedDB as IDBFactory | undefined;
  if (!idb?.databases) return;
  const prefix = `_pouch_${pouchName}-mrview-`;
  const names = (await idb.databases()).flatMap((info) => (info.name?.startsWith(prefix) ? [info.name] : []));
  await Promise.all(
    names.map(
      (leftover) =>
        new Promise<void>((resolve) => {
          const request = idb.deleteDatabase(leftover);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

/**
 * Logout on a shared device: removes every replica this app opened here. Each one is tried even
 * when another fails; the registry keeps the names that could not be removed, for the next time.
 */
export async function destroyAllLocalData(): Promise<void> {
  const names = [...new Set([...registeredReplicas(), ...locals.keys()])];
  const failed: string[] = [];
  await Promise.all(
    names.map(async (name) => {
      try {
        await destroyLocalDb(name);
      } catch {
        failed.push(name);
      }
    }),
  );
  storeReplicas(failed);
}
