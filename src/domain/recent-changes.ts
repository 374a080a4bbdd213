// The dashboard's recent-changes timeline (spec 000 §2 "Dashboard"): which changes to ask for,
// what each one was, where its record lives and how it is labelled.
import { firstLine, textField } from './labels.ts';
import { MODULE_SERVER_DOC_IDS } from './modules/index.ts';
import { specOfKlass } from './records/index.ts';

export { firstLine, LABEL_MAX } from './labels.ts';

/** How many sequence numbers the timeline looks back. */
export const CHANGES_LOOKBACK = 20;

/**
 * How far the replica's change feed is read: every write here is two changes (the record and its
 * timeline note, a DocumentChange), so twice the look-back still yields 20 changes people made.
 */
export const CHANGES_SCAN = CHANGES_LOOKBACK * 2;

/** Kinds that record other changes (a record's timeline), not changes of their own. */
const BOOKKEEPING_KLASSES = new Set(['DocumentChange']);

/** Whether a change is one people made to a record: design documents and bookkeeping are left out. */
export function isTimelineChange(row: ChangeRow): boolean {
  // Documents the server keeps for a module (a counter) are bookkeeping too.
  if (row.id.startsWith('_design/') || row.id.startsWith('_local/') || MODULE_SERVER_DOC_IDS.has(row.id)) return false;
  // A setting's first version is the group's default, written when it was created: a newcomer's
  // timeline would open with a dozen of them. A setting someone changed shows.
  if (row.doc?.klass === 'Adjustment' && changeAction(row) === 'create') return false;
  return !(typeof row.doc?.klass === 'string' && BOOKKEEPING_KLASSES.has(row.doc.klass));
}

/** When a change was made, as its record says (a pull brings old changes in a new order). */
function changedAt(row: ChangeRow): string {
  const at = row.doc?.updated_at ?? row.doc?.created_at;
  return typeof at === 'string' ? at : '';
}

/** The resource (route segment) of a kind's screens: its description's, or the group's own memberships. */
export function resourceOfKlass(klass: unknown): string | null {
  if (klass === 'Membership') return 'memberships';
  return specOfKlass(klass)?.resource ?? null;
}

/** CouchDB's update_seq is a number or a string such as "42-g1AAAA…": the leading number is the sequence. */
export function sequenceNumber(seq: unknown): number | null {
  if (typeof seq === 'number') return Number.isFinite(seq) ? seq : null;
  if (typeof seq !== 'string') return null;
  const match = /^(\d+)/.exec(seq);
  return match ? Number(match[1]) : null;
}

export interface ChangeDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  klass?: unknown;
  [field: string]: unknown;
}

export interface ChangeRow {
  seq: unknown;
  id: string;
  deleted?: boolean;
  changes?: { rev: string }[];
  doc?: ChangeDoc;
}

export type ChangeAction = 'create' | 'update' | 'destroy';

/**
 * Every kind of event a record's timeline can hold (spec 001 §4). This product writes create,
 * update and destroy; the others come with records synced or imported from elsewhere, and are
 * named all the same so such a record's history reads as words, not keys.
 */
export const TIMELINE_EVENTS = [
  'archive',
  'attach',
  'backfill_version',
  'billing-email',
  'bookmark',
  'close',
  'comment',
  'confirm',
  'create',
  'created',
  'design',
  'destroy',
  'import',
  'open',
  'status',
  'unconfirm',
  'update_payment',
  'update',
  'upsert',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

/** The words for a timeline event (`resource.changes.*`, with the person's `name`); an unknown one is a change. */
export function timelineEventKey(action: unknown): `resource.changes.${TimelineEvent | 'other'}` {
  const known = (TIMELINE_EVENTS as readonly unknown[]).includes(action) ? (action as TimelineEvent) : 'other';
  return `resource.changes.${known}`;
}

export function changeAction(row: Omit<ChangeRow, 'seq'>): ChangeAction {
  if (row.deleted || row.doc?._deleted) return 'destroy';
  const rev = row.doc?._rev ?? row.changes?.[0]?.rev ?? '';
  return rev.startsWith('1-') ? 'create' : 'update';
}

/** Newest first, without design documents and bookkeeping, at most `CHANGES_LOOKBACK` rows. */
export function timelineRows(rows: readonly ChangeRow[], descending: boolean): ChangeRow[] {
  const newestFirst = descending ? [...rows] : [...rows].reverse();
  // By the time each change was made, newest first; the feed's order where no time is known.
  const timed = newestFirst.filter(isTimelineChange).map((row, index) => ({ row, index, at: changedAt(row) }));
  timed.sort((a, b) => (a.at && b.at && a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.index - b.index));
  return timed.map((t) => t.row).slice(0, CHANGES_LOOKBACK);
}

/** The record's screen, or null when the kind has none or the record is gone. */
export function recordPath(accountId: string, row: Omit<ChangeRow, 'seq'>): string | null {
  if (changeAction(row) === 'destroy') return null;
  const resource = resourceOfKlass(row.doc?.klass);
  return resource ? `/account/${accountId}/${resource}/${row.id}` : null;
}

/**
 * Memberships: the member (or the invited e-mail); records whose kind says how (a service order's number
 * and problem): that; others: name, title, description or key.
 */
export function recordLabel(doc: ChangeDoc | undefined): string {
  if (!doc) return '';
  if (doc.klass === 'Membership') {
    const user = typeof doc.user === 'object' && doc.user !== null ? (doc.user as ChangeDoc) : null;
    const member = user ? textField(user, 'fullname') || textField(user, 'email') : '';
    if (member || textField(doc, 'email')) return member || textField(doc, 'email');
  }
  const spec = specOfKlass(doc.klass);
  if (spec?.label) return spec.label(doc);
  const titleField = spec?.titleField;
  for (const field of [...(titleField ? [titleField] : []), 'name', 'title', 'description', 'key', 'content']) {
    const value = firstLine(textField(doc, field));
    if (value) return value;
  }
  return '';
}
