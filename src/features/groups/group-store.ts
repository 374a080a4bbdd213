import { create } from 'zustand';
import { type GroupSettings, settingsFromAdjustments } from '../../domain/group-settings';
import { type Account, getAccount } from './api/get-account';
import { listAdjustments } from './api/group-settings';

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
      const [account, adjustments] = await Promise.all([getAccount(accountId), listAdjustments(accountId)]);
      if (ticket !== loading) return;
      set({ accountId, account, settings: settingsFromAdjustments(adjustments), status: 'ready', error: null });
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
