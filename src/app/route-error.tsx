import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { useVersionStore } from '../data/version-store.ts';

/** A page that failed to load or render; a failed chunk usually means a new deployment. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
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
