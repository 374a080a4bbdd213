import { create } from 'zustand';
import { isApiError } from '../../data/api-error';
import { type GroupSettings, settingsFromAdjustments } from '../../domain/group-settings';
import type { AppKind, Plan } from '../../domain/groups';
import { type Account, getAccount } from './api/get-account';
import { listAdjustments } from './api/group-settings';
import { useMyGroupsStore } from './my-groups-store';

/** The account record as the device knows it: settings, and the admin flag of one's membership. */
function accountFromDevice(accountId: string, settings: GroupSettings): Account {
  const mine = useMyGroupsStore.getState().memberships?.find((m) => m.db_name === accountId);
  const setting = (key: string) => settings[key] || null;
  return {
    _id: accountId,
    name: setting('name'),
    kind: setting('kind') as AppKind | null,
    'billing-email': setting('billing-email'),
    'confirmed-plan': setting('confirmed-plan') as Plan | null,
    'unconfirmed-plan': setting('unconfirmed-plan'),
    'created-by': setting('created-by'),
    'created-by-id': setting('created-by-id'),
    'created-at': setting('created-at'),
    'parent-account-id': setting('parent-account-id'),
    admin: mine?.admin ?? false,
    admin_roles: [],
  };
}

export type GroupStatus = 'idle' | 'loading' | 'ready' | 'error';

interface GroupState {
  /** The group in the URL (/account/:accountId); null outside groups. */
  accountId: string | null;
  account: Account | null;
  /** Adjustment key → value, over DEFAULT_GROUP_SETTINGS. */
  settings: GroupSettings | null;
  status: GroupStatus;
  error: unknown;
  load: (accountId: string) => Promise<void>;
  /** Reloads the current group after a change to its settings. */
  refresh: () => Promise<void>;
  clear: () => void;
}

/** The current group's record and settings: what the shell, the dashboards and the menus depend on. */
export const useGroupStore = create<GroupState>()((set, get) => {
  let loading = 0;
  const fetchGroup = async (accountId: string, quietly: boolean) => {
    const ticket = ++loading;
    if (!quietly) set({ accountId, account: null, settings: null, status: 'loading', error: null });
    try {
      const settings = settingsFromAdjustments(await listAdjustments(accountId));
      const account = await getAccount(accountId).catch((error: unknown) => {
        // Offline the group still opens, from the device's copy of its settings and membership.
        if (isApiError(error) && error.status === 0) return accountFromDevice(accountId, settings);
        throw error;
      });
      if (ticket !== loading) return;
      set({ accountId, account, settings, status: 'ready', error: null });
    } catch (error) {
      if (ticket !== loading) return;
      set({ accountId, status: 'error', error });
    }
  };
  return {
    accountId: null,
    account: null,
    settings: null,
    status: 'idle',
    error: null,
    load: (accountId) => fetchGroup(accountId, false),
    refresh: async () => {
      const { accountId } = get();
      if (accountId) await fetchGroup(accountId, true);
    },
    clear: () => {
      loading++;
      set({ accountId: null, account: null, settings: null, status: 'idle', error: null });
    },
  };
});

/** Ready group data, or null while loading or outside a group. */
export function useCurrentGroup() {
  const accountId = useGroupStore((s) => s.accountId);
  const account = useGroupStore((s) => s.account);
  const settings = useGroupStore((s) => s.settings);
  const ready = useGroupStore((s) => s.status === 'ready');
  return ready && accountId && account && settings ? { accountId, account, settings } : null;
}
