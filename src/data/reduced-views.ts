// Reductions of the group's views kept up to date change by change, on the device. PouchDB keeps
// no stored reductions: every `_sum` or `_count` query reads one row per record (balances over
// 50,000 records: seconds, on every dashboard visit and after every save), and its view index
// costs about 3.5 ms a document to build in Chromium (minutes after a big pull or import).
// Here each document's rows (through the same compiled map function, src/data/views.ts) are
// kept with the replica's sequence; the changes since then replace the rows of their documents
// and grouping works on per-key sums. The rows are saved beside the replica (a snapshot, a few
// seconds after the changes stop, of the documents that changed: src/data/kept-store.ts), so a
// page load reads them instead of every document, and they are first made by reading the
// documents themselves, not PouchDB's index.
// Reading the saved rows back is itself a second or two at 50,000 records: a page load's first
// questions (the sums, a list's first page) are answered from what the save keeps beside the rows
// (the totals, each list's orders) while the replica is still at the sequence they were saved
// at, and the rows are read once the page is quiet, or when a change or a question needs them.
import { collate } from 'pouchdb-collate';
import { MAP_FUNCTIONS } from 'virtual:couch-views';
import { registerBackgroundWork } from './databases.ts';
import {
  type Bucket,
  bucketOf,
  keptStore,
  type KeptStore,
  type Rows,
  type SavedAnswers,
  type SavedTotal,
} from './kept-store.ts';
import type { Database } from './pouch-api.ts';

export type { Rows };

interface Total {
  key: unknown;
  value: number;
  /** Rows behind the sum: a group with none left is gone, while a `_sum` of 0 is still a row. */
  rows: number;
}

interface Reduced {
  view: string;
  /** Whether totals per key are kept (a `_sum` or `_count` view), or only the rows (a projection). */
  reduce: boolean;
  seq: number | string;
  /** The map function's source the rows come from: another one (a new app version) starts over. */
  source: string;
  map: (doc: unknown) => Rows;
  byDoc: Map<string, Rows>;
  /** The documents with rows, by bucket (kept-store.ts): what a save of a bucket writes. */
  buckets: Map<number, Set<string>>;
  totals: Map<string, Total>;
  /** A structure made from the rows and kept with them (the search's words), when the view has one. */
  derived?: Derived;
  /** How an order of the view's documents is made from the rows, by its name (KeptMap.order). */
  order?: KeptMap['order'];
  /**
   * Orders of the documents asked for, least recent first, each true until the rows change
   * (null: to be made again from the rows).
   */
  orders: Map<string, string[] | null>;
  /** An order was made that the last save did not keep. */
  ordersChanged: boolean;
  /** Documents whose rows changed since the last save, and whether the next one rewrites them all. */
  changed: Set<string>;
  whole: boolean;
}

export interface ReduceOptions {
  group_level?: number;
  group?: boolean;
  key?: unknown;
  startkey?: unknown;
  endkey?: unknown;
}

const REDUCERS = new Set(['_sum', '_count']);
/** Documents read per step while the rows are first made, and changes per step after. */
const PAGE = 500;
/** Quiet time before the snapshot is written: an import's batches write it once, not 250 times. */
export const SAVE_AFTER_MS = 3_000;
/**
 * The longest a pull holds a save back (holdKeptSaves): a pull of many minutes on a slow phone
 * still saves now and then, so a tab closed during it loses no more than this of the work.
 */
const HELD_AT_MOST_MS = 60_000;
/**
 * Quiet time after the last answer from a snapshot's head before the rows are read: a page
 * load's first screen asks its questions within it, and each is answered without the rows.
 */
const READ_ROWS_AFTER_MS = 1_000;
/** Orders kept in memory per view, and the most recent of them saved (a list's default order first). */
const ORDERS_KEPT = 8;
const ORDERS_SAVED = 3;
/** Sums per key saved in the head: a view with more keys (a day per key) waits for its rows. */
const TOTALS_SAVED = 20_000;

/** Where a version before kept-store.ts saved a view's rows, all in one document: removed once read anew. */
const legacySnapshotId = (view: string) => `_local/moneta-reduced:${view}`;
const number = (value: unknown) => (typeof value === 'number' ? value : 0);

function add(state: Reduced, rows: Rows, sign: 1 | -1): void {
  if (!state.reduce) return;
  for (const [key, value] of rows) {
    const id = JSON.stringify(key);
    const total = state.totals.get(id) ?? { key, value: 0, rows: 0 };
    total.value += sign * value;
    total.rows += sign;
    if (total.rows === 0) state.totals.delete(id);
    else state.totals.set(id, total);
  }
}

function setRows(state: Reduced, id: string, rows: Rows): void {
  const before = state.byDoc.get(id);
  state.derived?.update(id, before ?? [], rows);
  if (before) add(state, before, -1);
  if (rows.length > 0) {
    state.byDoc.set(id, rows);
    add(state, rows, 1);
  } else state.byDoc.delete(id);
  for (const name of state.orders.keys()) state.orders.set(name, null);
  if (!before !== !(rows.length > 0)) {
    const bucket = bucketOf(id);
    let ids = state.buckets.get(bucket);
    if (!ids) state.buckets.set(bucket, (ids = new Set()));
    if (before) ids.delete(id);
    else ids.add(id);
  }
  if (!state.whole) state.changed.add(id);
}

/**
 * A map written in the app's code rather than in a design document (the records' list fields,
 * src/data/kept-lists.ts): its rows are kept the same way, without totals. `source` names its
 * version: a saved copy of another version is made again.
 */
export interface KeptMap {
  source: string;
  map: Reduced['map'];
  /**
   * How the order named `name` (a list's query) sorts the documents from their rows, or null
   * for a name this version does not make. Orders are saved with the rows (keptOrder).
   */
  order?: (name: string) => ((byDoc: ReadonlyMap<string, Rows>) => string[]) | null;
}

/** A structure kept beside a view's rows, told of each document's rows as they change. */
export interface Derived {
  update(id: string, before: Rows, after: Rows): void;
  /**
   * Told once the changes of a load or a catch-up are all applied, before anyone reads: work
   * left for many changes at once (a sort) is done here, while the view is being made, rather
   * than by the first screen that reads it.
   */
  settle?(): void;
}

const KEPT_MAPS = new Map<string, () => KeptMap>();
/** Design-document views without a reduce kept here all the same, each with its structure. */
const KEPT_VIEWS = new Map<string, () => Derived>();

export function registerKeptMap(view: string, make: () => KeptMap): void {
  KEPT_MAPS.set(view, make);
}

/**
 * Keeps a design-document view that has no reduce (the search's words) with its rows, and a
 * structure made from them for queries (`keptDerived`): no PouchDB view index, whose build over
 * every document writes each emitted row to IndexedDB.
 */
export function registerKeptView(view: string, derive: () => Derived): void {
  KEPT_VIEWS.set(view, derive);
}

type Compiled = { source: string; map: Reduced['map']; reduce: boolean; derived?: Derived; order?: KeptMap['order'] };

/** The view's compiled map function as one giving a document's rows, or null if not kept here. */
async function compiled(db: Database, view: string): Promise<Compiled | null> {
  const kept = KEPT_MAPS.get(view);
  if (kept) return { ...kept(), reduce: false };
  const derive = KEPT_VIEWS.get(view);
  const [ddocName, viewName] = view.split('/') as [string, string];
  const ddoc = (await db.get(`_design/${ddocName}`)) as { views?: Record<string, { map?: unknown; reduce?: unknown }> };
  const spec = ddoc.views?.[viewName];
  const source = String(spec?.map ?? '').trim();
  const make = MAP_FUNCTIONS[source];
  const reducer = String(spec?.reduce ?? '').trim();
  if (!make || !(REDUCERS.has(reducer) || (derive && !reducer))) return null;
  let rows: Rows = [];
  const run = make((key, value) => void rows.push([key, reducer === '_sum' ? number(value) : 1]));
  return {
    source,
    reduce: Boolean(reducer),
    ...(derive && !reducer ? { derived: derive() } : {}),
    map: (doc) => {
      rows = [];
      run(doc);
      return rows;
    },
  };
}

async function removeLegacySnapshot(db: Database, view: string): Promise<void> {
  try {
    const legacy = await db.get(legacySnapshotId(view));
    await db.remove(legacy._id, legacy._rev!);
  } catch {
    // None (the usual case), or already removed by another tab.
  }
}

/** The rows as last saved, or made by reading every document once (design documents aside). */
async function load(db: Database, store: KeptStore, view: string): Promise<Reduced | null> {
  const map = await compiled(db, view);
  if (!map) return null;
  const state: Reduced = {
    view,
    seq: 0,
    ...map,
    byDoc: new Map(),
    buckets: new Map(),
    totals: new Map(),
    orders: new Map(),
    ordersChanged: false,
    changed: new Set(),
    whole: true,
  };
  const snapshot = await store.read(view, map.source).catch(() => null);
  if (snapshot) {
    state.seq = snapshot.seq;
    for (const [id, rows] of snapshot.docs) setRows(state, id, rows);
    // Saved most recent first, true at the snapshot's sequence: the changes since drop them.
    for (const [name, ids] of snapshot.orders.toReversed()) if (state.order?.(name)) state.orders.set(name, ids);
    state.whole = false;
    return state;
  }
  await removeLegacySnapshot(db, view);
  // Documents written while these pages are read are in the changes after `seq`.
  state.seq = (await db.info()).update_seq;
  let startkey: string | undefined;
  for (;;) {
    const { rows } = await db.allDocs({
      include_docs: true,
      limit: PAGE + (startkey === undefined ? 0 : 1),
      ...(startkey === undefined ? {} : { startkey }),
    });
    const page = startkey === undefined ? rows : rows.slice(1);
    for (const row of page) if (row.doc && !row.id.startsWith('_design/')) setRows(state, row.id, state.map(row.doc));
    if (page.length < PAGE) break;
    startkey = page[page.length - 1]!.id;
  }
  return state;
}

/** Applies the replica's changes since the state's sequence; null when it must be read anew. */
async function catchUp(db: Database, state: Reduced): Promise<Reduced | null> {
  const ddocId = `_design/${state.view.split('/')[0]}`;
  for (;;) {
    const { results, last_seq } = await db.changes({ since: state.seq, include_docs: true, limit: PAGE });
    for (const change of results) {
      if (change.id === ddocId) return null;
      if (change.id.startsWith('_design/')) continue;
      setRows(state, change.id, !change.deleted && change.doc ? state.map(change.doc) : []);
    }
    state.seq = last_seq;
    if (results.length < PAGE) return state;
  }
}

/** Loaded, and caught up with the changes written since the snapshot (or while it was made). */
async function loadCurrent(db: Database, store: KeptStore, view: string): Promise<Reduced | null> {
  const loaded = await load(db, store, view);
  // A design document changed meanwhile: its new rows are read once more.
  return loaded && ((await catchUp(db, loaded)) ?? load(db, store, view));
}

const isDirty = (state: Reduced) => state.whole || state.changed.size > 0 || state.ordersChanged;

/** The order named `name` of the view's documents, made from the rows unless they are unchanged since. */
function orderIds(state: Reduced, name: string): string[] | null {
  const known = state.orders.get(name);
  if (known) return known;
  const make = state.order?.(name);
  if (!make) return null;
  const ids = make(state.byDoc);
  if (known === undefined) state.ordersChanged = true;
  state.orders.set(name, ids);
  return ids;
}

/** An order asked for: the most recent last, and no more than ORDERS_KEPT in memory. */
function askedOrder(state: Reduced, name: string): string[] | null {
  const ids = orderIds(state, name);
  if (!ids) return null;
  state.orders.delete(name);
  state.orders.set(name, ids);
  for (const old of state.orders.keys()) if (state.orders.size > ORDERS_KEPT) state.orders.delete(old);
  return ids;
}

/** What a save keeps beside the rows: the sums per key, and the most recent orders (made now if changed). */
function answersOf(state: Reduced): SavedAnswers {
  const orders: Array<[string, string[]]> = [];
  for (const name of [...state.orders.keys()].reverse().slice(0, ORDERS_SAVED)) {
    const ids = orderIds(state, name);
    if (ids) orders.push([name, ids]);
  }
  const totals =
    // A sum that JSON cannot hold (NaN, Infinity) would come back as null: those wait for the rows.
    state.reduce &&
    state.totals.size <= TOTALS_SAVED &&
    [...state.totals.values()].every((t) => Number.isFinite(t.value))
      ? [...state.totals.values()].map(({ key, value, rows }): SavedTotal => [key, value, rows])
      : undefined;
  return { ...(totals ? { totals } : {}), orders };
}

/** What a save wrote: buckets (all of them for a whole save), and whether it was another tab's turn. */
export interface SaveReport {
  records: number;
  outcome: 'written' | 'behind' | 'clean';
}

/**
 * Writes the documents changed since the last save, with the sequence they are true at. A tab
 * that finds a later state saved by another tab leaves it: its own changes are in it already.
 */
async function save(store: KeptStore, state: Reduced): Promise<SaveReport> {
  if (!isDirty(state)) return { records: 0, outcome: 'clean' };
  const head = { seq: state.seq, source: state.source, replica: await store.replica() };
  const changed = state.changed;
  let whole = state.whole;
  const answers = answersOf(state);
  state.changed = new Set();
  state.whole = false;
  state.ordersChanged = false;
  // A bucket is written with all of its documents: the rows of those that did not change too.
  const bucketsOf = (buckets: Iterable<number>): Bucket[] =>
    [...buckets].map((b) => [b, [...(state.buckets.get(b) ?? [])].map((id) => [id, state.byDoc.get(id)!])]);
  try {
    let records = bucketsOf(whole ? state.buckets.keys() : new Set([...changed].map(bucketOf)));
    let outcome = await store.write(state.view, head, records, whole, answers);
    if (outcome === 'stale') {
      // Saved rows of another map or replica, or none (removed with the replica's view databases).
      whole = true;
      records = bucketsOf(state.buckets.keys());
      outcome = await store.write(state.view, head, records, true, answers);
    }
    return { records: records.length, outcome: outcome === 'behind' ? 'behind' : 'written' };
  } catch (error) {
    // Kept for the next save (storage full, the database being removed).
    for (const id of changed) state.changed.add(id);
    state.whole ||= whole;
    state.ordersChanged = true;
    throw error;
  }
}

interface PerView {
  state: Promise<Reduced | null>;
  timer?: ReturnType<typeof setTimeout>;
  /** When a pull first held this view's save back (Date.now()). */
  heldSince?: number;
  /** Whether the rows were asked for: until then, the snapshot's head answers what it can. */
  rowsAsked?: boolean;
  /** The rows' read once the page is quiet after answers from the head. */
  idle?: ReturnType<typeof setTimeout>;
}

interface PerReplica {
  store: KeptStore;
  views: Map<string, PerView>;
  /** Pulls writing into the replica now (holdKeptSaves). */
  pulls: number;
}

const replicas = new WeakMap<Database, PerReplica>();

/** Snapshots and reads of rows waiting for quiet: dropped when the device's data is removed (sign-out). */
const waiting = new Set<PerView>();
const waitingReads = new Set<PerView>();

registerBackgroundWork({
  stop() {
    for (const entry of waiting) clearTimeout(entry.timer);
    for (const entry of waitingReads) clearTimeout(entry.idle);
    waiting.clear();
    waitingReads.clear();
    return Promise.resolve();
  },
});

function scheduleSave(replica: PerReplica, entry: PerView, state: Reduced): void {
  if (!isDirty(state)) return;
  clearTimeout(entry.timer);
  waiting.add(entry);
  entry.timer = setTimeout(() => {
    if (replica.pulls > 0 && Date.now() - (entry.heldSince ??= Date.now()) < HELD_AT_MOST_MS)
      return scheduleSave(replica, entry, state);
    entry.heldSince = undefined;
    waiting.delete(entry);
    // Queued behind queries, so a snapshot never mixes two moments; a failure waits for the next.
    entry.state = entry.state.then(async (current) => {
      if (current) await save(replica.store, current).catch(() => undefined);
      return current;
    });
  }, SAVE_AFTER_MS);
}

function inRange(key: unknown, options: ReduceOptions): boolean {
  if ('key' in options) return collate(key, options.key) === 0;
  if (options.startkey !== undefined && collate(key, options.startkey) < 0) return false;
  if (options.endkey !== undefined && collate(key, options.endkey) > 0) return false;
  return true;
}

function grouped(
  totals: Iterable<{ key: unknown; value: number }>,
  options: ReduceOptions,
): Array<{ key: unknown; value: number }> {
  const level = options.group ? Infinity : options.group_level;
  const groups = new Map<string, { key: unknown; value: number }>();
  for (const total of totals) {
    if (!inRange(total.key, options)) continue;
    const key =
      level === undefined
        ? null
        : Array.isArray(total.key) && level !== Infinity
          ? total.key.slice(0, level)
          : total.key;
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, value: 0 };
    group.value += total.value;
    groups.set(id, group);
  }
  return [...groups.values()].sort((a, b) => collate(a.key, b.key));
}

/** The view's state, caught up with the replica's changes; null for a view this cannot keep. */
function replicaOf(db: Database): PerReplica {
  let replica = replicas.get(db);
  if (!replica) replicas.set(db, (replica = { store: keptStore(db), views: new Map(), pulls: 0 }));
  return replica;
}

function entryOf(views: Map<string, PerView>, view: string): PerView {
  let entry = views.get(view);
  if (!entry) views.set(view, (entry = { state: Promise.resolve(null) }));
  return entry;
}

async function current(db: Database, view: string): Promise<Reduced | null> {
  const replica = replicaOf(db);
  const { store, views } = replica;
  const entry = entryOf(views, view);
  entry.rowsAsked = true;
  clearTimeout(entry.idle);
  waitingReads.delete(entry);
  // One query at a time per view: each catches up from where the one before it left the rows.
  const next = entry.state
    .catch(() => null)
    .then(async (known) => (known ? await catchUp(db, known) : null) ?? loadCurrent(db, store, view));
  entry.state = next;
  const state = await next;
  state?.derived?.settle?.();
  if (state) scheduleSave(replica, entry, state);
  return state;
}

const sameSeq = (a: unknown, b: unknown) =>
  typeof a === 'number' || typeof b === 'number' ? a === b : String(a) === String(b);

type HeadAnswers = NonNullable<Awaited<ReturnType<KeptStore['answers']>>>;

/**
 * Until the view's rows are asked for, what its snapshot's head answers alone, if the replica is
 * at the sequence the head was saved at (a change since, made here, in another tab or by a pull
 * while the page was closed, leaves the head's answers behind: null, and the rows answer).
 */
async function fromHead<T>(
  db: Database,
  view: string,
  page: { order: string; skip: number; limit: number } | undefined,
  answer: (saved: HeadAnswers) => T | undefined,
): Promise<T | null> {
  const { store, views } = replicaOf(db);
  const entry = entryOf(views, view);
  if (entry.rowsAsked) return null;
  const map = await compiled(db, view).catch(() => null);
  if (!map) return null;
  const [saved, info] = await Promise.all([store.answers(view, map.source, page).catch(() => null), db.info()]);
  const answered = saved && sameSeq(saved.seq, info.update_seq) ? answer(saved) : undefined;
  if (answered === undefined || entry.rowsAsked) return null;
  readRowsWhenQuiet(db, view, entry);
  return answered;
}

/**
 * Opens what a page load's first answers read (the replica, the view's map, its saved head)
 * without asking for the rows: asking for them would take the head's answers away from the page
 * (fromHead), which then waits for every row to be read.
 */
export async function warmKeptView(db: Database, view: string): Promise<void> {
  const { store } = replicaOf(db);
  const map = await compiled(db, view).catch(() => null);
  if (map) await Promise.all([store.answers(view, map.source, undefined).catch(() => null), db.info()]);
}

/** The rows read once the page is quiet, so that a change or another question finds them ready. */
function readRowsWhenQuiet(db: Database, view: string, entry: PerView): void {
  clearTimeout(entry.idle);
  waitingReads.add(entry);
  entry.idle = setTimeout(() => {
    waitingReads.delete(entry);
    const read = () => void current(db, view).catch(() => undefined);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(read, { timeout: 5_000 });
    else read();
  }, READ_ROWS_AFTER_MS);
}

/**
 * A `_sum` or `_count` view reduced as CouchDB would answer `reduce=true` with these options,
 * or null for a view this cannot reduce (another reducer, a design document the app lacks).
 */
export async function reducedView(
  db: Database,
  view: string,
  options: ReduceOptions = {},
): Promise<Array<{ key: unknown; value: number }> | null> {
  const saved = await fromHead(db, view, undefined, ({ totals }) =>
    totals
      ? grouped(
          totals.map(([key, value]) => ({ key, value })),
          options,
        )
      : undefined,
  );
  if (saved) return saved;
  const state = await current(db, view);
  return state && grouped(state.totals.values(), options);
}

/**
 * A page of the view's documents in the order named `name` (made by its KeptMap's `order`), and
 * how many the order holds; null for a view or an order this cannot keep. The order is made once
 * per state of the rows, and saved with them: a page load reads its first page from the save.
 */
export async function keptOrder(
  db: Database,
  view: string,
  name: string,
  skip: number,
  limit: number,
): Promise<{ ids: string[]; total: number } | null> {
  const saved = await fromHead(db, view, { order: name, skip, limit }, ({ page }) => page);
  if (saved) return saved;
  const state = await current(db, view);
  const ids = state && askedOrder(state, name);
  if (!state || !ids) return null;
  // A new order is saved too, though no row changed: the next page load reads its first page.
  const replica = replicaOf(db);
  if (state.ordersChanged) scheduleSave(replica, entryOf(replica.views, view), state);
  return { ids: ids.slice(skip, skip + limit), total: ids.length };
}

/**
 * The same view's rows themselves, each with its document's id, in no order: a screen that pages
 * through a few thousand keys (the reader's filters) sorts and slices them in memory, with no
 * index to build after a pull. Null for a view this cannot keep.
 */
export async function keptRows(db: Database, view: string): Promise<Array<{ id: string; key: unknown }> | null> {
  const state = await current(db, view);
  if (!state) return null;
  const rows: Array<{ id: string; key: unknown }> = [];
  for (const [id, docRows] of state.byDoc) for (const [key] of docRows) rows.push({ id, key });
  return rows;
}

/** The structure kept beside a view's rows (registerKeptView), caught up; null when not kept here. */
export async function keptDerived<T extends Derived>(db: Database, view: string): Promise<T | null> {
  const state = await current(db, view);
  return (state?.derived as T | undefined) ?? null;
}

/**
 * Catches a view up and saves what changed now, without waiting for quiet (background work after
 * a pull, a benchmark); null for a view this cannot keep.
 */
export async function saveKeptView(db: Database, view: string): Promise<SaveReport | null> {
  if (!(await current(db, view))) return null;
  const { store, views } = replicaOf(db);
  const entry = views.get(view)!;
  clearTimeout(entry.timer);
  entry.heldSince = undefined;
  waiting.delete(entry);
  let report: SaveReport | null = null;
  entry.state = entry.state.then(async (state) => {
    if (state) report = await save(store, state);
    return state;
  });
  await entry.state;
  return report;
}

/**
 * Holds the saves of the replica's views while a pull writes into it, until the function returned
 * is called (once; more calls do nothing). A pull brings its documents in batches, and a screen
 * open meanwhile asks again after each: when the batches come slower than a save's quiet time (a
 * phone, a poor network), each one made a save, with its lists' orders sorted again and its
 * changed buckets written. Held, the views save once the pull rests (or every HELD_AT_MOST_MS).
 */
export function holdKeptSaves(db: Database): () => void {
  const replica = replicaOf(db);
  replica.pulls++;
  let held = true;
  return () => {
    if (held) replica.pulls--;
    held = false;
  };
}

/** Makes and saves a view's rows now (background work after a pull); false if not reducible here. */
export async function prepareReducedView(db: Database, view: string): Promise<boolean> {
  return (await saveKeptView(db, view)) !== null;
}
