import { AdminPage } from '../../features/groups/components/admin-page';
import { useCurrentGroup } from '../../features/groups/group-store';
import { featureModule } from '../feature-modules';

export default function AccountAdminRoute() {
  const group = useCurrentGroup();
  return <AdminPage cards={featureModule(group?.account.kind)?.AdminCards} />;
}
