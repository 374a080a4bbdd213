import { Alert, Button } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { useVersionStore } from '../data/version-store.ts';

/** A page that failed to load or render; a failed chunk usually means a new deployment. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const newVersion = useVersionStore((s) => s.available);
  const reload = useVersionStore((s) => s.reload);
  if (import.meta.env.DEV) console.error(error);
  if (newVersion) {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" onClick={reload}>
            {t('newVersion.reload')}
          </Button>
        }
      >
        {t('newVersion.message')}
      </Alert>
    );
  }
  return <ErrorPage code={navigator.onLine ? 'internal_server_error' : 'connection_error'} />;
}

interface BoundaryState {
  failed: { error: unknown } | null;
  /** The history entry the failure belongs to: any navigation draws the page again. */
  entry: string;
}

class PageBoundary extends Component<{ entry: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: null, entry: this.props.entry };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } };
  }

  static getDerivedStateFromProps(props: { entry: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.entry === state.entry ? null : { failed: null, entry: props.entry };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}

/** The page inside the shell, or what went wrong with it: the shell (navbar, notices) stays around a failed page. */
export function PageOrError() {
  return (
    <PageBoundary entry={useLocation().key}>
      <Outlet />
    </PageBoundary>
  );
}
