import { findRecords } from '../../../data/records';
import { refreshReplica } from '../../../data/replicas';
import type { Membership } from '../../../domain/groups';

/** The group's memberships, from the local replica brought up to date when online. */
export async function listMemberships(accountId: string): Promise<Membership[]> {
  await refreshReplica(accountId);
  return findRecords<Membership>(accountId, { selector: { klass: 'Membership' }, limit: 10_000 });
}
