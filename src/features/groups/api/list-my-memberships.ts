import { listFew } from '../../../data/records.ts';
import { refreshReplica } from '../../../data/replicas.ts';
import { hasSynced } from '../../../data/sync.ts';
import type { Membership } from '../../../domain/groups.ts';

/** The accepted memberships the device's copy of the person's database holds now. */
function acceptedOnDevice(userId: string): Promise<Membership[]> {
  return listFew<Membership>(userId, 'Membership', { status: 'accepted' });
}

/** The user's accepted memberships, from the copies the server keeps in their personal database. */
export async function listMyMemberships(userId: string): Promise<Membership[]> {
  await refreshReplica(userId);
  return acceptedOnDevice(userId);
}

/**
 * The same from the device's copy alone, without a round trip: null when this device has never
 * synced the person's database (its copy would say they have no group).
 */
export async function heldMemberships(userId: string): Promise<Membership[] | null> {
  if (!(await hasSynced(userId).catch(() => false))) return null;
  return acceptedOnDevice(userId);
}
