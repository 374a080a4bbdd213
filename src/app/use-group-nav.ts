import { useCallback, useEffect } from 'react';
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
  const others = group && module ? othersMenu(module, features, modules) : [];
  const pages = group && module ? moduleMenu(module, features) : [];
  // Pending invitations are not memberships yet: the switcher lists accepted ones only (spec 000 §4).
  const switchable = (memberships ?? []).filter((m) => m.status === 'accepted' && m.db_name !== accountId);

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
    openModule,
  };
}
