// What the ticket board shows and allows, apart from the screens: the filters it keeps in the
// address (so a filtered board can be shared or reloaded) and why a move is refused.
import {
  CLOSED_TICKET_STATUSES,
  isTicketStatus,
  TICKET_KINDS,
  TICKET_PRIORITIES,
  type TicketKind,
  type TicketPriority,
  type TicketStatus,
} from '../../../domain/modules/ticket/tickets.ts';

export interface BoardFilters {
  priority: TicketPriority | null;
  kind: TicketKind | null;
  /** A member's user id. */
  technician: string | null;
}

export const NO_FILTERS: BoardFilters = { priority: null, kind: null, technician: null };

const pick = <T extends string>(options: readonly T[], value: string | null): T | null =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : null;

/** The filters in the address's search params; unknown values are ignored rather than matching nothing. */
export function filtersFromParams(params: URLSearchParams): BoardFilters {
  return {
    priority: pick(TICKET_PRIORITIES, params.get('priority')),
    kind: pick(TICKET_KINDS, params.get('kind')),
    technician: params.get('technician') || null,
  };
}

export function hasFilters(filters: BoardFilters): boolean {
  return filters.priority !== null || filters.kind !== null || filters.technician !== null;
}

/** Whether a ticket passes the filters; tickets without a priority count as low, as the counters do. */
export function matchesFilters(ticket: Readonly<Record<string, unknown>>, filters: BoardFilters): boolean {
  if (filters.priority && (ticket.priority || 'low') !== filters.priority) return false;
  if (filters.kind && ticket.ticket_kind !== filters.kind) return false;
  if (filters.technician && ticket.technical_id !== filters.technician) return false;
  return true;
}

/**
 * Tickets per status that pass the filters, from the rows of the count-by-ticket-status view
 * grouped in full (key [status, priority, kind, technician], value a count).
 */
export function columnCounts(
  rows: ReadonlyArray<{ key: unknown; value: unknown }>,
  filters: BoardFilters,
): Partial<Record<TicketStatus, number>> {
  const counts: Partial<Record<TicketStatus, number>> = {};
  for (const { key, value } of rows) {
    if (!Array.isArray(key) || typeof value !== 'number') continue;
    const [status, priority, kind, technician] = key as unknown[];
    if (!isTicketStatus(status)) continue;
    if (!matchesFilters({ priority, ticket_kind: kind, technical_id: technician }, filters)) continue;
    counts[status] = (counts[status] ?? 0) + value;
  }
  return counts;
}

export type MoveRefusal = 'board.refused.closed' | 'board.refused.unknown';

/**
 * Why a ticket in `from` cannot move to `to` (an i18n key), or null when it can. Mirrors
 * canChangeStatus in src/domain/tickets.ts, which stays the rule; this only names the reason.
 */
export function moveRefusal(from: unknown, to: TicketStatus): MoveRefusal | null {
  if (!isTicketStatus(from) || !isTicketStatus(to)) return 'board.refused.unknown';
  if (from === to) return null;
  if (CLOSED_TICKET_STATUSES.includes(from) && to !== 'open') return 'board.refused.closed';
  return null;
}
