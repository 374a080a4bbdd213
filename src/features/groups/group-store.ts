import { create } from 'zustand';
import { ApiError, isApiError } from '../../data/api-error.ts';
import { type GroupSettings, settingsFromAdjustments } from '../../domain/group-settings.ts';
import { keepSame } from '../../domain/same-data.ts';
import type { Membership } from '../../domain/groups.ts';
import { listFew } from '../../data/records.ts';
import { type Account, getAccount, toAccount } from './api/get-account.ts';
import { whenIdle } from '../../data/idle.ts';
import { watchReplica } from '../../data/replica-events.ts';
import { listAdjustments, listLocalAdjustments, serverAdjustments } from './api/group-settings.ts';
import { holdsReplica } from '../../data/replica-registry.ts';
import { startRefresh } from '../../data/replicas.ts';
import { syncStatus } from '../../data/sync-store.ts';
import { hasSynced } from '../../data/sync.ts';

/** The group's error when it cannot be reached and this device never had a copy of it. */
export const NOT_ON_DEVICE = 'not_on_device';

/** The account record as the device knows it: settings, and the admin flag of one's membership. */
async function accountFromDevice(accountId: string, userId: string | null, settings: GroupSettings): Promise<Account> {
  const [mine] = userId ? await listFew<Membership>(userId, 'Membership', { db_name: accountId }) : [];
  return toAccount({ ...settings, _id: accountId, admin: mine?.admin });
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
  /** `userId` lets the group open offline with the user's own admin flag. */
  load: (accountId: string, userId?: string | null) => Promise<void>;
  /** Reads the current group's settings again from the device's copy (after a change to them). */
  refresh: () => Promise<void>;
  clear: () => void;
}

/** The current group's record and settings: what the shell, the dashboards and the menus depend on. */
export const useGroupStore = create<GroupState>()((set, get) => {
  let loading = 0;
  // Settings are read one way: from the replica, again whenever it changes (a save here, or sync
  // bringing another administrator's), never by waiting on a round trip to the server.
  let unwatch: (() => void) | null = null;
  const watch = (accountId: string | null) => {
    unwatch?.();
    unwatch = accountId ? watchReplica(accountId, () => void get().refresh()) : null;
  };
  const fetchGroup = async (accountId: string, userId: string | null, quietly: boolean) => {
    const ticket = ++loading;
    if (!quietly) {
      const held = holdsReplica(accountId);
      set({ accountId, account: null, settings: null, status: 'loading', error: null });
      // A group this device has opened before shows at once from its copy, as offline; the
      // server's answer (a renamed group, a changed plan, a removal) follows and replaces it.
      // A group never opened on this device has no copy to read: creating one (IndexedDB's
      // database, PouchDB's own records) is left to the first pull, started beside the server's
      // answer below, rather than done before the group can show (docs/performance.md).
      const local = held ? await listLocalAdjustments(accountId).catch(() => []) : [];
      if (local.length > 0) {
        const settings = settingsFromAdjustments(local);
        const account = await accountFromDevice(accountId, userId, settings).catch(() => null);
        if (ticket !== loading) return;
        if (account) {
          set({ accountId, account, settings, status: 'ready', error: null });
          // The server's answer can wait until the page is drawn; by then another group may be open.
          await whenIdle();
          if (ticket !== loading) return;
          return fetchGroup(accountId, userId, true);
        }
      }
    }
    try {
      // Asked beside the settings rather than after them: a round trip less before the group shows.
      const accountRead = getAccount(accountId).then(
        (account) => ({ account }),
        (error: unknown) => ({ error }),
      );
      const settings = settingsFromAdjustments(
        quietly ? await listAdjustments(accountId) : await settingsWhileFilling(accountId),
      );
      const read = await accountRead;
      let account: Account;
      if ('account' in read) account = read.account;
      // Offline the group still opens, from the device's copy of its settings and membership; a
      // group never opened here has no copy to open from, and needs the connection once. One
      // already shown from the device (`quietly`) is on it, whatever its first pull has reached.
      else if (isApiError(read.error) && read.error.status === 0) {
        if (!quietly && !(await hasSynced(accountId).catch(() => false)))
          throw new ApiError(0, NOT_ON_DEVICE, read.error.reason);
        account = await accountFromDevice(accountId, userId, settings);
      } else throw read.error;
      if (ticket !== loading) return;
      // The server confirming what the device showed redraws nothing.
      const shown = get();
      set({
        accountId,
        account: keepSame(shown.account, account),
        settings: keepSame(shown.settings, settings),
        status: 'ready',
        error: null,
      });
    } catch (error) {
      if (ticket !== loading) return;
      set({ accountId, status: 'error', error });
    }
  };
  /**
   * A group without settings on this device (its first visit here): they are read on the server,
   * and the group opens while its copy fills (the screens wait for their records meanwhile), then
   * they are read again from the filled copy.
   */
  const settingsWhileFilling = async (accountId: string) => {
    const { done } = await startRefresh(accountId);
    void done.then(() => get().refresh()).catch(() => undefined);
    return serverAdjustments(accountId).catch((error: unknown) => {
      if (isApiError(error) && error.status === 0) return listLocalAdjustments(accountId);
      throw error;
    });
  };
  return {
    accountId: null,
    account: null,
    settings: null,
    status: 'idle',
    error: null,
    load: (accountId, userId = null) => {
      watch(accountId);
      return fetchGroup(accountId, userId, false);
    },
    refresh: async () => {
      const { accountId } = get();
      // A copy being filled holds only part of the settings: those read on the server stay.
      if (!accountId || syncStatus(accountId).filling) return;
      const docs = await listLocalAdjustments(accountId).catch(() => null);
      const shown = get();
      if (!docs || shown.accountId !== accountId) return;
      const settings = settingsFromAdjustments(docs);
      const { account } = shown;
      set({
        settings: keepSame(shown.settings, settings),
        account: keepSame(account, account && settings.name ? { ...account, name: settings.name } : account),
      });
    },
    clear: () => {
      watch(null);
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
