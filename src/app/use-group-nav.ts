import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { currentModule, isModule, MODULE_HOME, modulePages, othersMenu } from '../domain/group-menus';
import { enabledFeatures } from '../domain/group-settings';
import { enabledModules, type Module } from '../domain/groups';
import { useCurrentGroup } from '../features/groups/group-store';
import { useModuleStore } from '../features/groups/module-store';
import { useMyGroupsStore } from '../features/groups/my-groups-store';
import { useServerInfoStore } from '../features/groups/server-info-store';

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
  const modules = group ? enabledModules(group.settings, fromHost) : [];
  // Spec 000 §1: the session's choice, else the host's module, else the group's own kind.
  const module = group ? currentModule(chosen, fromHost ?? group.account.kind, modules) : null;
  const others = group && module ? othersMenu(module, modules, enabledFeatures(group.settings)) : [];
  const pages = group && module ? modulePages(module) : [];
  // Pending invitations are not memberships yet: the switcher lists accepted ones only (spec 000 §4).
  const switchable = (memberships ?? []).filter((m) => m.status === 'accepted' && m.db_name !== accountId);

  const openModule = useCallback(
    (next: Module) => {
      choose(next);
      if (accountId) void navigate(`/account/${accountId}/${MODULE_HOME[next]}`);
    },
    [accountId, choose, navigate],
  );

  return {
    group,
    accountId,
    modules,
    module,
    others: others.map((entry) => ({ ...entry, to: `/account/${accountId}/${entry.path}` })),
    /** The current module's own screens (tickets, board, customers…). */
    pages: pages.map((entry) => ({ ...entry, to: `/account/${accountId}/${entry.path}` })),
    switchable,
    openModule,
  };
}
