import { queryView } from '../../../data/records';

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
