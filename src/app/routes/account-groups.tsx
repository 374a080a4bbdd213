import { canCreateSubGroup, subGroupsOf } from '../../domain/group-access.ts';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { SubGroupsPage } from '../../features/groups/components/sub-groups.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';

/** `/account/{id}/groups`: a Corporate group's sub-groups, and the Owner's form for a new one. */
export default function AccountGroupsRoute() {
  const group = useCurrentGroup();
  const userId = useSessionStore((s) => s.user?._id ?? '');
  if (!group) return null;
  return (
    <SubGroupsPage
      accountId={group.accountId}
      subGroups={subGroupsOf(group.settings)}
      refusal={canCreateSubGroup(userId, group.settings)}
    />
  );
}
