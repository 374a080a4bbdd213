import { request } from '../../../data/http-client';
import { countsByKlass } from '../../../domain/group-settings';

/** klass → number of records, for the admin dashboard's tiles. */
export async function countByKlass(accountId: string): Promise<Record<string, number>> {
  const { rows } = await request<{ rows?: unknown }>(
    'GET',
    `/db/${encodeURIComponent(accountId)}/_design/count-by-klass/_view/all`,
    { query: { group_level: 1 } },
  );
  return countsByKlass(rows);
}
