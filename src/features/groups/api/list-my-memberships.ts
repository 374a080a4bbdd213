import { listFew } from '../../../data/records.ts';
import { refreshReplica } from '../../../data/replicas.ts';
import type { Membership } from '../../../domain/groups.ts';

/** The user's accepted memberships, from the copies the server keeps in their personal database. */
export async function listMyMemberships(userId: string): Promise<Membership[]> {
  await refreshReplica(userId);
  return listFew<Membership>(userId, 'Membership', { status: 'accepted' });
}
