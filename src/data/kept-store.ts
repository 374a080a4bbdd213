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
// The head also keeps what a page load asks first, true at the head's sequence: a reduced view's
// sums per key, and a list view's orders (its ids, sorted, in chunks). Reading every bucket and
// rebuilding the maps took 1.2 to 2.5 s at 50,000 records before the first list page or the
// balances could be answered; from the head and one chunk they are answered in milliseconds
// while the replica has not changed since the save (reduced-views.ts checks the sequence).
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

export type SavedTotal = [key: unknown, value: number, rows: number];

/** Answers made from the rows, saved with them and true at the same sequence. */
export interface SavedAnswers {
  /** The reduced view's sums per key (none: not saved, e.g. too many keys). */
  totals?: readonly SavedTotal[];
  /** Sorted lists of the view's documents, by name (kept-lists.ts names them by their query). */
  orders: ReadonlyArray<[name: string, ids: readonly string[]]>;
}

/** A page of a saved order, and the order's length. */
export interface SavedPage {
  ids: string[];
  total: number;
}

export type WriteOutcome =
  /** The head and the given records are stored. */
  | 'written'
  /** Another tab stored a later state of the replica: this one's older rows must not replace it. */
  | 'behind'
  /** The stored rows belong to another map or replica (or none is stored): a whole save is needed. */
  | 'stale';

/** The database's layout: 1 kept a record per document, 2 a record per bucket, 3 answers beside them. */
const VERSION = 3;
const ROWS = 'rows';
const HEADS = 'heads';
const ORDERS = 'orders';
/** Ids per chunk of a saved order: a list's first page reads one chunk (about 40 kB), not 50,000 ids. */
export const ORDER_CHUNK = 1000;

interface BucketRecord {
  view: string;
  bucket: number;
  /** The bucket's `[id, rows]` pairs as JSON: one string to store and read, not thousands of small arrays. */
  docs: string;
}

interface HeadRecord extends SnapshotHead {
  view: string;
  layout: string;
  /** SavedAnswers' totals as JSON. */
  totals?: string;
  /** The saved orders' names and lengths; their ids are in ORDERS. */
  orders?: Array<[name: string, total: number]>;
}

interface OrderRecord {
  view: string;
  order: string;
  chunk: number;
  /** The chunk's ids as JSON. */
  ids: string;
}

const viewRange = (view: string) => IDBKeyRange.bound([view], [view, []]);
const chunksRange = (view: string, order: string, first: number, last: number) =>
  IDBKeyRange.bound([view, order, first], [view, order, last]);

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
        req.result.createObjectStore(ORDERS, { keyPath: ['view', 'order', 'chunk'] });
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
  /**
   * The view's saved rows and orders with their head, or null when none are saved for this map
   * and replica.
   */
  read(
    view: string,
    source: string,
  ): Promise<{ seq: number | string; docs: Array<[string, Rows]>; orders: Array<[string, string[]]> } | null>;
  /**
   * The saved answers alone (not the rows), read with their head: its sequence, the totals, and
   * of the order named `page.order` (if saved) the ids from `page.skip`, at most `page.limit`.
   * Null when none are saved for this map and replica.
   */
  answers(
    view: string,
    source: string,
    page?: { order: string; skip: number; limit: number },
  ): Promise<{ seq: number | string; totals?: SavedTotal[]; page?: SavedPage } | null>;
  /**
   * Stores the buckets (each with all of its documents now; none: emptied), the answers (which
   * replace those saved) and the head, or with `whole`, replaces every saved bucket of the view
   * with these.
   */
  write(
    view: string,
    head: SnapshotHead,
    buckets: readonly Bucket[],
    whole: boolean,
    answers?: SavedAnswers,
  ): Promise<WriteOutcome>;
}

export function keptStore(db: Database): KeptStore {
  const name = `_pouch_${db.name}-kept-views`;
  let identity: Promise<string> | undefined;
  const replica = () => (identity ??= replicaId(db));
  /** The view's head, if saved for this map and replica in this layout. */
  const headOf = (record: HeadRecord | undefined, source: string, id: string) =>
    record && record.source === source && record.replica === id && record.layout === LAYOUT ? record : null;
  return {
    replica,
    async read(view, source) {
      const [idbDatabase, id] = await Promise.all([open(name), replica()]);
      if (!idbDatabase) return null;
      const tx = idbDatabase.transaction([ROWS, HEADS, ORDERS], 'readonly');
      const [record, records, chunks] = await Promise.all([
        request(tx.objectStore(HEADS).get(view) as IDBRequest<HeadRecord | undefined>),
        request(tx.objectStore(ROWS).getAll(viewRange(view)) as IDBRequest<BucketRecord[]>),
        request(tx.objectStore(ORDERS).getAll(viewRange(view)) as IDBRequest<OrderRecord[]>),
      ]);
      const head = headOf(record, source, id);
      if (!head) return null;
      const orders = new Map<string, string[]>();
      // Chunks come in key order: by order, then chunk.
      for (const chunk of chunks) {
        let ids = orders.get(chunk.order);
        if (!ids) orders.set(chunk.order, (ids = []));
        for (const orderId of JSON.parse(chunk.ids) as string[]) ids.push(orderId);
      }
      return {
        seq: head.seq,
        docs: records.flatMap((bucket) => JSON.parse(bucket.docs) as Bucket[1]),
        orders: (head.orders ?? []).map(([order]) => [order, orders.get(order) ?? []]),
      };
    },
    async answers(view, source, page) {
      const [idbDatabase, id] = await Promise.all([open(name), replica()]);
      if (!idbDatabase) return null;
      const tx = idbDatabase.transaction([HEADS, ORDERS], 'readonly');
      // The chunks are read in the same transaction as the head: both of one save.
      const first = page && Math.floor(page.skip / ORDER_CHUNK);
      const last = page && Math.floor((page.skip + Math.max(page.limit, 1) - 1) / ORDER_CHUNK);
      const [record, chunks] = await Promise.all([
        request(tx.objectStore(HEADS).get(view) as IDBRequest<HeadRecord | undefined>),
        page
          ? request(
              tx.objectStore(ORDERS).getAll(chunksRange(view, page.order, first!, last!)) as IDBRequest<OrderRecord[]>,
            )
          : Promise.resolve([]),
      ]);
      const head = headOf(record, source, id);
      if (!head) return null;
      const saved = page && head.orders?.find(([order]) => order === page.order);
      const ids = chunks.flatMap((chunk) => JSON.parse(chunk.ids) as string[]);
      const from = page ? page.skip - first! * ORDER_CHUNK : 0;
      return {
        seq: head.seq,
        ...(head.totals === undefined ? {} : { totals: JSON.parse(head.totals) as SavedTotal[] }),
        ...(saved ? { page: { ids: ids.slice(from, from + page.limit), total: saved[1] } } : {}),
      };
    },
    async write(view, head, buckets, whole, answers) {
      const idbDatabase = await open(name);
      if (!idbDatabase) return 'written';
      const tx = idbDatabase.transaction([ROWS, HEADS, ORDERS], 'readwrite');
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
      // Answers of an earlier sequence are wrong at this one: replaced, or gone.
      const orders = tx.objectStore(ORDERS);
      orders.delete(viewRange(view));
      for (const [order, ids] of answers?.orders ?? [])
        for (let chunk = 0; chunk * ORDER_CHUNK < ids.length; chunk++)
          orders.put({
            view,
            order,
            chunk,
            ids: JSON.stringify(ids.slice(chunk * ORDER_CHUNK, (chunk + 1) * ORDER_CHUNK)),
          } satisfies OrderRecord);
      heads.put({
        view,
        ...head,
        layout: LAYOUT,
        ...(answers?.totals ? { totals: JSON.stringify(answers.totals) } : {}),
        ...(answers ? { orders: answers.orders.map(([order, ids]): [string, number] => [order, ids.length]) } : {}),
      } satisfies HeadRecord);
      await done(tx);
      return 'written';
    },
  };
}
