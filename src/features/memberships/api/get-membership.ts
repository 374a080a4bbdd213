import { getRecord } from '../../../data/records';
import { refreshReplica } from '../../../data/replicas';
import type { Membership } from '../../../domain/groups';

/** One membership of the group; null when it does not exist (or was deleted). */
export async function getMembership(accountId: string, membershipId: string): Promise<Membership | null> {
  await refreshReplica(accountId);
  const doc = await getRecord<Membership>(accountId, membershipId);
  return doc?.klass === 'Membership' ? doc : null;
}
