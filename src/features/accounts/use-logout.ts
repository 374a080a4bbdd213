import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './api/logout';
import { useSessionStore } from './session-store';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Signed out locally even when the server is unreachable: the cookie dies with its session.
    await logout().catch(() => undefined);
    useSessionStore.getState().signOut();
    await navigate('/user/login');
  }, [navigate]);
}
