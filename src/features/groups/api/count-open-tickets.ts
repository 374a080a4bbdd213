import { request } from '../../../data/http-client';

/** The open-ticket count of the navbar badge; a missing view or any failure counts as 0 (spec 000 §8). */
export async function countOpenTickets(accountId: string): Promise<number> {
  try {
    const { rows } = await request<{ rows?: { value?: unknown }[] }>(
      'GET',
      `/db/${encodeURIComponent(accountId)}/_design/count-by-open-ticket-priority/_view/all`,
      { quiet: true },
    );
    const value = rows?.[0]?.value;
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}
