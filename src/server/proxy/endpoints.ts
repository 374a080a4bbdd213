// The door of `/db`: the raw request path is parsed here once, each segment decoded exactly once,
// and classified into a closed list of endpoints (what the app, replication and the spec's calls
// use). Anything else is 404 before authentication and long before the store; segments that a URL
// parser could turn into another path (`.`, `..`, control characters, `#`, `?`, `\`) are 400.
// Nothing downstream looks at the client's path again: the store's URL is rebuilt from what this
// file returns (store-url.ts).
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../http/body.ts';
import { badRequest, HttpError, notFound } from '../http/http-error.ts';

/** Endpoints inside one database `usr-…` or `acc-…`. */
export type DbTarget =
  | { kind: 'info' }
  | { kind: 'all_docs' }
  | { kind: 'changes' }
  | { kind: 'bulk_get' }
  | { kind: 'revs_diff' }
  | { kind: 'bulk_docs' }
  | { kind: 'find' }
  | { kind: 'ensure_full_commit' }
  /** `_local/<name>`: replication checkpoints and other device bookkeeping. */
  | { kind: 'local'; name: string }
  /** A document; `design` when it is `_design/<name>` (readable, never written by clients). */
  | { kind: 'doc'; id: string; design: boolean }
  | { kind: 'attachment'; id: string; name: readonly string[] }
  | { kind: 'view'; ddoc: string; view: string }
  | { kind: 'update'; ddoc: string; handler: string; id: string };

export type DbEndpoint =
  | { area: 'server'; kind: 'root' }
  | { area: 'server'; kind: 'session' }
  | { area: 'server'; kind: 'users' }
  | { area: 'server'; kind: 'user'; id: string }
  | { area: 'server'; kind: 'account'; id: string }
  /** `prices/_find`: the plan prices (spec 000 §7), served by the server, never by a store database. */
  | { area: 'server'; kind: 'prices' }
  | { area: 'db'; db: string; target: DbTarget };

export type EndpointKind = Extract<DbEndpoint, { area: 'server' }>['kind'] | DbTarget['kind'];

export interface DbRequest {
  method: string;
  endpoint: DbEndpoint;
  /** The query string's parameters, each present once, checked against the endpoint's list. */
  params: URLSearchParams;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What a decoded segment may not hold besides control characters: it could change the path once put back into a URL. */
const UNSAFE_SEGMENT = /[#?\\/]/;

function decodeSegment(raw: string): string {
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    throw badRequest(MESSAGES.invalidPath);
  }
  if (segment === '.' || segment === '..' || CONTROL.test(segment) || UNSAFE_SEGMENT.test(segment))
    throw badRequest(MESSAGES.invalidPath);
  return segment;
}

/**
 * Splits a raw path below `/db` (as received, still percent-encoded) into decoded segments. One
 * trailing slash is allowed (PouchDB asks `/db/<name>/` for a database's info); empty segments are not.
 */
export function parseSegments(rawPath: string): string[] {
  if (rawPath === '' || rawPath === '/') return [];
  if (!rawPath.startsWith('/')) throw badRequest(MESSAGES.invalidPath);
  const parts = rawPath.slice(1).split('/');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  if (parts.some((p) => p === '')) throw badRequest(MESSAGES.invalidPath);
  return parts.map(decodeSegment);
}

const DB_SPECIALS: Record<string, DbTarget> = {
  _all_docs: { kind: 'all_docs' },
  _changes: { kind: 'changes' },
  _bulk_get: { kind: 'bulk_get' },
  _revs_diff: { kind: 'revs_diff' },
  _bulk_docs: { kind: 'bulk_docs' },
  _find: { kind: 'find' },
  _ensure_full_commit: { kind: 'ensure_full_commit' },
};

function classifyInDb(rest: readonly string[]): DbTarget | null {
  const [first, second, third, fourth, fifth, ...more] = rest;
  if (first === undefined) return { kind: 'info' };
  if (first === '_local') return second !== undefined && third === undefined ? { kind: 'local', name: second } : null;
  if (first === '_design') {
    if (second === undefined || second.startsWith('_')) return null;
    if (third === undefined) return { kind: 'doc', id: `_design/${second}`, design: true };
    if (third === '_view' && fourth !== undefined && fifth === undefined)
      return { kind: 'view', ddoc: second, view: fourth };
    if (third === '_update' && fourth !== undefined && fifth !== undefined && more.length === 0)
      return { kind: 'update', ddoc: second, handler: fourth, id: fifth };
    return null;
  }
  if (first.startsWith('_')) return second === undefined ? (DB_SPECIALS[first] ?? null) : null;
  if (second === undefined) return { kind: 'doc', id: first, design: false };
  return { kind: 'attachment', id: first, name: rest.slice(1) };
}

function classify(segments: readonly string[]): DbEndpoint | null {
  const [first, second, third] = segments;
  if (first === undefined) return { area: 'server', kind: 'root' };
  if (first === '_session') return second === undefined ? { area: 'server', kind: 'session' } : null;
  if (first === '_users') {
    if (second === undefined) return { area: 'server', kind: 'users' };
    return third === undefined ? { area: 'server', kind: 'user', id: second } : null;
  }
  if (first === 'prices') return second === '_find' && third === undefined ? { area: 'server', kind: 'prices' } : null;
  if (first === 'accounts')
    return second !== undefined && third === undefined ? { area: 'server', kind: 'account', id: second } : null;
  if (isId(first, 'usr') || isId(first, 'acc')) {
    const target = classifyInDb(segments.slice(1));
    return target ? { area: 'db', db: first, target } : null;
  }
  return null;
}

const READ = ['GET', 'HEAD'];
/** The methods each endpoint answers; any other is 405. */
const METHODS: Record<EndpointKind, readonly string[]> = {
  root: READ,
  session: ['GET', 'POST', 'DELETE'],
  users: ['POST'],
  user: ['GET', 'PUT'],
  account: READ,
  prices: ['POST'],
  info: [...READ, 'POST'],
  all_docs: [...READ, 'POST'],
  changes: ['GET', 'POST'],
  bulk_get: ['POST'],
  revs_diff: ['POST'],
  bulk_docs: ['POST'],
  find: ['POST'],
  ensure_full_commit: ['POST'],
  local: [...READ, 'PUT', 'DELETE'],
  doc: [...READ, 'PUT', 'DELETE'],
  attachment: [...READ, 'PUT', 'DELETE'],
  view: [...READ, 'POST'],
  update: ['PUT', 'POST'],
};

export function endpointKind(endpoint: DbEndpoint): EndpointKind {
  return endpoint.area === 'db' ? endpoint.target.kind : endpoint.kind;
}

// --- query parameters ---------------------------------------------------------------------------

/** How a parameter's value is checked. JSON values are parsed here so bad ones are 400, not the store's 500. */
type ParamRule =
  | 'bool'
  | 'count'
  | 'seq'
  | 'rev'
  | 'string'
  | 'json'
  | 'jsonKeys'
  | 'jsonStrings'
  | 'openRevs'
  | 'fields'
  | { oneOf: readonly string[] }
  | { range: [number, number] };

export const MAX_KEYS = 1000;
const MAX_PARAM_LENGTH = 64 * 1024;

const RANGE_PARAMS = {
  startkey: 'json',
  start_key: 'json',
  endkey: 'json',
  end_key: 'json',
  key: 'json',
  keys: 'jsonKeys',
  startkey_docid: 'string',
  start_key_doc_id: 'string',
  endkey_docid: 'string',
  end_key_doc_id: 'string',
  inclusive_end: 'bool',
  descending: 'bool',
  limit: 'count',
  skip: 'count',
  include_docs: 'bool',
  conflicts: 'bool',
  update_seq: 'bool',
} as const satisfies Record<string, ParamRule>;

const DOC_READ_PARAMS = {
  // Ours, not CouchDB's (spec 001: an item's body by `fields=content,content_type`): the door
  // answers with those fields, the store never sees it.
  fields: 'fields',
  rev: 'rev',
  revs: 'bool',
  revs_info: 'bool',
  open_revs: 'openRevs',
  latest: 'bool',
  conflicts: 'bool',
  deleted_conflicts: 'bool',
  attachments: 'bool',
  att_encoding_info: 'bool',
  atts_since: 'jsonStrings',
  local_seq: 'bool',
  meta: 'bool',
} as const satisfies Record<string, ParamRule>;

const PARAMS: Partial<Record<EndpointKind, Partial<Record<string, Record<string, ParamRule>>>>> = {
  user: { GET: { fields: 'fields' }, PUT: { rev: 'rev' } },
  account: { GET: { fields: 'fields' } },
  all_docs: { '*': { ...RANGE_PARAMS, attachments: 'bool', att_encoding_info: 'bool' } },
  changes: {
    '*': {
      feed: { oneOf: ['normal', 'longpoll', 'continuous'] },
      style: { oneOf: ['main_only', 'all_docs'] },
      filter: { oneOf: ['_doc_ids', '_selector'] },
      doc_ids: 'jsonStrings',
      since: 'seq',
      limit: 'count',
      descending: 'bool',
      include_docs: 'bool',
      attachments: 'bool',
      att_encoding_info: 'bool',
      conflicts: 'bool',
      heartbeat: { range: [1000, 60_000] },
      timeout: { range: [0, 60_000] },
      seq_interval: 'count',
      update_seq: 'bool',
    },
  },
  bulk_get: { '*': { revs: 'bool', attachments: 'bool', latest: 'bool', att_encoding_info: 'bool' } },
  local: { DELETE: { rev: 'rev' } },
  doc: { GET: DOC_READ_PARAMS, HEAD: DOC_READ_PARAMS, PUT: { rev: 'rev' }, DELETE: { rev: 'rev' } },
  attachment: { '*': { rev: 'rev' } },
  view: {
    '*': {
      ...RANGE_PARAMS,
      group: 'bool',
      group_level: { range: [0, 100] },
      reduce: 'bool',
      sorted: 'bool',
      stable: 'bool',
      update: { oneOf: ['true', 'false', 'lazy'] },
    },
  },
};

function checkJson(value: string, rule: 'json' | 'jsonKeys' | 'jsonStrings' | 'openRevs'): boolean {
  if (rule === 'openRevs' && value === 'all') return true;
  if (jsonDepthExceeds(value, MAX_JSON_DEPTH)) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return false;
  }
  if (rule === 'json') return true;
  if (!Array.isArray(parsed) || parsed.length > MAX_KEYS) return false;
  return rule === 'jsonKeys' || parsed.every((v) => typeof v === 'string');
}

function valid(rule: ParamRule, value: string): boolean {
  if (value.length > MAX_PARAM_LENGTH) return false;
  if (typeof rule === 'object') {
    if ('oneOf' in rule) return rule.oneOf.includes(value);
    const n = Number(value);
    return /^\d{1,9}$/.test(value) && n >= rule.range[0] && n <= rule.range[1];
  }
  switch (rule) {
    case 'bool':
      return value === 'true' || value === 'false';
    case 'count':
      return /^\d{1,9}$/.test(value);
    case 'seq':
      return value.length <= 512 && !CONTROL.test(value);
    case 'rev':
      return /^\d{1,10}-[\w-]{1,128}$/.test(value);
    case 'string':
      return value.length <= 1024;
    case 'fields':
      return value.length <= 1024 && value.split(',').length <= 50;
    default:
      return checkJson(value, rule);
  }
}

/**
 * The query string as the endpoint allows it: unknown parameters, repeated ones and bad values
 * are 400 with a reason per parameter. The result is what the store receives.
 */
export function checkParams(kind: EndpointKind, method: string, search: string): URLSearchParams {
  const given = new URLSearchParams(search);
  const rulesByMethod = PARAMS[kind];
  const rules =
    rulesByMethod?.[method] ?? (method === 'HEAD' ? rulesByMethod?.GET : undefined) ?? rulesByMethod?.['*'] ?? {};
  const reasons: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const [name, value] of given) {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) reasons[name] = [FIELD_MESSAGES.notAllowed];
    else if (seen.has(name)) reasons[name] = [FIELD_MESSAGES.invalid];
    else if (!valid(rule, value)) reasons[name] = [FIELD_MESSAGES.invalid];
    seen.add(name);
  }
  if (Object.keys(reasons).length > 0) throw badRequest(reasons);
  return given;
}

// --- the whole request --------------------------------------------------------------------------

/** Parses and classifies a `/db` request from its method and raw URL (`req.originalUrl`). */
export function parseDbRequest(method: string, originalUrl: string): DbRequest {
  const m = method.toUpperCase();
  const queryAt = originalUrl.indexOf('?');
  const rawPath = queryAt < 0 ? originalUrl : originalUrl.slice(0, queryAt);
  const search = queryAt < 0 ? '' : originalUrl.slice(queryAt + 1);
  if (!rawPath.startsWith('/db') || (rawPath.length > 3 && rawPath[3] !== '/')) throw notFound();
  const endpoint = classify(parseSegments(rawPath.slice(3)));
  if (!endpoint) throw notFound();
  const kind = endpointKind(endpoint);
  if (!METHODS[kind].includes(m)) throw new HttpError(405, MESSAGES.methodNotAllowed);
  return { method: m, endpoint, params: checkParams(kind, m, search) };
}
