import { useCallback, useEffect } from 'react';
import { subGroupsOf } from '../domain/group-access.ts';
import { useNavigate } from 'react-router';
import { enabledFeatures } from '../domain/group-settings.ts';
import {
  currentModule,
  enabledModules,
  isModule,
  moduleHome,
  moduleMenu,
  othersMenu,
} from '../domain/modules/index.ts';
import { useCurrentGroup } from '../features/groups/group-store.ts';
import { useModuleStore } from '../features/groups/module-store.ts';
import { useMyGroupsStore } from '../features/groups/my-groups-store.ts';
import { useServerInfoStore } from '../features/groups/server-info-store.ts';

/** What the navbar, drawer and user menu show about groups and modules (spec 000 §2 "Navigation shell"). */
export function useGroupNav() {
  const navigate = useNavigate();
  const group = useCurrentGroup();
  const chosen = useModuleStore((s) => s.chosen);
  const choose = useModuleStore((s) => s.choose);
  const memberships = useMyGroupsStore((s) => s.memberships);
  const hostModules = useServerInfoStore((s) => s.info?.host_modules);
  useEffect(() => {
    void useServerInfoStore.getState().load();
  }, []);
  const hostModule = hostModules?.[window.location.hostname.toLowerCase()];
  const fromHost = isModule(hostModule) ? hostModule : null;
  const accountId = group?.accountId ?? null;
  const modules = group ? enabledModules(group.settings, group.account.kind, fromHost) : [];
  // Spec 000 §1: the session's choice, else the host's module, else the group's own kind.
  const module = group ? currentModule(chosen, fromHost ?? group.account.kind, modules) : null;
  const features = group ? enabledFeatures(group.settings) : new Set<string>();
  const subGroups = group ? subGroupsOf(group.settings) : [];
  const others = group && module ? othersMenu(module, features, modules, subGroups.length > 0) : [];
  const pages = group && module ? moduleMenu(module, features) : [];
  // Pending invitations are not memberships yet: the switcher lists accepted ones only (spec 000 §4).
  // A parent's sub-groups come under it (its members reach them); one held of its own is not repeated.
  const accepted = (memberships ?? []).filter((m) => m.status === 'accepted');
  const own = new Set(accepted.map((m) => m.db_name));
  const switchable = accepted
    .filter((m) => m.db_name !== accountId || (m.sub_groups ?? []).length > 0)
    .map((m) => ({
      ...m,
      current: m.db_name === accountId,
      sub_groups: (m.sub_groups ?? []).filter((g) => g.id !== accountId && !own.has(g.id)),
    }))
    .filter((m) => !m.current || m.sub_groups.length > 0);

  const openModule = useCallback(
    (next: string) => {
      choose(next);
      if (accountId) void navigate(`/account/${accountId}/${moduleHome(next)}`);
    },
    [accountId, choose, navigate],
  );

  return {
    group,
    accountId,
    modules,
    module,
    others: others.map((entry) => ({ ...entry, to: `/account/${accountId}/${entry.path}` })),
    /** The current module's own screens (its lists, its board…). */
    pages: pages.map((entry) => ({ ...entry, to: `/account/${accountId}/${entry.path}` })),
    switchable,
    /** The current group's sub-groups (a Corporate group's), from its settings. */
    subGroups,
    openModule,
  };
}
