import { findRecords, queryView, type RecordQuery } from '../../../../data/records.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../../../domain/modules/ticket/tickets.ts';
import { type BoardFilters, columnCounts, hasFilters, matchesFilters } from '../board-rules.ts';

/**
 * Cards a column shows first, and adds each time more are asked for: a shop's done column grows
 * for years, and a board of thousands of cards helps no one (nor the time to show it); the
 * column's count (countBoard) still says how many there are, and the column offers the next ones.
 * Drawing the cards is most of the board's first load on a device holding 10,000 tickets
 * (bench:tickets, page load to a ready board: 50 per column 1.05–1.09 s, 20 about 1.0 s, 12 about
 * 0.86 s); twelve fill a desktop's column twice, a phone's screen three times.
 */
export const COLUMN_PAGE = 12;

/** How many cards each status shows, where more than COLUMN_PAGE were asked for. */
export type ColumnLimits = Partial<Record<TicketStatus, number>>;
/** Tickets read at a time while looking for those that pass the filters. */
const BATCH = 200;

export interface BoardColumn {
  status: TicketStatus;
  /** Newest change first, at most the column's limit. */
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

async function columnTickets(
  accountId: string,
  status: TicketStatus,
  filters: BoardFilters,
  limit: number,
): Promise<PouchDoc[]> {
  if (!hasFilters(filters)) return findRecords<PouchDoc>(accountId, columnQuery(status, limit));
  // Filters are applied here, on the device: read on until the column is full or the tickets end.
  const found: PouchDoc[] = [];
  for (let skip = 0; ; skip += BATCH) {
    const batch = await findRecords<PouchDoc>(accountId, columnQuery(status, BATCH, skip));
    found.push(...batch.filter((ticket) => matchesFilters(ticket, filters)));
    if (found.length >= limit || batch.length < BATCH) return found.slice(0, limit);
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
export async function listBoard(
  accountId: string,
  filters: BoardFilters,
  limits: ColumnLimits = {},
): Promise<BoardColumn[]> {
  const found = await Promise.all(
    TICKET_STATUSES.map((status) => columnTickets(accountId, status, filters, limits[status] ?? COLUMN_PAGE)),
  );
  return TICKET_STATUSES.map((status, i) => ({ status, tickets: found[i]! }));
}
