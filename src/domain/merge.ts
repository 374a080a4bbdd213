// Three-way merge of two revisions of one record against their common ancestor. Fields changed on
// one side only merge by themselves; fields changed on both sides to different values are
// conflicts, left for a person to choose. Nothing is ever decided silently.

export type Doc = Record<string, unknown>;

/** Bookkeeping that never conflicts: the newest write wins these. */
const AUTOMATIC_FIELDS = new Set(['updated_at', 'updated_by']);
/** CouchDB metadata: not record content. */
const META_FIELDS = new Set([
  '_id',
  '_rev',
  '_revisions',
  '_conflicts',
  '_deleted_conflicts',
  '_revs_info',
  '_local_seq',
]);

export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  /** The merged record: disjoint changes applied, conflicted fields holding `mine`. */
  merged: Doc;
  conflicts: FieldConflict[];
  /** Fields changed on one side only, taken as that side has them: what merged by itself. */
  automatic: string[];
}

/** Key-order-independent JSON, so equal records compare equal. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Doc)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function sameValue(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

type Entry = Doc & { id: string };

/**
 * A list of entries with ids (a group's phones and addresses), as an array or as the JSON text a
 * setting keeps it in; null for anything else. A missing value is an empty list.
 */
function entryList(value: unknown): { entries: Entry[]; text: boolean } | null {
  if (value === undefined || value === null || value === '') return { entries: [], text: false };
  let list: unknown = value;
  const text = typeof value === 'string';
  if (text) {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list) || list.length === 0) return Array.isArray(list) ? { entries: [], text } : null;
  const entries = list.filter((e): e is Entry => typeof e === 'object' && e !== null && typeof e.id === 'string');
  if (entries.length !== list.length || new Set(entries.map((e) => e.id)).size !== entries.length) return null;
  return { entries, text };
}

/**
 * Two edits of one entry list merged entry by entry: an entry changed on one side only takes that
 * change, one added on either side stays, and one changed differently on both sides (edited on one
 * device, edited otherwise or marked for deletion on the other) is a conflict. Entries are marked
 * for deletion (`marktodelete`) rather than dropped, so a deletion is a change like any other and
 * an entry missing from one side is new on the other, not deleted: nothing comes back or goes
 * silently. Null when a value is not such a list; else the list with each conflict as `mine` has
 * it and as `theirs` has it, in `mine`'s order with `theirs`'s additions after.
 */
export function mergeEntryLists(
  base: unknown,
  mine: unknown,
  theirs: unknown,
): { mine: unknown; theirs: unknown; conflicted: string[] } | null {
  const [b, m, t] = [entryList(base), entryList(mine), entryList(theirs)];
  if (!b || !m || !t || (m.entries.length === 0 && t.entries.length === 0)) return null;
  const byId = (list: Entry[]) => new Map(list.map((e) => [e.id, e]));
  const [bs, ms, ts] = [byId(b.entries), byId(m.entries), byId(t.entries)];
  const ids = [...new Set([...ms.keys(), ...ts.keys()])];
  const withMine: Entry[] = [];
  const withTheirs: Entry[] = [];
  const conflicted: string[] = [];
  for (const id of ids) {
    const [be, me, te] = [bs.get(id), ms.get(id), ts.get(id)];
    let merged: Entry | undefined;
    if (sameValue(me, te)) merged = me;
    else if (be !== undefined && sameValue(be, me)) merged = te;
    else if (be !== undefined && sameValue(be, te)) merged = me;
    else if (be === undefined && (me === undefined || te === undefined)) merged = me ?? te;
    else {
      conflicted.push(id);
      if (me) withMine.push(me);
      if (te) withTheirs.push(te);
      continue;
    }
    if (merged) {
      withMine.push(merged);
      withTheirs.push(merged);
    }
  }
  const shape = (list: Entry[]) => (m.text || t.text ? JSON.stringify(list) : list);
  return { mine: shape(withMine), theirs: shape(withTheirs), conflicted };
}

function newer(mine: Doc, theirs: Doc): Doc {
  return String(theirs.updated_at ?? '') > String(mine.updated_at ?? '') ? theirs : mine;
}

/**
 * Merges `mine` and `theirs` against `base` (null when the ancestor is no longer known: then
 * every difference is a conflict). A deletion against an edit is a conflict on `_deleted`.
 */
export function threeWayMerge(base: Doc | null, mine: Doc, theirs: Doc): MergeResult {
  const merged: Doc = {};
  const conflicts: FieldConflict[] = [];
  const automatic: string[] = [];
  const keys = new Set([...Object.keys(base ?? {}), ...Object.keys(mine), ...Object.keys(theirs)]);
  keys.add('_deleted');
  for (const field of [...keys].sort()) {
    if (META_FIELDS.has(field)) continue;
    const b = base?.[field];
    const m = field === '_deleted' ? mine._deleted === true : mine[field];
    const t = field === '_deleted' ? theirs._deleted === true : theirs[field];
    let value: unknown;
    if (sameValue(m, t)) value = m;
    else if (AUTOMATIC_FIELDS.has(field)) value = newer(mine, theirs)[field];
    else if (base && (sameValue(b, m) || sameValue(b, t))) {
      value = sameValue(b, m) ? t : m;
      automatic.push(field);
    } else {
      // Edited on both sides: an entry list combines what each side did, and asks only about
      // the entries both changed.
      const lists = mergeEntryLists(b, m, t);
      value = lists ? lists.mine : m;
      if (lists && lists.conflicted.length === 0) automatic.push(field);
      else conflicts.push({ field, base: b, mine: value, theirs: lists ? lists.theirs : t });
    }
    if (value !== undefined && !(field === '_deleted' && value === false)) merged[field] = value;
  }
  if (mine._id !== undefined) merged._id = mine._id;
  return { merged, conflicts, automatic };
}

/** Applies a person's choice for each conflicted field to a merge result. */
export function resolveConflicts(result: MergeResult, choices: Readonly<Record<string, 'mine' | 'theirs'>>): Doc {
  const resolved: Doc = { ...result.merged };
  for (const conflict of result.conflicts) {
    const choice = choices[conflict.field];
    if (choice === undefined) throw new Error(`no choice for conflicted field ${conflict.field}`);
    const value = choice === 'mine' ? conflict.mine : conflict.theirs;
    if (value === undefined || (conflict.field === '_deleted' && value === false)) delete resolved[conflict.field];
    else resolved[conflict.field] = value;
  }
  return resolved;
}
