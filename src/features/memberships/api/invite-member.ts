import { request } from '../../../data/http-client';
import type { Membership, MembershipFlags } from '../../../domain/groups';

export function inviteMember(accountId: string, input: { email: string } & MembershipFlags): Promise<Membership> {
  return request('POST', `/api/groups/${encodeURIComponent(accountId)}/memberships`, { body: input });
}
