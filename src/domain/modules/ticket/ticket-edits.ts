// What the ticket screens write beyond the form's own fields (spec 001 §3-5): the checklist a
// category hands over, a status change with its optional assignment, a checklist tick, the
// equipment related to the customer at creation, and a comment. Pure, so the rules are tested
// without a replica; src/features/tickets does the reading and writing.
import { firstLine, textField } from '../../labels.ts';
import { contractReceiptState } from './receipts.ts';
import {
  type ChecklistItem,
  canChangeStatus,
  checklistFromCategory,
  isTicketStatus,
  mergeChecklist,
  type TicketStatus,
} from './tickets.ts';

/** Field message of an edit that moves a closed ticket anywhere but back to open. */
export const CLOSED_TICKET_ONLY_REOPENS = 'A done or cancelled ticket can only be reopened';

/** Field message of a ticket marked done while the contract receipt it owes is not signed. */
export const RECEIPT_BEFORE_DONE =
  'The contract receipt must be signed, on screen or on paper, before the ticket is done';

/**
 * Whether marking the ticket done must wait for its contract receipt: the group's mode requires
 * one (always, or on demand for a ticket with a contract), and it is neither signed on screen nor
 * marked signed on paper. Unknown settings let it through (the server knows them).
 */
export function receiptBlocksDone(ticket: Doc, settings: Readonly<Record<string, unknown>> | null): boolean {
  if (!settings || ticket.contract_receipt_on_paper === true) return false;
  const mode = typeof settings['contract-receipt'] === 'string' ? settings['contract-receipt'] : undefined;
  return contractReceiptState(ticket, mode) === 'pending';
}

/** The rules about a ticket's change (its spec's `transition`): status moves and the receipt before done. */
export function ticketChangeErrors(
  before: Doc,
  after: Doc,
  settings: Readonly<Record<string, unknown>> | null,
): string[] {
  const errors: string[] = [];
  const refused = statusEditError(before, after);
  if (refused) errors.push(refused);
  if (after.status === 'done' && before.status !== 'done' && receiptBlocksDone(after, settings))
    errors.push(RECEIPT_BEFORE_DONE);
  return errors;
}

type Doc = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored checklist as items, whatever older or hand-made data holds. */
export function checklistOf(doc: Doc | null | undefined): ChecklistItem[] {
  const list = doc?.checklist;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const { item, done } = entry as { item?: unknown; done?: unknown };
    return typeof item === 'string' && item.trim() !== '' ? [{ item, done: done === true }] : [];
  });
}

/**
 * The checklist a ticket is saved with, or `undefined` to leave it as it is. A new ticket takes
 * its category's items; an edit that moves it to another category merges, so items both lists
 * share keep their ticks. Clearing the category keeps the list: the ticks are work done.
 */
export function checklistForSave(
  before: Doc | null,
  after: Doc,
  categoryChecklist: string | null,
): ChecklistItem[] | undefined {
  const category = text(after.category_id);
  if (!category || categoryChecklist === null) return undefined;
  if (before && text(before.category_id) === category) return undefined;
  const fromCategory = checklistFromCategory(categoryChecklist);
  return before ? mergeChecklist(checklistOf(before), fromCategory) : fromCategory;
}

/** The field message when an edit changes the status in a way the rules refuse, else null. */
export function statusEditError(before: Doc | null, after: Doc): string | null {
  const from = before?.status;
  const to = after.status;
  if (!isTicketStatus(from) || !isTicketStatus(to) || from === to) return null;
  return canChangeStatus(from, to) ? null : CLOSED_TICKET_ONLY_REOPENS;
}

/**
 * The ticket after a status change from its page; null when the rules refuse it. With
 * `assignTo`, the person changing it becomes the ticket's technician too.
 */
export function changeStatus<T extends Doc>(
  ticket: T,
  to: TicketStatus,
  assignTo: string | null,
  { signedOnPaper = false }: { signedOnPaper?: boolean } = {},
): T | null {
  const from = ticket.status;
  if (!isTicketStatus(from) || !canChangeStatus(from, to)) return null;
  return {
    ...ticket,
    status: to,
    ...(assignTo ? { technical_id: assignTo } : {}),
    ...(signedOnPaper ? { contract_receipt_on_paper: true } : {}),
  };
}

/** The ticket with one checklist item ticked or not; null when that item is no longer there. */
export function tickChecklistItem<T extends Doc>(ticket: T, item: string, done: boolean): T | null {
  const list = checklistOf(ticket);
  const index = list.findIndex((entry) => entry.item === item);
  if (index < 0) return null;
  return { ...ticket, checklist: list.map((entry, i) => (i === index ? { ...entry, done } : entry)) };
}

/**
 * The equipment's new customer when a ticket was created asking to relate them, or null when
 * there is nothing to write (not asked, one of them missing, already related).
 */
export function equipmentCustomerToRelate(ticket: Doc, asked: unknown, equipment: Doc | null): string | null {
  const customer = text(ticket.customer_id);
  if (asked !== true || !customer || !text(ticket.equipment_id) || !equipment) return null;
  return equipment.customer_id === customer ? null : customer;
}

// A type, not an interface: it goes where any record may (Record<string, unknown>).
export type NewComment = {
  _id: string;
  klass: 'Comment';
  ticket_id: string;
  content: string;
  date: string;
  user?: string;
};

/**
 * A comment on a ticket. `user` keeps the author's name as it was when writing (created_by keeps
 * who, for as long as they are a member). Blank content is left to validation to refuse.
 */
export function newComment(
  id: string,
  ticketId: string,
  content: string,
  author: string | null,
  now: Date,
): NewComment {
  return {
    _id: id,
    klass: 'Comment',
    ticket_id: ticketId,
    content: content.trim(),
    date: now.toISOString(),
    ...(author ? { user: author } : {}),
  };
}

/** "#number - first line of the problem or the content" (or the title); a ticket not numbered yet, its text alone. */
export function ticketLabel(doc: Doc): string {
  const text = firstLine(textField(doc, 'problem') || textField(doc, 'content') || textField(doc, 'title'));
  const number = textField(doc, 'number');
  if (!number) return text;
  return text ? `#${number} - ${text}` : `#${number}`;
}
