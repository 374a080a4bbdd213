import { Box, Container } from '@mui/material';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { ReloginDialog } from '../features/accounts/components/relogin-dialog.tsx';
import { UnconfirmedBanner } from '../features/accounts/components/unconfirmed-banner.tsx';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { RevokedDialog } from '../features/sync/components/revoked-dialog.tsx';
import { AppFooter } from './app-footer.tsx';
import { NavBar } from './nav-bar.tsx';
import { NewVersionNotice } from './new-version-notice.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { lastHandle } from './route-handle.ts';
import { useLiveSync } from './use-live-sync.ts';
import { useSessionRedirect } from './use-session-redirect.ts';

function useDocumentTitle() {
  const { t } = useTranslation();
  const title = lastHandle(useMatches())?.title;
  useEffect(() => {
    document.title = title ? `${t(title)} · Moneta` : 'Moneta';
  }, [t, title]);
}

export function AppShell() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const signingOut = useSessionStore((s) => s.signingOut);
  useDocumentTitle();
  useSessionRedirect();
  useLiveSync();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <NavBar />
      <NewVersionNotice />
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, sm: 3 } }}>
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
      </Container>
      <AppFooter />
      <ReloginDialog />
      {signedIn && <RevokedDialog />}
      <ScrollRestoration />
    </Box>
  );
}
