import { findRecords, queryView, type RecordQuery } from '../../../../data/records.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../../../domain/modules/ticket/tickets.ts';
import { type BoardFilters, columnCounts, hasFilters, matchesFilters } from '../board-rules.ts';

/**
 * Cards per column: a shop's done column grows for years, and a board of thousands of cards
 * helps no one (nor the time to show it); the column's count (countBoard) still says how many there are.
 */
export const COLUMN_LIMIT = 50;
/** Tickets read at a time while looking for those that pass the filters. */
const BATCH = 200;

export interface BoardColumn {
  status: TicketStatus;
  /** Newest change first, at most COLUMN_LIMIT. */
  tickets: PouchDoc[];
}

// Matches the index ['klass', 'status', 'updated_at'] (src/app/register-indexes.ts): only these
// fields may appear in the selector, or findRecords would build another index over every record.
function columnQuery(status: TicketStatus, limit: number, skip = 0): RecordQuery {
  return {
    selector: { klass: 'Ticket', status, updated_at: { $gt: null } },
    sort: [{ klass: 'desc' }, { status: 'desc' }, { updated_at: 'desc' }],
    limit,
    ...(skip ? { skip } : {}),
  };
}

async function columnTickets(accountId: string, status: TicketStatus, filters: BoardFilters): Promise<PouchDoc[]> {
  if (!hasFilters(filters)) return findRecords<PouchDoc>(accountId, columnQuery(status, COLUMN_LIMIT));
  // Filters are applied here, on the device: read on until the column is full or the tickets end.
  const found: PouchDoc[] = [];
  for (let skip = 0; ; skip += BATCH) {
    const batch = await findRecords<PouchDoc>(accountId, columnQuery(status, BATCH, skip));
    found.push(...batch.filter((ticket) => matchesFilters(ticket, filters)));
    if (found.length >= COLUMN_LIMIT || batch.length < BATCH) return found.slice(0, COLUMN_LIMIT);
  }
}

/**
 * Tickets per status passing the filters, from the count-by-ticket-status view; null while the
 * replica lacks the view (a server not yet updated), when the columns count what they show.
 * Read after the cards: a view reads a row per ticket, the cards only a column's first ones.
 */
export async function countBoard(
  accountId: string,
  filters: BoardFilters,
): Promise<Partial<Record<TicketStatus, number>> | null> {
  try {
    return columnCounts(await queryView(accountId, 'count-by-ticket-status/all', { group_level: 4 }), filters);
  } catch {
    return null;
  }
}

/** The board's columns, in the statuses' usual order, read from the device's replica. */
export async function listBoard(accountId: string, filters: BoardFilters): Promise<BoardColumn[]> {
  const found = await Promise.all(TICKET_STATUSES.map((status) => columnTickets(accountId, status, filters)));
  return TICKET_STATUSES.map((status, i) => ({ status, tickets: found[i]! }));
}
