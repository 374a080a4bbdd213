import { request } from '../../../data/http-client.ts';
import type { Membership, MembershipFlags } from '../../../domain/groups.ts';

export function updateMembership(
  accountId: string,
  membership: Pick<Membership, '_id' | '_rev'>,
  flags: MembershipFlags,
): Promise<{ ok: boolean; id: string; rev: string }> {
  return request('PUT', `/db/${encodeURIComponent(accountId)}/${encodeURIComponent(membership._id)}`, {
    query: { rev: membership._rev },
    body: flags,
  });
}
