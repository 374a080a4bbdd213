import { BillingTiles } from '../../features/billing/components/billing-tiles.tsx';
import { useRecordCount } from '../../features/billing/use-billing-figures.ts';
import { AdminPage } from '../../features/groups/components/admin-page.tsx';
import { SubGroupsTile } from '../../features/groups/components/sub-groups.tsx';
import { subGroupsOf } from '../../domain/group-access.ts';
import { useCurrentGroup } from '../../features/groups/group-store.ts';
import { featureModule } from '../feature-modules.ts';

export default function AccountAdminRoute() {
  const group = useCurrentGroup();
  const records = useRecordCount(group?.accountId ?? '');
  return (
    <AdminPage
      cards={featureModule(group?.account.kind)?.AdminCards}
      tiles={
        group && (
          <>
            {/* Spec 000 §2's order: memberships, sub-groups (only when there are some), billing, usage. */}
            <SubGroupsTile accountId={group.accountId} subGroups={subGroupsOf(group.settings)} />
            <BillingTiles accountId={group.accountId} settings={group.settings} records={records} />
          </>
        )
      }
    />
  );
}
