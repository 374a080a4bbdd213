import { useMemo } from 'react';
import { isUnconfirmed } from '../../domain/user.ts';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { saveGroupSetting } from '../../features/groups/api/group-settings.ts';
import { DashboardPage } from '../../features/groups/components/dashboard-page.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';
import { featureModule } from '../feature-modules.ts';
import { useResourceRoute } from '../use-resource-env.ts';

export default function AccountDashboardRoute() {
  const user = useSessionStore((s) => s.user);
  const group = useCurrentGroup();
  // The cards of the group's own module (priority bars), with what the group's screens have.
  const Cards = featureModule(group?.account.kind)?.DashboardCards;
  const { env } = useResourceRoute();
  const admin = group?.account.admin ?? false;
  const cards = useMemo(
    () =>
      Cards &&
      function ModuleCards(props: { accountId: string; refreshKey: number }) {
        return (
          <Cards
            {...props}
            env={env}
            admin={admin}
            saveSetting={(key, value) => saveGroupSetting(env.accountId, key, value)}
          />
        );
      },
    [Cards, env, admin],
  );
  return <DashboardPage unconfirmed={user ? isUnconfirmed(user) : false} cards={cards} />;
}
