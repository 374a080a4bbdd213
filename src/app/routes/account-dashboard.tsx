import { isUnconfirmed } from '../../domain/user.ts';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { DashboardPage } from '../../features/groups/components/dashboard-page.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';
import { featureModule } from '../feature-modules.ts';

export default function AccountDashboardRoute() {
  const user = useSessionStore((s) => s.user);
  const group = useCurrentGroup();
  // The cards of the group's own module (priority bars).
  const cards = featureModule(group?.account.kind)?.DashboardCards;
  return <DashboardPage unconfirmed={user ? isUnconfirmed(user) : false} cards={cards} />;
}
