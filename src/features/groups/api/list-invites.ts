import { request } from '../../../data/http-client.ts';
import type { Membership } from '../../../domain/groups.ts';

/** Pending memberships for the user's e-mail, each with its group's name. */
export async function listInvites(): Promise<Membership[]> {
  const { invites } = await request<{ invites: Membership[] }>('GET', '/api/invites');
  return invites;
}
