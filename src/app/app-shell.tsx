import { Box, Container } from '@mui/material';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Later } from '../components/later.tsx';
import { UnconfirmedBanner } from '../features/accounts/components/unconfirmed-banner.tsx';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { AppFooter } from './app-footer.tsx';
import { DRAWN_PATH_ATTRIBUTE } from './launch-snapshot.ts';
import { NavBar } from './nav-bar.tsx';
import { NewVersionNotice } from './new-version-notice.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { useRouteHandle } from './routed.tsx';
import { ScrollKeeper } from './scroll-keeper.tsx';

const SignedInEffects = lazy(() => import('./signed-in-shell.tsx').then((m) => ({ default: m.SignedInEffects })));

/**
 * The page's title, from the route's handle. A component of its own: the matches change with
 * every address, and the shell would be drawn again with the component that reads them.
 */
function DocumentTitle() {
  const { t } = useTranslation();
  const title = useRouteHandle()?.title;
  useEffect(() => {
    document.title = title ? `${t(title)} · Moneta` : 'Moneta';
  }, [t, title]);
  return null;
}

/**
 * <main>, with the address of the page drawn in it: during a navigation the address bar already
 * shows the next one while the last page stays drawn (a transition), and what a kept page at a
 * launch waits for is the page drawn (launch-snapshot.ts). A component of its own, so that only
 * it is drawn again at each address; the page inside comes from the shell as it was.
 */
function Main({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <Container
      component="main"
      maxWidth="lg"
      sx={{ flex: 1, minHeight: '100dvh', py: { xs: 2, sm: 3 } }}
      {...{ [DRAWN_PATH_ATTRIBUTE]: pathname + search }}
    >
      {children}
    </Container>
  );
}

export function AppShell() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const signingOut = useSessionStore((s) => s.signingOut);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <DocumentTitle />
      <NavBar />
      <NewVersionNotice />
      {/* At least a screen high: the footer starts below the fold, so pages filling in never push it. */}
      <Main>
        {signingOut ? (
          <PageSpinner label={t('logout.removing')} />
        ) : (
          <>
            {signedIn && <UnconfirmedBanner />}
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </>
        )}
      </Main>
      <Later>
        <AppFooter />
      </Later>
      {signedIn && (
        <Suspense>
          <SignedInEffects />
        </Suspense>
      )}
      <ScrollKeeper />
    </Box>
  );
}
