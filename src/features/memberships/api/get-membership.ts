import { getRecord } from '../../../data/records.ts';
import { refreshReplica } from '../../../data/replicas.ts';
import type { Membership } from '../../../domain/groups.ts';

/** One membership of the group; null when it does not exist (or was deleted). */
export async function getMembership(accountId: string, membershipId: string): Promise<Membership | null> {
  await refreshReplica(accountId);
  const doc = await getRecord<Membership>(accountId, membershipId);
  return doc?.klass === 'Membership' ? doc : null;
}
