import { useSessionStore } from '../../features/accounts/session-store.ts';
import { AdminNoopPage } from '../../features/groups/components/admin-noop-page.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';
import { useMyMembership } from '../../features/groups/use-my-membership.ts';

export default function AccountAdminNoopRoute() {
  const group = useCurrentGroup();
  const userId = useSessionStore((s) => s.user?._id ?? null);
  const membership = useMyMembership(group?.accountId ?? '', userId);
  if (!group || membership === undefined) return null;
  // The group's record knows administrators even when the device holds no membership copy yet.
  return <AdminNoopPage flags={{ ...membership, admin: group.account.admin || membership?.admin === true }} />;
}
