import { lazy } from 'react';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { PublicHome } from '../../features/landing/components/public-home.tsx';
import { PageSpinner } from '../page-spinner.tsx';

const HomeGroups = lazy(() => import('./home-groups.tsx'));

/** Signed in: the user's groups (the redirect after sign-in happens in the shell); visitors: the public page. */
export default function HomeRoute() {
  const status = useSessionStore((s) => s.status);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <PublicHome />;
  return <HomeGroups />;
}
