// pouchdb-find indexes built in the background after a replica's first pull, so the first list
// screen reads from a ready index (15 ms) instead of building it over every document (seconds,
// see docs/benchmarks.md). The indexes and views screens query are registered per database kind
// and per module (null: every group's); a group builds only those of the modules it has enabled.
// Sync asks for the build after each successful pull: indexes are built once, views (cheap once
// built) are brought up to date each time.
import { databaseKind, type DatabaseKind } from '../domain/ids.ts';
import { type AdjustmentDoc, settingsFromAdjustments } from '../domain/group-settings.ts';
import { enabledModules } from '../domain/modules/index.ts';
import { localDb, registerBackgroundWork } from './databases.ts';
import { whenIdle } from './idle.ts';
import type { Database } from './pouch.ts';
import { prepareReducedView } from './reduced-views.ts';
import { ensureIndex, listFew, queryView } from './records.ts';

/** Which indexes this replica has built and warmed: on the device only, gone with the replica. */
const BUILT_ID = '_local/moneta-indexes';

interface BuiltDoc {
  _id: string;
  _rev?: string;
  built: string[];
}

interface Entry {
  fields: string[];
  /** The modules that need it; null when every replica of the kind does. */
  modules: Set<string> | null;
  /** The kinds of record it lists: built once the replica holds one; null when unsaid. */
  klasses: Set<string> | null;
}

const registry: Record<DatabaseKind, Map<string, Entry>> = { group: new Map(), personal: new Map() };

const keyOf = (fields: readonly string[]) => fields.join(',');

function register(
  kind: DatabaseKind,
  key: string,
  fields: string[],
  module: string | null,
  klasses: readonly string[] | null,
): void {
  const known = registry[kind].get(key);
  if (!known) {
    registry[kind].set(key, {
      fields,
      modules: module === null ? null : new Set([module]),
      klasses: klasses === null ? null : new Set(klasses),
    });
    return;
  }
  if (module === null) known.modules = null;
  else known.modules?.add(module);
  if (klasses === null) known.klasses = null;
  else for (const klass of klasses) known.klasses?.add(klass);
}

/**
 * Adds the indexes (each a list of fields, as `ensureIndex` takes them) that `module`'s screens
 * query (null: every replica's); registering again is harmless.
 */
export function registerIndexes(
  kind: DatabaseKind,
  indexes: readonly (readonly string[])[],
  module: string | null = null,
  klasses: readonly string[] | null = null,
): void {
  for (const fields of indexes) if (fields.length > 0) register(kind, keyOf(fields), [...fields], module, klasses);
}

export function registeredIndexes(kind: DatabaseKind): string[][] {
  return [...registry[kind]].filter(([key]) => !key.startsWith(VIEW_PREFIX)).map(([, entry]) => [...entry.fields]);
}

async function readBuilt(db: Database): Promise<BuiltDoc> {
  try {
    return (await db.get(BUILT_ID)) as unknown as BuiltDoc;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return { _id: BUILT_ID, built: [] };
    throw error;
  }
}

/**
 * Design-document views queried by screens (the search view, counters): PouchDB builds a view on
 * its first query, over every document, so that query is made here, in the background, too.
 */
export function registerViews(kind: DatabaseKind, views: readonly string[], module: string | null = null): void {
  for (const view of views) register(kind, `${VIEW_PREFIX}${view}`, [view], module, null);
}

/** The modules a group's replica has switched on, from its own settings (its kind's always). */
async function modulesOf(dbName: string): Promise<Set<string>> {
  // With the group's defaults, as its menus read them: a group that never stored `budget` has Moneta.
  const settings = settingsFromAdjustments(await listFew<AdjustmentDoc>(dbName, 'Adjustment'));
  return new Set(enabledModules(settings, settings.kind ?? null));
}

const VIEW_PREFIX = 'view:';

/** Whether the background builds already made this view on the replica (a query would not wait). */
export async function isViewBuilt(dbName: string, view: string): Promise<boolean> {
  const db = localDb(dbName);
  const built = known.get(db) ?? new Set((await readBuilt(db)).built);
  return built.has(`${VIEW_PREFIX}${view}`);
}

/** Builds the index and reads one row through it, as a list screen would. */
async function buildAndWarm(db: Database, key: string, fields: string[]): Promise<void> {
  if (key.startsWith(VIEW_PREFIX)) {
    // A count or a sum is kept by reduced-views.ts, without PouchDB's index of the view.
    if (!(await prepareReducedView(db, fields[0]!))) await db.query(fields[0]!, { limit: 1, reduce: false });
    return;
  }
  await ensureIndex(db, fields);
  await whenIdle();
  const selector = Object.fromEntries(fields.map((field) => [field, { $gt: null }]));
  await db.find({ selector, sort: fields.map((field) => ({ [field]: 'asc' as const })), limit: 1 });
}

/** What each replica (by instance: a destroyed and reopened one starts over) is known to have. */
const known = new WeakMap<Database, Set<string>>();
const runs = new WeakMap<Database, Promise<void>>();

/** The kinds of record the replica holds (its counts are cheap, reduced-views.ts); null if unknown. */
async function klassesIn(dbName: string): Promise<Set<string> | null> {
  try {
    const rows = await queryView(dbName, 'count-by-klass/all', { group_level: 1 });
    return new Set(rows.filter((row) => Number(row.value) > 0).map((row) => String(row.key)));
  } catch {
    return null;
  }
}

/** The registered indexes and views this replica's background builds make now, in order. */
async function wanted(dbName: string, kind: DatabaseKind): Promise<Array<[string, Entry]>> {
  const modules = kind === 'group' ? await modulesOf(dbName) : new Set<string>();
  const present = await klassesIn(dbName);
  return [...registry[kind]].filter(([, { modules: needed, klasses }]) => {
    if (needed && ![...needed].some((module) => modules.has(module))) return false;
    // A kind the group has no record of yet (the finance records of a repair shop that keeps its
    // money elsewhere): its index waits for a pull that brings one, or for its first query.
    return !(klasses && present && ![...klasses].some((klass) => present.has(klass)));
  });
}

async function builtOn(db: Database): Promise<Set<string>> {
  let built = known.get(db);
  if (!built) {
    built = new Set((await readBuilt(db)).built);
    known.set(db, built);
  }
  return built;
}

/** What the background builds would still make on this replica now (a benchmark waits for none). */
export async function unbuiltIndexes(dbName: string): Promise<string[]> {
  const kind = databaseKind(dbName);
  if (!kind) return [];
  const db = localDb(dbName);
  const built = await builtOn(db);
  return (await wanted(dbName, kind)).map(([key]) => key).filter((key) => !built.has(key));
}

async function buildMissing(dbName: string, db: Database, kind: DatabaseKind): Promise<void> {
  const built = await builtOn(db);
  for (const [key, { fields }] of await wanted(dbName, kind)) {
    if (stopped) return;
    // Views are brought up to date after every pull too, so a screen's query finds them current
    // (for a count or a sum, reduced-views.ts reads only the changes since its snapshot).
    if (built.has(key) && !key.startsWith(VIEW_PREFIX)) continue;
    // One at a time, each when the browser is idle: a build holds the replica for seconds.
    await whenIdle();
    try {
      await buildAndWarm(db, key, fields);
    } catch {
      // Left for the next call (a view whose design document has not arrived yet); the others go on.
      continue;
    }
    if (built.has(key)) continue;
    built.add(key);
    // Noted after each index, so a closed tab resumes where it stopped.
    await db.put({ ...(await readBuilt(db)), built: [...built] } as never);
  }
}

/**
 * Builds, one at a time and in idle time, the registered indexes this replica lacks. Called after
 * every successful pull: the first one builds them all, the next ones only those registered
 * since (a screen loaded later, a new version); runs for one replica never overlap. Failures
 * (the replica destroyed meanwhile, storage full) are left for the next call.
 */
export function buildIndexesInBackground(dbName: string): Promise<void> {
  const kind = databaseKind(dbName);
  if (stopped || !kind || registry[kind].size === 0) return Promise.resolve();
  const db = localDb(dbName);
  const run = (runs.get(db) ?? Promise.resolve()).then(() => buildMissing(dbName, db, kind)).catch(() => undefined);
  runs.set(db, run);
  active.add(run);
  void run.finally(() => active.delete(run));
  return run;
}

/** Builds under way, and whether new ones may start (not while the device's data is removed). */
const active = new Set<Promise<void>>();
let stopped = false;

registerBackgroundWork({
  async stop() {
    stopped = true;
    try {
      await Promise.all([...active]);
    } finally {
      stopped = false;
    }
  },
});
