// What each `/db` endpoint accepts as a body: its size limit and its shape. A body the store could
// choke on (a wrong type, too many keys, a `$regex`) is refused here with 400 and a reason per
// field, so no bad input reaches the store and none of its errors reach the client.
import { FIELD_MESSAGES } from '../../domain/errors.ts';
import { KB, MB } from '../http/body.ts';
import { badRequest } from '../http/http-error.ts';
import { type EndpointKind, MAX_KEYS } from './endpoints.ts';

/** Body limits per endpoint. Replication batches (200 pushed, 500 pulled documents) fit well inside. */
export const BODY_LIMITS: Record<EndpointKind, number> = {
  root: 0,
  session: 16 * KB,
  users: 16 * KB,
  user: 16 * KB,
  account: 0,
  prices: 16 * KB,
  info: 8 * MB,
  all_docs: 1 * MB,
  changes: 1 * MB,
  bulk_get: 1 * MB,
  revs_diff: 2 * MB,
  bulk_docs: 32 * MB,
  find: 1 * MB,
  ensure_full_commit: 1 * KB,
  local: 1 * MB,
  doc: 8 * MB,
  attachment: 16 * MB,
  view: 1 * MB,
  update: 16 * KB,
};

/** Revisions named in one `_revs_diff`, all documents together. */
export const MAX_REVS = 10 * MAX_KEYS;

type Json = Record<string, unknown>;

function fail(field: string, message: string = FIELD_MESSAGES.invalid): never {
  throw badRequest({ [field]: [message] });
}

function object(value: unknown, field = 'body'): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(field);
  return value as Json;
}

function onlyKeys(body: Json, allowed: readonly string[]): void {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) fail(key, FIELD_MESSAGES.notAllowed);
}

function list(value: unknown, field: string, max = MAX_KEYS): unknown[] {
  if (!Array.isArray(value)) fail(field);
  if (value.length > max) fail(field, `${FIELD_MESSAGES.tooLong} (maximum is ${max} entries)`);
  return value;
}

function strings(value: unknown, field: string, max = MAX_KEYS): string[] {
  const items = list(value, field, max);
  if (!items.every((v) => typeof v === 'string')) fail(field);
  return items as string[];
}

/** A document as written: a JSON object. */
export function documentBody(body: unknown): Json {
  return object(body);
}

/**
 * A `_local` document (a replication checkpoint): a JSON object without attachments, which are
 * content of replicated documents only and would otherwise be written here unjudged.
 */
export function localBody(body: unknown): Json {
  const b = object(body);
  if (Object.hasOwn(b, '_attachments')) fail('_attachments', FIELD_MESSAGES.notAllowed);
  return b;
}

/** `POST _all_docs` and `POST _view`: `{ keys }`. */
export function keysBody(body: unknown): Json {
  const b = object(body);
  onlyKeys(b, ['keys']);
  if (b.keys !== undefined) list(b.keys, 'keys');
  return b;
}

export function bulkGetBody(body: unknown): Json {
  const b = object(body);
  onlyKeys(b, ['docs']);
  list(b.docs, 'docs').forEach((entry, i) => {
    const e = object(entry, `docs.${i}`);
    onlyKeys(e, ['id', 'rev', 'atts_since']);
    if (typeof e.id !== 'string') fail(`docs.${i}.id`);
    if (e.rev !== undefined && typeof e.rev !== 'string') fail(`docs.${i}.rev`);
    if (e.atts_since !== undefined) strings(e.atts_since, `docs.${i}.atts_since`);
  });
  return b;
}

export function revsDiffBody(body: unknown): Json {
  const b = object(body);
  const ids = Object.keys(b);
  if (ids.length > MAX_KEYS) fail('body', `${FIELD_MESSAGES.tooLong} (maximum is ${MAX_KEYS} documents)`);
  let revs = 0;
  for (const id of ids) revs += strings(b[id], id, MAX_REVS).length;
  if (revs > MAX_REVS) fail('body', `${FIELD_MESSAGES.tooLong} (maximum is ${MAX_REVS} revisions)`);
  return b;
}

export interface BulkDocsBody {
  docs: Json[];
  new_edits?: boolean;
}

export function bulkDocsBody(body: unknown): BulkDocsBody {
  const b = object(body);
  onlyKeys(b, ['docs', 'new_edits']);
  const docs = list(b.docs, 'docs').map((d, i) => object(d, `docs.${i}`));
  if (b.new_edits !== undefined && typeof b.new_edits !== 'boolean') fail('new_edits');
  return { docs, ...(b.new_edits !== undefined ? { new_edits: b.new_edits as boolean } : {}) };
}

// Mango's operators, without `$regex`: one regular expression can hold the store for minutes.
const OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$exists',
  '$type',
  '$in',
  '$nin',
  '$size',
  '$mod',
  '$or',
  '$and',
  '$nor',
  '$not',
  '$all',
  '$elemMatch',
  '$allMatch',
  '$keyMapMatch',
]);

function checkSelector(value: unknown, field: string): void {
  if (Array.isArray(value)) {
    list(value, field).forEach((v, i) => checkSelector(v, `${field}.${i}`));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value as Json)) {
    if (key === '$regex') fail(field, FIELD_MESSAGES.regexRefused);
    if (key.startsWith('$') && !OPERATORS.has(key)) fail(field, `${key} ${FIELD_MESSAGES.notAllowed}`);
    checkSelector(inner, field);
  }
}

export function findBody(body: unknown): Json {
  const b = object(body);
  onlyKeys(b, ['selector', 'fields', 'sort', 'limit', 'skip', 'use_index', 'bookmark', 'conflicts', 'execution_stats']);
  checkSelector(object(b.selector, 'selector'), 'selector');
  if (b.fields !== undefined) strings(b.fields, 'fields', 100);
  if (b.sort !== undefined) list(b.sort, 'sort', 10);
  for (const n of ['limit', 'skip'] as const) {
    if (b[n] !== undefined && !(Number.isInteger(b[n]) && (b[n] as number) >= 0)) fail(n);
  }
  if (b.use_index !== undefined && typeof b.use_index !== 'string') strings(b.use_index, 'use_index', 2);
  if (b.bookmark !== undefined && typeof b.bookmark !== 'string') fail('bookmark');
  return b;
}

/** `POST _changes`: the ids of `filter=_doc_ids` or the selector of `filter=_selector`. */
export function changesBody(body: unknown, filter: string | null): Json {
  const b = object(body ?? {});
  onlyKeys(b, filter === '_doc_ids' ? ['doc_ids'] : filter === '_selector' ? ['selector'] : []);
  if (filter === '_doc_ids') strings(b.doc_ids, 'doc_ids');
  if (filter === '_selector') checkSelector(object(b.selector, 'selector'), 'selector');
  return b;
}
