import { Fragment } from 'react';
import { dashboardModules } from '../../domain/modules/index.ts';
import { isUnconfirmed } from '../../domain/user.ts';
import { FreeLimitNotice } from '../../features/billing/components/free-limit-notice.tsx';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { saveGroupSetting } from '../../features/groups/api/group-settings.ts';
import { DashboardPage } from '../../features/groups/components/dashboard-page.tsx';
import { useCurrentGroup } from '../../features/groups/group-store.ts';
import { featureModule } from '../feature-modules.ts';
import { useResourceRoute } from '../use-resource-env.ts';

export default function AccountDashboardRoute() {
  const user = useSessionStore((s) => s.user);
  const group = useCurrentGroup();
  // The cards of the group's own module (priority bars), then those of modules shown wherever
  // they are on (a ticket group's balances), with what the group's screens have.
  const kind = group?.account.kind ?? null;
  const modules = group ? dashboardModules(group.settings, kind) : [];
  const cardSets = modules.flatMap((module) => {
    const Cards = featureModule(module)?.DashboardCards;
    return Cards ? [{ module, Cards }] : [];
  });
  const { env } = useResourceRoute();
  const admin = group?.account.admin ?? false;
  // A function called in render, not a component made here: a new component type at each change of
  // `env` (members read) would mount the cards again, each showing its loading state once more.
  const cards =
    cardSets.length > 0
      ? (props: { accountId: string; refreshKey: number }) =>
          cardSets.map(({ module, Cards }) => (
            <Fragment key={module}>
              <Cards
                {...props}
                env={env}
                admin={admin}
                saveSetting={(key, value) => saveGroupSetting(env.accountId, key, value)}
              />
            </Fragment>
          ))
      : undefined;
  return (
    <DashboardPage
      unconfirmed={user ? isUnconfirmed(user) : false}
      cards={cards}
      notice={group && <FreeLimitNotice accountId={group.accountId} settings={group.settings} />}
    />
  );
}
