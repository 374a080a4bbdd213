import { latestChanges } from '../../../data/records.ts';
import { CHANGES_SCAN, type ChangeRow, timelineRows } from '../../../domain/recent-changes.ts';

/** The last changes of a group, newest first, from the device's replica. */
export async function listRecentChanges(accountId: string): Promise<ChangeRow[]> {
  return timelineRows((await latestChanges(accountId, CHANGES_SCAN)) as ChangeRow[], false);
}
