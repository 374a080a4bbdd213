import { request } from '../../../data/http-client.ts';

export function acceptInvite(accountId: string, membershipId: string): Promise<{ ok: boolean; db_name: string }> {
  return request(
    'PUT',
    `/db/${encodeURIComponent(accountId)}/_design/status/_update/accept/${encodeURIComponent(membershipId)}`,
  );
}
