import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { destroyAllLocalData } from '../../data/databases';
import { logout } from './api/logout';
import { useSessionStore } from './session-store';

export interface LogoutOptions {
  /** The user's own device: the local replicas stay for offline use. */
  keepData: boolean;
}

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(
    async ({ keepData }: LogoutOptions) => {
      // Signed out locally even when the server is unreachable: the cookie dies with its session.
      await logout().catch(() => undefined);
      // signOut also forgets the last signed-in user (moneta.user), kept data or not.
      useSessionStore.getState().signOut();
      await navigate('/user/login');
      // After leaving the signed-in screens, so nothing still reads the replicas being removed.
      if (!keepData) await destroyAllLocalData();
    },
    [navigate],
  );
}
