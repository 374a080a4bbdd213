// Ticket rules (spec 001 §2-5): statuses and how a ticket moves between them, the dashboard's
// priority bars, when a contract receipt is due, and the checklist a category hands to a ticket.

export const TICKET_STATUSES = ['open', 'block', 'doing', 'review', 'done', 'cancel'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_KINDS = ['chore', 'bug', 'story'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** Statuses of a ticket still being worked on. */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'block', 'doing', 'review'];
/** Statuses that close a ticket; leaving one is a reopen. */
export const CLOSED_TICKET_STATUSES: readonly TicketStatus[] = ['done', 'cancel'];

export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'string' && (TICKET_STATUSES as readonly string[]).includes(value);
}

/**
 * The spec shows open → done/cancel and done/cancel → open, and nothing else; we let work in
 * progress move freely, and a closed ticket only back to open, so that reopening stays a
 * deliberate step ("it looked finished but is not") rather than a silent edit of the outcome.
 */
export function canChangeStatus(from: TicketStatus, to: TicketStatus): boolean {
  if (!isTicketStatus(from) || !isTicketStatus(to) || from === to) return false;
  if (CLOSED_TICKET_STATUSES.includes(from)) return to === 'open';
  return true;
}

/** The statuses a ticket in `from` may move to, in the usual order. */
export function allowedStatuses(from: TicketStatus): TicketStatus[] {
  return TICKET_STATUSES.filter((to) => canChangeStatus(from, to));
}

export function isReopen(from: TicketStatus, to: TicketStatus): boolean {
  return CLOSED_TICKET_STATUSES.includes(from) && to === 'open';
}

export type TicketHelpKey = 'tickets.help.done' | 'tickets.help.cancel';

/** The i18n key of the help shown beside a closing status, or null for the others. */
export function statusHelpKey(status: TicketStatus): TicketHelpKey | null {
  if (status === 'done') return 'tickets.help.done';
  if (status === 'cancel') return 'tickets.help.cancel';
  return null;
}

export interface PriorityCounts {
  high?: number;
  medium?: number;
  low?: number;
}

export type PriorityPercentages = Record<'high' | 'medium' | 'low', number>;

const count = (value: number | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/**
 * Integer percentages for the dashboard's bars: high and medium rounded, low whatever remains of
 * 100. Rounding both up can pass 100 (50.5 + 49.5), so medium gives way and low is never negative.
 */
export function priorityPercentages(counts: PriorityCounts): PriorityPercentages {
  const high = count(counts.high);
  const medium = count(counts.medium);
  const total = high + medium + count(counts.low);
  if (total === 0) return { high: 0, medium: 0, low: 0 };
  const highPct = Math.round((high / total) * 100);
  const mediumPct = Math.min(Math.round((medium / total) * 100), 100 - highPct);
  return { high: highPct, medium: mediumPct, low: 100 - highPct - mediumPct };
}

/** The group setting `contract-receipt`: 'always' asks every ticket; 'on-demand' (the default) only those with a contract. */
export function receiptRequired(ticket: { contract_id?: string | null }, mode: string): boolean {
  if (mode === 'always') return true;
  return typeof ticket.contract_id === 'string' && ticket.contract_id !== '';
}

export interface ChecklistItem {
  item: string;
  done: boolean;
}

/** A category's checklist text (one item per line) as unticked items, blank lines and repeats left out. */
export function checklistFromCategory(checklistText: string): ChecklistItem[] {
  const items = checklistText
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return [...new Set(items)].map((item) => ({ item, done: false }));
}

/**
 * The category's items in its order, each keeping the tick it had on the ticket; items the
 * category no longer lists are dropped.
 */
export function mergeChecklist(
  existing: readonly ChecklistItem[] | null | undefined,
  fromCategory: readonly ChecklistItem[],
): ChecklistItem[] {
  const ticked = new Set((existing ?? []).filter((entry) => entry.done).map((entry) => entry.item.trim()));
  return fromCategory.map(({ item }) => ({ item, done: ticked.has(item.trim()) }));
}
