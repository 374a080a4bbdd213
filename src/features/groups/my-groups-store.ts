import { create } from 'zustand';
import type { Membership } from '../../domain/groups.ts';
import { keepSame } from '../../domain/same-data.ts';
import { heldMemberships, listMyMemberships } from './api/list-my-memberships.ts';

interface MyGroupsState {
  userId: string | null;
  /** Accepted memberships of the signed-in user; null until loaded. */
  memberships: Membership[] | null;
  error: unknown;
  /**
   * `held`: the device's copy first, when it has one (an app opened from the device, whose
   * redirect then needs no round trip), then the server's.
   */
  load: (userId: string, held?: boolean) => Promise<Membership[] | null>;
  clear: () => void;
}

/** The user's groups, for the switcher, home and the profile's groups tab. */
export const useMyGroupsStore = create<MyGroupsState>()((set, get) => {
  let loading = 0;
  return {
    userId: null,
    memberships: null,
    error: null,
    load: async (userId, held = false) => {
      const ticket = ++loading;
      if (get().userId !== userId) set({ userId, memberships: null, error: null });
      if (held && get().memberships === null) {
        const onDevice = await heldMemberships(userId).catch(() => null);
        if (onDevice && ticket === loading) set({ userId, memberships: onDevice, error: null });
      }
      try {
        const memberships = await listMyMemberships(userId);
        if (ticket === loading) set({ userId, memberships: keepSame(get().memberships, memberships), error: null });
        return memberships;
      } catch (error) {
        if (ticket === loading) set({ error });
        return null;
      }
    },
    clear: () => {
      loading++;
      set({ userId: null, memberships: null, error: null });
    },
  };
});
