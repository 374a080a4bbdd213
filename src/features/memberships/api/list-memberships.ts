import { listFew } from '../../../data/records.ts';
import { refreshReplica } from '../../../data/replicas.ts';
import type { Membership } from '../../../domain/groups.ts';

/** The group's memberships, from the local replica brought up to date when online. */
export async function listMemberships(accountId: string): Promise<Membership[]> {
  await refreshReplica(accountId);
  return listFew<Membership>(accountId, 'Membership');
}
