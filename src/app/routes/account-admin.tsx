import { BillingTiles } from '../../features/billing/components/billing-tiles.tsx';
import { useRecordCount } from '../../features/billing/use-billing-figures.ts';
import { AdminPage } from '../../features/groups/components/admin-page.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';
import { featureModule } from '../feature-modules.ts';

export default function AccountAdminRoute() {
  const group = useCurrentGroup();
  const records = useRecordCount(group?.accountId ?? '');
  return (
    <AdminPage
      cards={featureModule(group?.account.kind)?.AdminCards}
      tiles={group && <BillingTiles accountId={group.accountId} settings={group.settings} records={records} />}
    />
  );
}
