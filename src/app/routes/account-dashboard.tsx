import { isUnconfirmed } from '../../domain/user';
import { useSessionStore } from '../../features/accounts/session-store';
import { DashboardPage } from '../../features/groups/components/dashboard-page';

export default function AccountDashboardRoute() {
  const user = useSessionStore((s) => s.user);
  return <DashboardPage unconfirmed={user ? isUnconfirmed(user) : false} />;
}
