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
      value = m;
      conflicts.push({ field, base: b, mine: m, theirs: t });
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
