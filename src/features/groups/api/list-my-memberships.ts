import { findRecords } from '../../../data/records';
import { refreshReplica } from '../../../data/replicas';
import type { Membership } from '../../../domain/groups';

/** The user's accepted memberships, from the copies the server keeps in their personal database. */
export async function listMyMemberships(userId: string): Promise<Membership[]> {
  await refreshReplica(userId);
  return findRecords<Membership>(userId, { selector: { klass: 'Membership', status: 'accepted' }, limit: 1000 });
}
