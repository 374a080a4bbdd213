import { useEffect, useState } from 'react';
import { listFew } from '../../data/records.ts';
import type { Membership } from '../../domain/groups.ts';

/**
 * The user's own membership of the group, from the personal copy (its flags: admin, report_view),
 * null until read or when there is none; `undefined` while reading.
 */
export function useMyMembership(accountId: string, userId: string | null): Membership | null | undefined {
  const [found, setFound] = useState<{ key: string; membership: Membership | null } | null>(null);
  const key = `${userId}/${accountId}`;
  useEffect(() => {
    if (!userId || !accountId) return;
    let live = true;
    listFew<Membership>(userId, 'Membership', { db_name: accountId }).then(
      ([mine]) => live && setFound({ key, membership: mine ?? null }),
      () => live && setFound({ key, membership: null }),
    );
    return () => {
      live = false;
    };
  }, [accountId, userId, key]);
  if (!userId) return null;
  return found?.key === key ? found.membership : undefined;
}
