// Lists answered from a small projection of every record, kept change by change on the device
// (src/data/reduced-views.ts) instead of pouchdb-find indexes. Each pouchdb-find index is its own
// pass over every document of the replica, written to IndexedDB 50 documents at a time: a dozen
// of them took most of the two minutes a phone spent after pulling 10,000 tickets (issue 11), and
// an order nobody had sorted by yet cost seconds when first asked for. Here one pass keeps, for
// each record, the fields lists filter and sort on (its kind's sortable, reference, choice and
// yes/no fields); a list's page is those rows filtered, sorted with CouchDB's collation and
// sliced, then its documents read by id. Queries this projection cannot answer (another field,
// another operator) go to pouchdb-find as before. Each list's order is made once per state of the
// rows and saved with them, named by its query (reduced-views.ts keptOrder): a page load reads
// its first page from the save rather than filtering and sorting 50,000 rows.
import { collate } from 'pouchdb-collate';
import { RESOURCES } from '../domain/records/index.ts';
import { localDb } from './databases.ts';
import { keptOrder, registerKeptMap, type Rows } from './reduced-views.ts';

export const LIST_VIEW = 'moneta-lists/fields';

/**
 * The fields kept per kind with a list (a feed's items are paged by the reader's own view); a
 * record's history (DocumentChange) by the record it is about.
 */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    RESOURCES.filter((spec) => !spec.screens || spec.screens.includes('index')).map((spec) => [
      spec.klass,
      [
        ...new Set([
          'created_at',
          'updated_at',
          ...spec.sort,
          ...spec.fields
            .filter((f) => ['reference', 'select', 'boolean', 'date', 'member'].includes(f.type))
            .map((f) => f.name),
        ]),
      ],
    ]),
  ),
  DocumentChange: ['item_id', 'created_at'],
};

const POSITION: Readonly<Record<string, ReadonlyMap<string, number>>> = Object.fromEntries(
  Object.entries(FIELDS).map(([klass, fields]) => [klass, new Map(fields.map((f, i) => [f, i]))]),
);

const scalar = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) ? value : undefined;

type Bound = { op: '$gt' | '$gte' | '$lt' | '$lte'; value: unknown };

/** What a list's order depends on: its name, saved with the order (limit and skip only slice it). */
type OrderKey = [
  klass: string,
  equal: KeptQuery['equal'],
  bounds: KeptQuery['bounds'],
  order: number | null,
  direction: 'asc' | 'desc',
];

const orderName = ({ klass, equal, bounds, order, direction }: KeptQuery) =>
  JSON.stringify([klass, equal, bounds, order, direction] satisfies OrderKey);

/** The query an order's name was made from, or null for a name of another version. */
function queryOfName(name: string): KeptQuery | null {
  try {
    const [klass, equal, bounds, order, direction] = JSON.parse(name) as OrderKey;
    if (typeof klass !== 'string' || !POSITION[klass] || !Array.isArray(equal) || !Array.isArray(bounds)) return null;
    return { klass, equal, bounds, order, direction, limit: 0, skip: 0 };
  } catch {
    return null;
  }
}

registerKeptMap(LIST_VIEW, () => ({
  source: `lists:1:${JSON.stringify(FIELDS)}`,
  map: (doc) => {
    const record = doc as Record<string, unknown>;
    const fields = typeof record.klass === 'string' ? FIELDS[record.klass] : undefined;
    if (!fields || record._deleted) return [];
    // Missing fields are null in the row: a selector's `$gt: null` leaves them out, as pouchdb-find does.
    return [[[record.klass, fields.map((f) => scalar(record[f]) ?? null)], 1]];
  },
  order: (name) => {
    const query = queryOfName(name);
    return query && ((byDoc) => orderedIds(byDoc, query));
  },
}));

/** A pouchdb-find query the projection answers: equalities, bounds, one order. */
export interface KeptQuery {
  klass: string;
  equal: ReadonlyArray<[position: number, value: unknown]>;
  bounds: ReadonlyArray<[position: number, Bound]>;
  /** The field the rows are ordered by (null: by id). */
  order: number | null;
  direction: 'asc' | 'desc';
  limit: number;
  skip: number;
}

const BOUNDS = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * The kept query for a pouchdb-find query, or null when the projection cannot answer it: a kind
 * or field it does not keep, an operator besides equality and bounds, more than one order.
 */
export function keptQueryOf(query: {
  selector: Record<string, unknown>;
  sort?: ReadonlyArray<Record<string, 'asc' | 'desc'>>;
  limit: number;
  skip?: number;
}): KeptQuery | null {
  const { klass: kind, ...rest } = query.selector;
  // pouchdb-find rewrites a selector it was given ({ klass: 'Ticket' } → { klass: { $eq: 'Ticket' } }).
  const klass = kind !== null && typeof kind === 'object' && '$eq' in kind ? kind.$eq : kind;
  const positions = typeof klass === 'string' ? POSITION[klass] : undefined;
  if (!positions) return null;
  const equal: Array<[number, unknown]> = [];
  const bounds: Array<[number, Bound]> = [];
  for (const [field, condition] of Object.entries(rest)) {
    const position = positions.get(field);
    if (position === undefined) return null;
    if (condition !== null && typeof condition === 'object') {
      const entries = Object.entries(condition);
      if (
        entries.length === 0 ||
        entries.some(([op, value]) => !BOUNDS.has(op) && !(op === '$eq' && scalar(value) !== undefined))
      )
        return null;
      for (const [op, value] of entries) {
        if (op === '$eq') equal.push([position, value]);
        else bounds.push([position, { op: op as Bound['op'], value }]);
      }
    } else if (scalar(condition) !== undefined) equal.push([position, condition]);
    else return null;
  }
  const constant = new Set(['klass', ...equal.map(([p]) => FIELDS[klass as string]![p]!)]);
  const sort = query.sort ?? [];
  const directions = new Set(sort.map((s) => Object.values(s)[0]));
  if (directions.size > 1) return null;
  const ordered = sort.map((s) => Object.keys(s)[0]!).filter((f) => !constant.has(f));
  if (ordered.length > 1) return null;
  const order = ordered[0] === undefined ? null : (positions.get(ordered[0]) ?? -1);
  if (order === -1) return null;
  return {
    klass: klass as string,
    equal,
    bounds,
    order,
    direction: [...directions][0] ?? 'asc',
    limit: query.limit,
    skip: query.skip ?? 0,
  };
}

function passes(values: readonly unknown[], query: KeptQuery): boolean {
  for (const [position, value] of query.equal) if (values[position] !== value) return false;
  for (const [position, { op, value }] of query.bounds) {
    // A missing field is kept as null, the lowest value: `$gt: null` leaves it out. That bound,
    // on every list, needs no collation: anything but null is above it.
    const c = value === null ? ((values[position] ?? null) === null ? 0 : 1) : collate(values[position] ?? null, value);
    if ((op === '$gt' && c <= 0) || (op === '$gte' && c < 0) || (op === '$lt' && c >= 0) || (op === '$lte' && c > 0))
      return false;
  }
  return true;
}

/** Every id the query selects, in order. */
function orderedIds(byDoc: ReadonlyMap<string, Rows>, query: KeptQuery): string[] {
  const found: Array<{ id: string; value: unknown }> = [];
  for (const [id, rows] of byDoc)
    for (const [key] of rows) {
      const [klass, values] = key as [string, unknown[]];
      if (klass !== query.klass || !passes(values, query)) continue;
      found.push({ id, value: query.order === null ? null : values[query.order] });
    }
  const sign = query.direction === 'asc' ? 1 : -1;
  // CouchDB's collation of two strings, or of two finite numbers, is theirs: most orders (dates,
  // names) are compared so, without collate's work on each of the 600,000 comparisons of 40,000 rows.
  const plain =
    found.every((f) => typeof f.value === 'string') ||
    found.every((f) => typeof f.value === 'number' && Number.isFinite(f.value));
  const byValue = plain
    ? (a: unknown, b: unknown) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0)
    : collate;
  // As an index would: by the value, then by id (both reversed for a descending order).
  found.sort((a, b) => sign * (byValue(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  return found.map((f) => f.id);
}

/** The ids of a page of the query's records, in order, and how many match; null while the projection cannot be kept. */
export function keptIds(dbName: string, query: KeptQuery): Promise<{ ids: string[]; total: number } | null> {
  // Sorting 50,000 rows takes most of a page's time: the next page, the count beside the rows
  // and a screen drawn again at the same state of the rows reuse the order made once.
  return keptOrder(localDb(dbName), LIST_VIEW, orderName(query), query.skip, query.limit);
}
