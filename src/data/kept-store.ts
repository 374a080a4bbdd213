// Where the kept views (src/data/reduced-views.ts) save their rows between page loads: an
// IndexedDB database beside the replica's, the documents of each view spread over buckets by a
// hash of their id (a record per bucket, its documents' rows as JSON), and a head per view (the
// replica's sequence the rows are true at, the map's source, the replica they came from). It
// replaced one `_local` document per view holding every record's rows, which a single change
// rewrote whole (35 MB at 50,000 records); here a save rewrites the buckets of the documents that
// changed, and the head with them in one transaction, so a snapshot is never half written. A
// record per document was tried first: the five views of 50,000 records made 190,000 records,
// saved whole in 8.9 s in Chromium (20,000 buckets: 1.6 s). Its name starts with the replica's
// view databases' prefix (`_pouch_<replica>-`), so removing a replica or signing out removes it
// too (src/data/databases.ts).
import { sequenceNumber } from '../domain/recent-changes.ts';
import type { Database } from './pouch-api.ts';

export type Rows = Array<[key: unknown, value: number]>;

/**
 * Buckets per view: 50,000 documents make about 12 a bucket, and a burst of 200 changes rewrites
 * about 200 buckets (2,400 documents' rows) rather than every one.
 */
export const BUCKETS = 4096;
/** How documents are spread over buckets: a head saved with another layout is not read. */
const LAYOUT = `fnv1a:${BUCKETS}`;

/** The bucket of a document (FNV-1a of its id). */
export function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

export type Bucket = [bucket: number, docs: Array<[id: string, rows: Rows]>];

export interface SnapshotHead {
  seq: number | string;
  source: string;
  /** The replica's instance id: a replica made anew under the same name never reads another's rows. */
  replica: string;
}

export type WriteOutcome =
  /** The head and the given records are stored. */
  | 'written'
  /** Another tab stored a later state of the replica: this one's older rows must not replace it. */
  | 'behind'
  /** The stored rows belong to another map or replica (or none is stored): a whole save is needed. */
  | 'stale';

/** The database's layout: 1 kept a record per document, 2 a record per bucket. */
const VERSION = 2;
const ROWS = 'rows';
const HEADS = 'heads';

interface BucketRecord {
  view: string;
  bucket: number;
  /** The bucket's `[id, rows]` pairs as JSON: one string to store and read, not thousands of small arrays. */
  docs: string;
}

interface HeadRecord extends SnapshotHead {
  view: string;
  layout: string;
}

const viewRange = (view: string) => IDBKeyRange.bound([view], [view, []]);

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** Whether `stored` is a later state of the replica than `seq` (both from the same replica). */
function isLater(stored: number | string, seq: number | string): boolean {
  const [a, b] = [sequenceNumber(stored), sequenceNumber(seq)];
  return a !== null && b !== null && a > b;
}

const connections = new Map<string, Promise<IDBDatabase | null>>();

/** The store's database, or null where IndexedDB is missing or refuses (the rows are then made each load). */
function open(name: string): Promise<IDBDatabase | null> {
  let connection = connections.get(name);
  if (!connection) {
    connection = new Promise<IDBDatabase | null>((resolve) => {
      const idb = globalThis.indexedDB as IDBFactory | undefined;
      if (!idb) return resolve(null);
      const req = idb.open(name, VERSION);
      req.onupgradeneeded = () => {
        // Saved rows of another layout are a cache of the replica: dropped, and made again.
        for (const store of [...req.result.objectStoreNames]) req.result.deleteObjectStore(store);
        req.result.createObjectStore(ROWS, { keyPath: ['view', 'bucket'] });
        req.result.createObjectStore(HEADS, { keyPath: 'view' });
      };
      req.onsuccess = () => {
        const idbDatabase = req.result;
        // The replica is being removed (sign-out, leaving the group): let the deletion through.
        idbDatabase.onversionchange = () => {
          idbDatabase.close();
          if (connections.get(name) === connection) connections.delete(name);
        };
        resolve(idbDatabase);
      };
      req.onerror = req.onblocked = () => resolve(null);
    });
    connections.set(name, connection);
  }
  return connection;
}

/** The replica's instance id (PouchDB's `id()`, which the app's slice of its API does not list). */
function replicaId(db: Database): Promise<string> {
  return (db as unknown as { id(): Promise<string> }).id();
}

export interface KeptStore {
  /** The replica's identity, to put in a head. */
  replica(): Promise<string>;
  /** The view's saved rows with their head, or null when none are saved for this map and replica. */
  read(view: string, source: string): Promise<{ seq: number | string; docs: Array<[string, Rows]> } | null>;
  /**
   * Stores the buckets (each with all of its documents now; none: emptied) and the head, or with
   * `whole`, replaces every saved bucket of the view with these.
   */
  write(view: string, head: SnapshotHead, buckets: readonly Bucket[], whole: boolean): Promise<WriteOutcome>;
}

export function keptStore(db: Database): KeptStore {
  const name = `_pouch_${db.name}-kept-views`;
  let identity: Promise<string> | undefined;
  const replica = () => (identity ??= replicaId(db));
  return {
    replica,
    async read(view, source) {
      const [idbDatabase, id] = await Promise.all([open(name), replica()]);
      if (!idbDatabase) return null;
      const tx = idbDatabase.transaction([ROWS, HEADS], 'readonly');
      const [head, records] = await Promise.all([
        request(tx.objectStore(HEADS).get(view) as IDBRequest<HeadRecord | undefined>),
        request(tx.objectStore(ROWS).getAll(viewRange(view)) as IDBRequest<BucketRecord[]>),
      ]);
      if (!head || head.source !== source || head.replica !== id || head.layout !== LAYOUT) return null;
      return { seq: head.seq, docs: records.flatMap((record) => JSON.parse(record.docs) as Bucket[1]) };
    },
    async write(view, head, buckets, whole) {
      const idbDatabase = await open(name);
      if (!idbDatabase) return 'written';
      const tx = idbDatabase.transaction([ROWS, HEADS], 'readwrite');
      const heads = tx.objectStore(HEADS);
      const rows = tx.objectStore(ROWS);
      const stored = await request(heads.get(view) as IDBRequest<HeadRecord | undefined>);
      const same = stored?.source === head.source && stored.replica === head.replica && stored.layout === LAYOUT;
      if (same && isLater(stored.seq, head.seq)) return 'behind';
      if (!same && !whole) return 'stale';
      if (whole) rows.delete(viewRange(view));
      for (const [bucket, docs] of buckets)
        if (docs.length > 0) rows.put({ view, bucket, docs: JSON.stringify(docs) } satisfies BucketRecord);
        else rows.delete([view, bucket]);
      heads.put({ view, ...head, layout: LAYOUT } satisfies HeadRecord);
      await done(tx);
      return 'written';
    },
  };
}
