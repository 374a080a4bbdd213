import { request } from '../../../data/http-client.ts';
import type { Membership } from '../../../domain/groups.ts';

export function deleteMembership(accountId: string, membership: Pick<Membership, '_id' | '_rev'>) {
  return request<{ ok: boolean }>(
    'DELETE',
    `/db/${encodeURIComponent(accountId)}/${encodeURIComponent(membership._id)}`,
    { query: { rev: membership._rev } },
  );
}
