// One page of a record list, read from the local replica: sorted and paged through a
// pouchdb-find index, or, with search terms, through the group's search view (the words of
// each record's searchable fields), then sorted on the device.
import { specOfKlass } from '../domain/records/index.ts';
import { isReferenceField } from '../domain/records/field-types.ts';
import { searchWords } from '../domain/records/search.ts';
import type { SortDirection } from '../domain/records/schema.ts';
import { localDb } from './databases.ts';
import type { PouchDoc } from './pouch-api.ts';
import { keptIds, keptQueryOf } from './kept-lists.ts';
import { keptWords, SEARCH_VIEW } from './kept-search.ts';
import { ensureIndex, queryView } from './records.ts';

export interface ListQuery {
  klass: string;
  search?: string;
  sort: string;
  direction: SortDirection;
  /** 1-based. */
  page: number;
  perPage: number;
  /** Equality filters on fields (e.g. a record's status, the records of one equipment). */
  filter?: Readonly<Record<string, string>>;
}

export interface ListPage<T> {
  rows: T[];
  total: number;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

/** Records of a kind, from the count-by-klass view (its counts kept change by change). */
async function countKlass(dbName: string, klass: string): Promise<number> {
  const rows = await queryView(dbName, 'count-by-klass/all', { key: klass, group: true });
  return Number(rows[0]?.value ?? 0);
}

/** How many records of a referenced kind one term may reach through (a one-letter term). */
const REFERENCED_MAX = 500;

/** The kinds a klass's records point at, with the fields that point: a ticket's customer. */
function referencesOf(klass: string): Array<{ klass: string }> {
  const kinds = (specOfKlass(klass)?.fields ?? []).flatMap((f) => (isReferenceField(f) && f.ref ? [f.ref] : []));
  return [...new Set(kinds)].filter((kind) => kind !== klass).map((kind) => ({ klass: kind }));
}

/** Ids of the records of `klass` holding a word that starts with `term`. */
async function idsWithWord(dbName: string, klass: string, term: string, limit?: number): Promise<string[]> {
  const kept = await keptWords(dbName);
  if (kept) return kept.withPrefix(klass, term, limit);
  const { rows } = await localDb(dbName).query(SEARCH_VIEW, {
    startkey: [klass, term],
    endkey: [klass, `${term}\ufff0`],
    reduce: false,
    ...(limit ? { limit } : {}),
  });
  return rows.map((row) => row.id!);
}

/**
 * Ids of the records a term finds: by their own words, or by the words of a record they point
 * at (the tickets of a customer or an equipment named so).
 */
async function idsForTerm(dbName: string, klass: string, term: string): Promise<string[]> {
  const db = localDb(dbName);
  const own = idsWithWord(dbName, klass, term);
  const through = referencesOf(klass).map(async (ref) => {
    const targets = await idsWithWord(dbName, ref.klass, term, REFERENCED_MAX);
    if (targets.length === 0) return [];
    const kept = await keptWords(dbName);
    if (kept)
      return kept.withWords(
        klass,
        targets.map((id) => `@${id}`),
      );
    const { rows } = await db.query(SEARCH_VIEW, { keys: targets.map((id) => [klass, `@${id}`]), reduce: false });
    return rows.map((row) => row.id!);
  });
  return (await Promise.all([own, ...through])).flat();
}

/** Ids of the records matching every term. */
async function searchIds(dbName: string, klass: string, terms: readonly string[]): Promise<string[]> {
  let found: Set<string> | null = null;
  for (const term of terms) {
    const ids = new Set((await idsForTerm(dbName, klass, term)).filter((id) => found === null || found.has(id)));
    found = ids;
    if (found.size === 0) break;
  }
  return [...(found ?? [])];
}

/**
 * Ids of the records of `klass` matching every word of `text` as the lists' search does (a word
 * of their searchable fields starting with each), through the search view; none for no words.
 */
export function searchRecordIds(dbName: string, klass: string, text: string): Promise<string[]> {
  const terms = searchWords(text);
  return terms.length === 0 ? Promise.resolve([]) : searchIds(dbName, klass, terms);
}

export async function readRecords(dbName: string, ids: readonly string[]): Promise<PouchDoc[]> {
  if (ids.length === 0) return [];
  const { rows } = await localDb(dbName).allDocs({ keys: [...ids], include_docs: true });
  return rows.flatMap((row) => (row.doc ? [row.doc] : []));
}

/** Rows of a page; `total` when finding them counted them too (a search), else null: see countRecords. */
export interface RowsPage<T> {
  rows: T[];
  total: number | null;
}

function indexQuery(query: Pick<ListQuery, 'klass' | 'sort' | 'filter'>) {
  const { klass, sort, filter = {} } = query;
  const filterFields = Object.keys(filter).sort();
  return {
    filterFields,
    fields: ['klass', ...filterFields, sort],
    selector: { klass, ...filter, [sort]: { $gt: null } } as Record<string, unknown>,
  };
}

/** One page of rows, without counting all of them when the index gives the page directly. */
export async function listRows<T extends { _id: string }>(dbName: string, query: ListQuery): Promise<RowsPage<T>> {
  const { klass, sort, direction, page, perPage, filter = {} } = query;
  const terms = searchWords(query.search ?? '');
  const skip = Math.max(0, page - 1) * perPage;
  if (terms.length > 0) {
    const docs = (await readRecords(dbName, await searchIds(dbName, klass, terms))).filter((doc) =>
      Object.entries(filter).every(([field, value]) => doc[field] === value),
    );
    const sign = direction === 'asc' ? 1 : -1;
    docs.sort((a, b) => sign * compare(a[sort], b[sort]));
    return { rows: docs.slice(skip, skip + perPage) as unknown as T[], total: docs.length };
  }
  const { fields, selector } = indexQuery(query);
  const sortBy = fields.map((field) => ({ [field]: direction }));
  const kept = keptQueryOf({ selector, sort: sortBy, limit: perPage, skip });
  const keptPage = kept && (await keptIds(dbName, kept));
  if (keptPage) return { rows: (await readRecords(dbName, keptPage.ids)) as unknown as T[], total: keptPage.total };
  const db = localDb(dbName);
  await ensureIndex(db, fields);
  const found = await db.find({
    selector,
    sort: fields.map((field) => ({ [field]: direction })),
    limit: perPage,
    skip,
  });
  return { rows: found.docs as unknown as T[], total: null };
}

/** How many records the list holds without a search (a search's rows come counted). */
export async function countRecords(
  dbName: string,
  query: Pick<ListQuery, 'klass' | 'sort' | 'filter'>,
): Promise<number> {
  const { filterFields, fields, selector } = indexQuery(query);
  if (filterFields.length === 0) return countKlass(dbName, query.klass);
  const kept = keptQueryOf({ selector, limit: 0 });
  const counted = kept && (await keptIds(dbName, kept));
  if (counted) return counted.total;
  const db = localDb(dbName);
  await ensureIndex(db, fields);
  return (await db.find({ selector, fields: ['_id'] })).docs.length;
}

export async function listRecords<T extends { _id: string }>(dbName: string, query: ListQuery): Promise<ListPage<T>> {
  const searching = searchWords(query.search ?? '').length > 0;
  const [page, total] = await Promise.all([
    listRows<T>(dbName, query),
    searching ? Promise.resolve(null) : countRecords(dbName, query),
  ]);
  return { rows: page.rows, total: page.total ?? total ?? 0 };
}
