import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { PageSpinner } from './page-spinner.tsx';

/** Pages that need a session wait for the session check and go to the login page without one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to="/user/login" replace />;
  return children;
}
