import { request } from '../../../data/http-client.ts';
import type { Membership, MembershipFlags } from '../../../domain/groups.ts';

export function inviteMember(accountId: string, input: { email: string } & MembershipFlags): Promise<Membership> {
  return request('POST', `/api/groups/${encodeURIComponent(accountId)}/memberships`, { body: input });
}
