import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { destroyAllLocalData, stopBackgroundWork } from '../../data/databases.ts';
import { logout } from './api/logout.ts';
import { useSessionStore } from './session-store.ts';

export interface LogoutOptions {
  /** The user's own device: the local replicas stay for offline use. */
  keepData: boolean;
}

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(
    async ({ keepData }: LogoutOptions) => {
      // Sync stops first: a request of a live sync answered after the session ended must not be
      // taken for a lost group (whose copy would go) on a device that keeps its data.
      await stopBackgroundWork();
      // Signed out locally even when the server is unreachable: the cookie dies with its session.
      await logout().catch(() => undefined);
      const session = useSessionStore.getState();
      if (!keepData) {
        // The screens give way to "Removing…" first, so nothing reads the replicas being removed,
        // and the login page shows only once everything is gone: a quick sign-in cannot race it.
        session.setSigningOut(true);
        try {
          await destroyAllLocalData();
        } finally {
          session.setSigningOut(false);
        }
      }
      // signOut also forgets the last signed-in user (moneta.user), kept data or not.
      useSessionStore.getState().signOut();
      await navigate('/user/login');
    },
    [navigate],
  );
}
