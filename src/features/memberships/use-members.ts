import { useCallback } from 'react';
import { useReplicaQuery } from '../../components/resource/use-records.ts';
import type { Member } from '../../components/resource/resource-env.ts';
import type { Membership } from '../../domain/groups.ts';
import { listFew } from '../../data/records.ts';

async function readMembers(accountId: string): Promise<Member[]> {
  const memberships = await listFew<Membership>(accountId, 'Membership');
  return memberships
    .filter((m) => m.status === 'accepted' && m.user_id)
    .map((m) => ({ id: m.user_id!, name: m.user?.fullname || m.user?.email || m.email || m.user_id! }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The group's members, as technicians and reviewers to choose from; read from the device. */
export function useMembers(accountId: string): readonly Member[] {
  const load = useCallback(() => readMembers(accountId), [accountId]);
  return useReplicaQuery(accountId, load).value ?? NONE;
}

const NONE: readonly Member[] = [];
