// The dashboard's recent-changes timeline (spec 000 §2 "Dashboard"): which changes to ask for,
// what each one was, where its record lives and how it is labelled.
import { specOfKlass } from './records';

/** How many sequence numbers the timeline looks back. */
export const CHANGES_LOOKBACK = 20;

/**
 * How far the replica's change feed is read: every write here is two changes (the record and its
 * timeline note, a DocumentChange), so twice the look-back still yields 20 changes people made.
 */
export const CHANGES_SCAN = CHANGES_LOOKBACK * 2;

/** The server's ticket-number counter (src/server/services/ticket-series.ts): bookkeeping, not a change anyone made. */
const SERVER_DOC_IDS = new Set(['ticket-series']);
/** Kinds that record other changes (a record's timeline), not changes of their own. */
const BOOKKEEPING_KLASSES = new Set(['DocumentChange']);

/** Whether a change is one people made to a record: design documents and bookkeeping are left out. */
export function isTimelineChange(row: ChangeRow): boolean {
  if (row.id.startsWith('_design/') || row.id.startsWith('_local/') || SERVER_DOC_IDS.has(row.id)) return false;
  return !(typeof row.doc?.klass === 'string' && BOOKKEEPING_KLASSES.has(row.doc.klass));
}

/** Record kinds with screens under /account/{id}/{resource} (spec 000 §2, spec 001 §2). */
export const KLASS_RESOURCES: Readonly<Record<string, string>> = {
  Category: 'categories',
  Comment: 'comments',
  Contract: 'contracts',
  Customer: 'customers',
  Equipment: 'equipment',
  Estimate: 'estimates',
  Exchange: 'exchanges',
  Handbook: 'handbooks',
  Income: 'incomes',
  Maintenance: 'maintenances',
  Mapping: 'mappings',
  Membership: 'memberships',
  Outgo: 'outgos',
  ReaderItem: 'reader_items',
  ReaderLabel: 'reader_labels',
  ReaderSubscription: 'reader_subscriptions',
  Ticket: 'tickets',
  Transfer: 'transfers',
  Wallet: 'wallets',
};

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

export function changeAction(row: Omit<ChangeRow, 'seq'>): ChangeAction {
  if (row.deleted || row.doc?._deleted) return 'destroy';
  const rev = row.doc?._rev ?? row.changes?.[0]?.rev ?? '';
  return rev.startsWith('1-') ? 'create' : 'update';
}

/** Newest first, without design documents and bookkeeping, at most `CHANGES_LOOKBACK` rows. */
export function timelineRows(rows: readonly ChangeRow[], descending: boolean): ChangeRow[] {
  const newestFirst = descending ? [...rows] : [...rows].reverse();
  return newestFirst.filter(isTimelineChange).slice(0, CHANGES_LOOKBACK);
}

/** The record's screen, or null when the kind has none or the record is gone. */
export function recordPath(accountId: string, row: Omit<ChangeRow, 'seq'>): string | null {
  if (changeAction(row) === 'destroy') return null;
  const klass = typeof row.doc?.klass === 'string' ? row.doc.klass : '';
  const resource = KLASS_RESOURCES[klass];
  return resource ? `/account/${accountId}/${resource}/${row.id}` : null;
}

export const LABEL_MAX = 50;

/** The first line of a text, without leading # or * (Markdown headings and bullets), cut at 50 characters. */
export function firstLine(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const stripped = line.replace(/^[#*\s]+/, '').trim();
  return stripped.length > LABEL_MAX ? `${stripped.slice(0, LABEL_MAX)}…` : stripped;
}

function textField(doc: ChangeDoc, field: string): string {
  const value = doc[field];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/**
 * Tickets: "#number - first line of problem or content" (or title); memberships: the member (or the invited
 * e-mail); others: name, title, description or key.
 */
export function recordLabel(doc: ChangeDoc | undefined): string {
  if (!doc) return '';
  if (doc.klass === 'Membership') {
    const user = typeof doc.user === 'object' && doc.user !== null ? (doc.user as ChangeDoc) : null;
    const member = user ? textField(user, 'fullname') || textField(user, 'email') : '';
    if (member || textField(doc, 'email')) return member || textField(doc, 'email');
  }
  if (doc.klass === 'Ticket') {
    const text = firstLine(textField(doc, 'problem') || textField(doc, 'content') || textField(doc, 'title'));
    const number = textField(doc, 'number');
    // A ticket numbered by no device yet (written by an API client) is named by its text alone.
    if (!number) return text;
    return text ? `#${number} - ${text}` : `#${number}`;
  }
  const titleField = specOfKlass(doc.klass)?.titleField;
  for (const field of [...(titleField ? [titleField] : []), 'name', 'title', 'description', 'key', 'content']) {
    const value = firstLine(textField(doc, field));
    if (value) return value;
  }
  return '';
}
