// Who may do what with a database. The server runs these on every request before it talks to
// the store; the client runs them for instant feedback. Rules of spec 000 §6, made concrete.
import { FIELD_MESSAGES, type FieldReasons, MESSAGES } from './errors';
import { databaseKind, isId, klassOfId } from './ids';
import { ADMIN_ONLY_KLASSES } from './groups';
import { specOfKlass, validateRecord } from './records';
import { isLocale } from './locale';

export const TOKEN_PERMISSIONS = ['read', 'write'] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

export interface Actor {
  name: string;
  roles: readonly string[];
  /** `full` for a signed-in person; a user token carries its own permission. */
  permission: 'full' | TokenPermission;
}

/** What a request against `/{db}/…` amounts to, judged from its method and path alone. */
export type DbOperation =
  | { kind: 'read' }
  /** Writes documents: which ones is known from the path (`docId`) or from the body. */
  | { kind: 'write'; docId?: string; body: 'none' | 'doc' | 'bulk' }
  /** Replication checkpoints and other `_local` documents: members' own bookkeeping. */
  | { kind: 'local' }
  /** A design document's update handler applied to one document. */
  | { kind: 'update'; handler: string; docId: string }
  | { kind: 'denied' };

const READ_POSTS = new Set(['_all_docs', '_find', '_explain', '_bulk_get', '_revs_diff', '_missing_revs', '_changes']);
const SAFE = new Set(['GET', 'HEAD']);

export function classifyDbRequest(method: string, segments: readonly string[]): DbOperation {
  const m = method.toUpperCase();
  const [first, ...rest] = segments;
  if (first === undefined || first === '') {
    if (SAFE.has(m)) return { kind: 'read' };
    return m === 'POST' ? { kind: 'write', body: 'doc' } : { kind: 'denied' };
  }
  if (first === '_local') {
    if (rest.length !== 1) return { kind: 'denied' };
    return SAFE.has(m) || m === 'PUT' || m === 'DELETE' ? { kind: 'local' } : { kind: 'denied' };
  }
  if (first === '_design') {
    // Design documents are the server's: readable, views queryable, never written by clients.
    if (SAFE.has(m)) return { kind: 'read' };
    if (m === 'POST' && rest[1] === '_view') return { kind: 'read' };
    if ((m === 'PUT' || m === 'POST') && rest[1] === '_update' && rest.length === 4) {
      return { kind: 'update', handler: `${rest[0]}/${rest[2]}`, docId: rest[3]! };
    }
    return { kind: 'denied' };
  }
  if (first.startsWith('_')) {
    if (rest.length > 0) return { kind: 'denied' };
    if (SAFE.has(m))
      return ['_all_docs', '_changes', '_security', '_index', '_revs_limit'].includes(first) || READ_POSTS.has(first)
        ? { kind: 'read' }
        : { kind: 'denied' };
    if (m === 'POST' && READ_POSTS.has(first)) return { kind: 'read' };
    if (m === 'POST' && first === '_bulk_docs') return { kind: 'write', body: 'bulk' };
    if (m === 'POST' && first === '_ensure_full_commit') return { kind: 'local' };
    return { kind: 'denied' };
  }
  // A document, or one of its attachments.
  if (SAFE.has(m)) return { kind: 'read' };
  if (m === 'PUT' && rest.length === 0) return { kind: 'write', docId: first, body: 'doc' };
  if ((m === 'PUT' || m === 'DELETE') && rest.length > 0) return { kind: 'write', docId: first, body: 'none' };
  if (m === 'DELETE' && rest.length === 0) return { kind: 'write', docId: first, body: 'none' };
  return { kind: 'denied' };
}

export function canReadDatabase(actor: Actor, db: string): boolean {
  const kind = databaseKind(db);
  if (kind === 'personal') return actor.name === db;
  if (kind === 'group') return actor.roles.includes(db);
  return false;
}

/** Update handlers clients may call, per database kind; each changes only what its name says. */
export const CLIENT_UPDATE_HANDLERS: Record<'personal' | 'group', readonly string[]> = {
  personal: ['bookmark/true', 'bookmark/false'],
  group: ['status/accept'],
};

export function allowsOperation(actor: Actor, operation: DbOperation, db?: string): boolean {
  if (operation.kind === 'denied') return false;
  if (actor.permission === 'read') return operation.kind === 'read';
  if (operation.kind === 'update') {
    const kind = db ? databaseKind(db) : null;
    return kind !== null && CLIENT_UPDATE_HANDLERS[kind].includes(operation.handler);
  }
  return true;
}

/** Klasses only the server writes, whatever the database (memberships change through their own calls). */
/** Server-written documents whose ids carry no klass prefix (the ticket-series counter). */
const SERVER_DOC_IDS = new Set(['ticket-series']);
const SERVER_KLASSES = new Set(['UserToken', 'User', 'PlanPrice', 'Account', 'Membership', 'Invite', 'TicketSeries']);

/** What the server knows about the actor in a group database. */
export interface GroupAccess {
  admin: boolean;
}

export interface DocWrite {
  _id?: unknown;
  _deleted?: unknown;
  klass?: unknown;
  key?: unknown;
  value?: unknown;
}

export type WriteVerdict =
  { ok: true } | { ok: false; status: 403; reason: string } | { ok: false; status: 422; reason: FieldReasons };

const ALLOWED: WriteVerdict = { ok: true };
const FORBIDDEN: WriteVerdict = { ok: false, status: 403, reason: MESSAGES.forbidden };

/**
 * Checks one document written to `db` by `actor`. In a group, settings (`Adjustment`) and the
 * phone and address lists are for administrators only.
 */
export function checkDocWrite(
  actor: Actor,
  db: string,
  doc: DocWrite,
  access: GroupAccess = { admin: false },
): WriteVerdict {
  if (!canReadDatabase(actor, db)) return FORBIDDEN;
  const id = doc._id;
  if (typeof id !== 'string' || id === '') return { ok: false, status: 422, reason: { _id: [FIELD_MESSAGES.blank] } };
  if (id.startsWith('_') || SERVER_DOC_IDS.has(id)) return FORBIDDEN;
  const group = databaseKind(db) === 'group';
  if (doc._deleted === true) {
    const klass = klassOfId(id);
    if (klass && SERVER_KLASSES.has(klass)) return FORBIDDEN;
    return group && klass && ADMIN_ONLY_KLASSES.has(klass) && !access.admin ? FORBIDDEN : ALLOWED;
  }
  if (typeof doc.klass !== 'string' || doc.klass === '')
    return { ok: false, status: 422, reason: { klass: [FIELD_MESSAGES.blank] } };
  if (SERVER_KLASSES.has(doc.klass)) return FORBIDDEN;
  const idKlass = klassOfId(id);
  if (idKlass && idKlass !== doc.klass) return { ok: false, status: 422, reason: { _id: [FIELD_MESSAGES.invalid] } };
  if (databaseKind(db) === 'personal') return checkPersonalDoc(doc);
  if (ADMIN_ONLY_KLASSES.has(doc.klass) && !access.admin) return FORBIDDEN;
  // Records with screens are checked with the rules their forms use (src/domain/records).
  const spec = specOfKlass(doc.klass);
  if (spec) {
    const errors = validateRecord(spec, doc as Record<string, unknown>);
    if (errors.hasErrors) return { ok: false, status: 422, reason: errors.reasons };
  }
  return ALLOWED;
}

function checkPersonalDoc(doc: DocWrite): WriteVerdict {
  if (doc.klass === 'Adjustment') {
    if (!isId(doc._id, 'adj')) return { ok: false, status: 422, reason: { _id: [FIELD_MESSAGES.invalid] } };
    if (doc.key === 'locale' && !isLocale(doc.value))
      return { ok: false, status: 422, reason: { value: [FIELD_MESSAGES.inclusion] } };
  }
  return ALLOWED;
}
