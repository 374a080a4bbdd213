import { Box, Container } from '@mui/material';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { ReloginDialog } from '../features/accounts/components/relogin-dialog';
import { UnconfirmedBanner } from '../features/accounts/components/unconfirmed-banner';
import { useSessionStore } from '../features/accounts/session-store';
import { RevokedDialog } from '../features/sync/components/revoked-dialog';
import { AppFooter } from './app-footer';
import { NavBar } from './nav-bar';
import { NewVersionNotice } from './new-version-notice';
import { PageSpinner } from './page-spinner';
import { lastHandle } from './route-handle';
import { useLiveSync } from './use-live-sync';
import { useSessionRedirect } from './use-session-redirect';

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
