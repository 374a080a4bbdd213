import { request } from '../../../data/http-client';
import { type ChangeRow, changesQuery, timelineRows } from '../../../domain/recent-changes';

/** The last changes of a group, newest first: the database's update_seq, then its change feed. */
export async function listRecentChanges(accountId: string): Promise<ChangeRow[]> {
  const db = `/db/${encodeURIComponent(accountId)}`;
  const info = await request<{ update_seq?: unknown }>('GET', db);
  const query = changesQuery(info.update_seq);
  const { results } = await request<{ results?: ChangeRow[] }>('GET', `${db}/_changes`, {
    query: { include_docs: true, ...query },
  });
  return timelineRows(results ?? [], 'descending' in query);
}
