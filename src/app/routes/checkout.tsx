import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSyncStore } from '../../data/sync-store.ts';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { CheckoutPage } from '../../features/billing/components/checkout-page.tsx';
import { useMyGroupsStore } from '../../features/groups/my-groups-store.ts';

export default function CheckoutRoute() {
  const [params] = useSearchParams();
  const online = useSyncStore((s) => s.online);
  const userId = useSessionStore((s) => s.user?._id ?? null);
  const memberships = useMyGroupsStore((s) => s.memberships);
  useEffect(() => {
    if (userId && !memberships) void useMyGroupsStore.getState().load(userId);
  }, [userId, memberships]);
  if (!memberships) return null;
  // Only administrators choose a plan (spec 000 §6); the server refuses the others anyway.
  const groups = memberships
    .filter((m) => m.status === 'accepted' && m.admin)
    .map((m) => ({ id: m.db_name, name: m.name }));
  return <CheckoutPage groups={groups} initial={params.get('group')} online={online} />;
}
