import { AdminPage } from '../../features/groups/components/admin-page.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';
import { featureModule } from '../feature-modules.ts';

export default function AccountAdminRoute() {
  const group = useCurrentGroup();
  return <AdminPage cards={featureModule(group?.account.kind)?.AdminCards} />;
}
