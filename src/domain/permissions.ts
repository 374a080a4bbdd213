// Who may do what with a database. The server runs these on every request before it talks to
// the store; the client runs them for instant feedback. Rules of spec 000 §6, made concrete.
import { SERVER_SETTING_KEYS } from './billing.ts';
import { isCurrency } from './money.ts';
import { FIELD_MESSAGES, type FieldReasons, MESSAGES } from './errors.ts';
import { databaseKind, ID_PREFIXES, type IdPrefix, isId, type Klass, klassOfId } from './ids.ts';
import { ADMIN_ONLY_KLASSES } from './groups.ts';
import { groupAccess } from './group-access.ts';
import { judgeRecordDelete, judgeRecordWrite, type RuleContext, specOfKlass } from './records/index.ts';
import { isLocale } from './locale.ts';
import { sameValue } from './merge.ts';
import type { TokenPermission } from './user.ts';
import { MODULE_SERVER_DOC_IDS, MODULE_SERVER_KLASSES, moduleUpdateHandlers } from './modules/index.ts';

export interface Actor {
  name: string;
  roles: readonly string[];
  /** `full` for a signed-in person; a user token carries its own permission. */
  permission: 'full' | TokenPermission;
}

/**
 * Whether `actor` reaches `db`. A group's `parent` (its `parent-account-id`, which the server
 * reads) lets the parent's members into it; without it only the group's own members get in.
 */
export function canReadDatabase(actor: Actor, db: string, parent: string | null = null): boolean {
  const kind = databaseKind(db);
  if (kind === 'personal') return actor.name === db;
  if (kind === 'group') return groupAccess(actor.roles, db, { parent, adminHere: false, adminOfParent: false }).member;
  return false;
}

/** Update handlers clients may call, per database kind; each changes only what its name says. */
export const CLIENT_UPDATE_HANDLERS: Record<'personal' | 'group', readonly string[]> = {
  personal: ['bookmark/true', 'bookmark/false', ...moduleUpdateHandlers('personal')],
  group: ['status/accept', ...moduleUpdateHandlers('group')],
};

/** Server-written documents whose ids carry no klass prefix (a module's counter). */
const SERVER_DOC_IDS: ReadonlySet<string> = MODULE_SERVER_DOC_IDS;
/** Klasses only the server writes, whatever the database (memberships change through their own calls). */
export const SERVER_KLASSES: ReadonlySet<string> = new Set([
  'UserToken',
  'User',
  'PlanPrice',
  'Account',
  'Membership',
  'Invite',
  ...MODULE_SERVER_KLASSES,
]);

/** What the server knows about the actor in a group database: `admin` as `groupAccess` decides it. */
export interface GroupAccess {
  admin: boolean;
  /** The group's parent, when it is a sub-group: its members reach it too. */
  parent?: string | null;
}

export interface DocWrite {
  _id?: unknown;
  _rev?: unknown;
  _deleted?: unknown;
  klass?: unknown;
  key?: unknown;
  value?: unknown;
  _attachments?: unknown;
}

export type WriteVerdict =
  { ok: true } | { ok: false; status: 403; reason: string } | { ok: false; status: 422; reason: FieldReasons | string };

/** For callers that know neither settings nor day: rules that need them let the write through. */
const NO_CONTEXT: RuleContext = { settings: null, today: '' };

const ALLOWED: WriteVerdict = { ok: true };
const FORBIDDEN: WriteVerdict = { ok: false, status: 403, reason: MESSAGES.forbidden };

/**
 * An id that a URL can name and that reads the same wherever it is shown: no dot segment, no
 * control or invisible characters, no path or query characters, at most 512 characters.
 */
export function isAddressableId(id: string): boolean {
  return id.length <= 512 && id !== '.' && id !== '..' && !/[\p{C}#?\\/]/u.test(id.replace(/^_(design|local)\//, ''));
}

/** The stored version of a document being written: what it is now decides who may change it. */
export type StoredDoc = { klass?: unknown; _deleted?: unknown; [field: string]: unknown } | null | undefined;

/** CouchDB's bookkeeping of a revision, not its content (attachments are content). */
const REVISION_FIELDS = new Set([
  '_id',
  '_rev',
  '_revisions',
  '_revs_info',
  '_conflicts',
  '_deleted_conflicts',
  '_local_seq',
]);

type Attachments = Readonly<Record<string, unknown>>;

const attachmentsOf = (doc: object | null | undefined): Attachments => {
  const value = (doc as { _attachments?: unknown } | null | undefined)?._attachments;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Attachments) : {};
};

/**
 * An attachment as the revision would store it. A stub keeps the stored attachment of its name, so
 * it is that attachment's type, length and digest; anything sent with it (inline data, a digest
 * the writer claims) is new content, never taken as equal to what is stored.
 */
function attachmentContent(entry: unknown, stored: unknown): unknown {
  const sent = (entry ?? {}) as Record<string, unknown>;
  if (sent.stub !== true) return { written: entry };
  if (stored === null || typeof stored !== 'object') return { stub: entry };
  const { content_type, length, digest } = stored as Record<string, unknown>;
  return { content_type, length, digest };
}

/** A revision's content, attachments included: what changes when it is written over `stored`. */
function content(doc: object, stored: object | null = null): Record<string, unknown> {
  const fields = Object.fromEntries(
    Object.entries(doc).filter(([key]) => !REVISION_FIELDS.has(key) && key !== '_attachments'),
  );
  const before = attachmentsOf(stored);
  const attachments = Object.entries(attachmentsOf(doc)).map(([name, entry]) => [
    name,
    attachmentContent(entry, Object.hasOwn(before, name) ? before[name] : null),
  ]);
  return attachments.length > 0 ? { ...fields, _attachments: Object.fromEntries(attachments) } : fields;
}

/** Whether the revision adds or replaces an attachment (removing one adds nothing). */
function addsAttachments(doc: DocWrite, live: StoredDoc): boolean {
  const next = content(doc, live)._attachments as Attachments | undefined;
  const now = live ? (content(live, live)._attachments as Attachments | undefined) : undefined;
  return Object.entries(next ?? {}).some(
    ([name, att]) => !now || !Object.hasOwn(now, name) || !sameValue(att, now[name]),
  );
}

/**
 * Records people write whole take attachments (a photo on a ticket, a receipt on an expense).
 * Settings, memberships, server-owned records, those only the server creates (a feed's items,
 * whose marks are all people change) and those whose contents live elsewhere (a disk file's) take
 * none: what they hold is decided elsewhere.
 */
export function takesAttachments(klass: unknown): boolean {
  const spec = specOfKlass(klass);
  return Boolean(spec && !spec.serverCreates && spec.attachments !== false);
}

/**
 * The next revision of `stored` when the attachment `name` is written (`written`: its type and
 * length) or removed (null): what an attachment PUT or DELETE changes, judged like any write.
 */
export function withAttachment(
  stored: DocWrite & { _id: string },
  name: string,
  written: { content_type: string; length?: number } | null,
): DocWrite & { _id: string } {
  // Built from entries: a name like `__proto__` stays an attachment's name.
  const attachments = Object.fromEntries([
    ...Object.entries(attachmentsOf(stored)).filter(([other]) => other !== name),
    ...(written ? [[name, written] as const] : []),
  ]);
  const next: DocWrite & { _id: string } = { ...stored };
  if (Object.keys(attachments).length > 0) next._attachments = attachments;
  else delete next._attachments;
  return next;
}

/** Whether `stored` holds an attachment named `name`. */
export function hasAttachment(stored: object | null | undefined, name: string): boolean {
  return Object.hasOwn(attachmentsOf(stored), name);
}

/**
 * Checks one document written to `db` by `actor`, beside the version stored now (`stored`; null
 * for a new document). In a group, settings (`Adjustment`) and the phone and address lists are for
 * administrators only. A deletion or an overwrite is judged by what the document is (its stored
 * `klass`), never by what the id looks like or what the writer claims it is.
 */
export function checkDocWrite(
  actor: Actor,
  db: string,
  doc: DocWrite,
  access: GroupAccess = { admin: false },
  stored: StoredDoc = null,
  context: RuleContext = NO_CONTEXT,
): WriteVerdict {
  if (!canReadDatabase(actor, db, access.parent ?? null)) return FORBIDDEN;
  const id = doc._id;
  if (typeof id !== 'string' || id === '') return { ok: false, status: 422, reason: { _id: [FIELD_MESSAGES.blank] } };
  if (!isAddressableId(id)) return { ok: false, status: 422, reason: { _id: [FIELD_MESSAGES.invalid] } };
  if (id.startsWith('_') || SERVER_DOC_IDS.has(id)) return FORBIDDEN;
  const group = databaseKind(db) === 'group';
  const live = stored && stored._deleted !== true ? stored : null;
  // A revision that changes nothing (a device putting back what the server has, to discard a
  // refused change of its own) is no write: whoever may read the document may make it.
  if (live && doc._deleted !== true && sameValue(content(doc, live), content(live, live))) return ALLOWED;
  // Every klass the write touches: the stored one, the one sent, and the one the id names.
  const klasses = [live?.klass, doc.klass, klassOfId(id)].filter((k): k is string => typeof k === 'string');
  if (klasses.some((k) => SERVER_KLASSES.has(k))) return FORBIDDEN;
  if (group && !access.admin && klasses.some((k) => ADMIN_ONLY_KLASSES.has(k))) return FORBIDDEN;
  // The plan and what ties it to a payment are the server's (spec 000 §4): no client writes,
  // renames or deletes such a setting, administrators included.
  if (group && klasses.includes('Adjustment') && [live?.key, doc.key].some((k) => isServerSetting(k))) return FORBIDDEN;
  if (klasses.some((k) => specOfKlass(k)?.serverCreates) && (!live || doc._deleted === true)) return FORBIDDEN;
  if (doc._deleted === true) {
    const spec = live ? specOfKlass(live.klass) : null;
    const refusal = spec ? judgeRecordDelete(spec, live, context) : null;
    return refusal ? { ok: false, status: 422, reason: refusal } : ALLOWED;
  }
  if (typeof doc.klass !== 'string' || doc.klass === '')
    return { ok: false, status: 422, reason: { klass: [FIELD_MESSAGES.blank] } };
  if (typeof live?.klass === 'string' && live.klass !== doc.klass)
    return { ok: false, status: 422, reason: { klass: [FIELD_MESSAGES.invalid] } };
  // Ids are `<prefix>-<uuid>` with the klass's own prefix (the server finds settings and
  // memberships by their prefix), and an id naming another klass is no id for this one.
  const prefix: IdPrefix | undefined = Object.hasOwn(ID_PREFIXES, doc.klass)
    ? ID_PREFIXES[doc.klass as Klass]
    : undefined;
  const idKlass = klassOfId(id);
  if ((prefix && !isId(id, prefix)) || (idKlass && idKlass !== doc.klass))
    return { ok: false, status: 422, reason: { _id: [FIELD_MESSAGES.invalid] } };
  if (addsAttachments(doc, live) && !takesAttachments(doc.klass))
    return { ok: false, status: 422, reason: { _attachments: [FIELD_MESSAGES.notAllowed] } };
  if (!group) return checkPersonalDoc(doc);
  // Records with screens are checked with the rules their forms use, and a change with the rules
  // about changes, beside the stored version (src/domain/records).
  if (doc.klass === 'Adjustment') return checkGroupSetting(doc);
  const spec = specOfKlass(doc.klass);
  if (spec) {
    const errors = judgeRecordWrite(spec, live, doc as Record<string, unknown>, context);
    if (errors.hasErrors) return { ok: false, status: 422, reason: errors.reasons };
  }
  return ALLOWED;
}

const isServerSetting = (key: unknown): boolean => typeof key === 'string' && SERVER_SETTING_KEYS.has(key);

/** Settings read as more than text: the money's currency. */
function checkGroupSetting(doc: DocWrite): WriteVerdict {
  if (doc.key === 'currency' && !isCurrency(doc.value))
    return { ok: false, status: 422, reason: { value: [FIELD_MESSAGES.inclusion] } };
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
