import { create } from 'zustand';
import type { Membership } from '../../domain/groups.ts';
import { listMyMemberships } from './api/list-my-memberships.ts';

interface MyGroupsState {
  userId: string | null;
  /** Accepted memberships of the signed-in user; null until loaded. */
  memberships: Membership[] | null;
  error: unknown;
  load: (userId: string) => Promise<Membership[] | null>;
  clear: () => void;
}

/** The user's groups, for the switcher, home and the profile's groups tab. */
export const useMyGroupsStore = create<MyGroupsState>()((set, get) => {
  let loading = 0;
  return {
    userId: null,
    memberships: null,
    error: null,
    load: async (userId) => {
      const ticket = ++loading;
      if (get().userId !== userId) set({ userId, memberships: null, error: null });
      try {
        const memberships = await listMyMemberships(userId);
        if (ticket === loading) set({ userId, memberships, error: null });
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
