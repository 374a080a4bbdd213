// Local replicas and their remote twins. Screens read and write the local replica; the remote
// one is used only by sync (and a few online-only calls).
import { forgetLaunchSnapshot } from './launch-snapshot.ts';
import { type Database, PouchDB } from './pouch.ts';
import { readToken } from './preferences.ts';
import { registeredReplicas, storeReplicas } from './replica-registry.ts';

/** Local replicas are named `moneta-<db>`, so nothing else in the origin's storage is touched. */
export const LOCAL_PREFIX = 'moneta-';
/** Files kept on the device outside the replicas (device-files.ts). */
export const DEVICE_FILES_DB = `${LOCAL_PREFIX}device-files`;

const locals = new Map<string, Database>();

/**
 * Operations in flight on local replicas. Removing the device's data waits until none is left,
 * and refuses new ones meanwhile: a query that outlived its replica would create its view
 * database again after the replica was gone.
 */
let inFlight = 0;
const idleWaiters: Array<() => void> = [];
let closing = false;

/** The calls that read or write a replica (or build a view or index for it). */
const TRACKED = new Set([
  'get',
  'put',
  'remove',
  'bulkDocs',
  'allDocs',
  'find',
  'createIndex',
  'getIndexes',
  'query',
  'info',
  'viewCleanup',
]);

function tracked<T>(result: T): T {
  if (!result || typeof (result as { then?: unknown }).then !== 'function') return result;
  inFlight++;
  const done = () => {
    if (--inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
  };
  (result as unknown as Promise<unknown>).then(done, done);
  return result;
}

/** A replica whose reads and writes are counted (see `inFlight`); everything else passes through. */
function trackedDb(db: Database): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || !TRACKED.has(prop as string)) return value;
      return (...args: unknown[]) => {
        if (closing) return Promise.reject(new Error('This device is signing out'));
        return tracked((value as (...a: unknown[]) => unknown).apply(target, args));
      };
    },
  });
}

/** Resolves when no tracked operation is running (a test's end waits for it too). */
export function operationsSettled(): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

export function localDb(name: string): Database {
  let db = locals.get(name);
  if (!db) {
    if (closing) throw new Error('This device is signing out');
    db = trackedDb(new PouchDB(`${LOCAL_PREFIX}${name}`, { auto_compaction: true }));
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
      const send = () => PouchDB.fetch(url, { ...opts, headers: h, credentials: 'same-origin' });
      return url === `${origin}/db/` && (opts?.method ?? 'GET') === 'GET' ? serverRoot(send) : send();
    },
  });
}

/** The server's welcome (its uuid), by page: asked once rather than once per replication. */
let root: Promise<{ body: string; init: ResponseInit }> | null = null;

/**
 * Each replication asks for the server's uuid (the replication's id is made from it) before its
 * first change: a round trip in line before a first visit's records, four or five times per visit.
 * A failed answer (or none) is passed on as it came but not kept, so the next one asks again.
 */
function serverRoot(send: () => Promise<Response>): Promise<Response> {
  if (!root) {
    const asked = send().then(async (response) => {
      if (!response.ok && root === asked) root = null;
      const { status, statusText, headers } = response;
      return { body: await response.text(), init: { status, statusText, headers } };
    });
    asked.catch(() => {
      if (root === asked) root = null;
    });
    root = asked;
  }
  return root.then(({ body, init }) => new Response(body, init));
}

/** Removes a local replica from this device (leaving a group, logout on a shared device). */
export async function destroyLocalDb(name: string): Promise<void> {
  forgetLaunchSnapshot(name);
  const db = locals.get(name) ?? new PouchDB(`${LOCAL_PREFIX}${name}`);
  locals.delete(name);
  storeReplicas(registeredReplicas().filter((n) => n !== name));
  await db.destroy();
  const views = `_pouch_${LOCAL_PREFIX}${name}-`;
  await removeAppDatabases(views);
  // A query of a screen still open may create its view a moment later: looked for once more.
  if (!closing) setTimeout(() => void removeAppDatabases(views), LEFTOVER_RECHECK_MS);
}

const LEFTOVER_RECHECK_MS = 1500;

/**
 * Deletes the IndexedDB databases whose names start with `prefix`: a replica's views and indexes
 * (`…-mrview-…`), or with the bare prefix, everything the app stored, listed or not.
 */
async function removeAppDatabases(prefix: string): Promise<void> {
  const idb = globalThis.indexedDB as IDBFactory | undefined;
  if (!idb?.databases) return;
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

export interface Stoppable {
  /** Stops background work on replicas (live syncs, index builds) and resolves when it has. */
  stop: () => Promise<void>;
}

/** Background work the removal must stop first; sync and index building register themselves. */
const backgroundWork = new Set<Stoppable>();

export function registerBackgroundWork(work: Stoppable): void {
  backgroundWork.add(work);
}

/** Stops live syncs and index builds (before a logout ends the session they use). */
export async function stopBackgroundWork(): Promise<void> {
  await Promise.all([...backgroundWork].map((work) => work.stop()));
}

/**
 * Logout on a shared device: stops background work, waits for every read and write in flight,
 * then removes every replica this app opened here and whatever the app stored in IndexedDB
 * besides (views built by a query that outlived its replica included). New replicas cannot be
 * opened until it is done, so a quick sign-in never races it. The registry keeps the names
 * that could not be removed, for the next time.
 */
export async function destroyAllLocalData(): Promise<void> {
  closing = true;
  forgetLaunchSnapshot();
  try {
    await stopBackgroundWork();
    await operationsSettled();
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
    await removeAppDatabases(`_pouch_${LOCAL_PREFIX}`);
    // Files waiting to be sent and copies kept offline (device-files.ts) are the person's too.
    await removeAppDatabases(DEVICE_FILES_DB);
    storeReplicas(failed);
  } finally {
    closing = false;
  }
}
