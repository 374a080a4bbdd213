import { queryView } from '../../../data/records.ts';
import { type PriorityCounts, TICKET_PRIORITIES } from '../../../domain/modules/ticket/tickets.ts';

/** The open-ticket count of the navbar badge; a missing view or any failure counts as 0 (spec 000 §8). */
export async function countOpenTickets(accountId: string): Promise<number> {
  try {
    const rows = await queryView(accountId, 'count-by-open-ticket-priority/all');
    const value = rows[0]?.value;
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}

function priorityCounts(rows: ReadonlyArray<{ key: unknown; value: unknown }>): Required<PriorityCounts> {
  const counts = { high: 0, medium: 0, low: 0 };
  for (const { key, value } of rows) {
    const priority = TICKET_PRIORITIES.find((p) => p === key) ?? 'low';
    if (typeof value === 'number') counts[priority] += value;
  }
  return counts;
}

/**
 * Tickets by priority, open ones only or all of them (the dashboards' bars), counted on the
 * device; unlike the badge, a failure is shown (spec 000 §8: counter errors go to the page).
 */
export async function countTicketsByPriority(
  accountId: string,
  which: 'open' | 'all',
): Promise<Required<PriorityCounts>> {
  const view = which === 'open' ? 'count-by-open-ticket-priority/all' : 'count-by-ticket-priority/all';
  return priorityCounts(await queryView(accountId, view, { group_level: 1 }));
}
