import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { Suspense, use, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { postedFailure, usePostedForm } from '../../../components/posted-form.ts';
import { confirmEmail } from '../api/confirm-email.ts';
import { loadSession } from '../load-session.ts';
import { useSessionStore } from '../session-store.ts';

type Outcome = { ok: true; email: string } | { ok: false; error: unknown };

// A token works once: one request per token, whatever React re-renders or re-mounts.
const outcomes = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let outcome = outcomes.get(token);
  if (!outcome) {
    outcome = confirmEmail(token).then(
      async ({ email }): Promise<Outcome> => {
        // The page may open before the session check finished: reload it either way, so the
        // unconfirmed banner goes away for a signed-in user.
        await loadSession().catch(() => null);
        return { ok: true, email };
      },
      (error: unknown): Outcome => ({ ok: false, error }),
    );
    outcomes.set(token, outcome);
  }
  return outcome;
}

function ConfirmationResult({ token }: { token: string }) {
  return <OutcomeView outcome={use(confirmOnce(token))} />;
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  if (!outcome.ok) {
    return (
      <>
        <ErrorBox error={outcome.error} />
        <Button component={RouterLink} to="/user/confirm/new" variant="outlined">
          {t('confirmToken.requestNew')}
        </Button>
      </>
    );
  }
  return (
    <>
      <Alert severity="success" role="status">
        {t('confirmToken.confirmed', { email: outcome.email })}
      </Alert>
      <Button component={RouterLink} to={signedIn ? '/' : '/user/login'} variant="contained">
        {signedIn ? t('actions.goHome') : t('login.submit')}
      </Button>
    </>
  );
}

/**
 * The wait while the link is checked. Without scripts nothing checks it: the page offers a button
 * that posts the link instead (src/server/routes/public-forms.ts), and hides the wait.
 */
function Confirming({ action }: { action?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} className="moneta-confirming">
        <CircularProgress size={24} />
        <span>{t('confirmToken.confirming')}</span>
      </Stack>
      {action && (
        <noscript>
          <style>{'.moneta-confirming{display:none!important}'}</style>
          <form method="post" action={action}>
            <Button type="submit" variant="contained" size="large">
              {t('confirmToken.submit')}
            </Button>
          </form>
        </noscript>
      )}
    </>
  );
}

const noChange = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;

export function ConfirmTokenPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const posted = usePostedForm(pathname);
  // The server draws the wait with its no-script button (no request can start there); the
  // browser takes that over as it is, then checks the link.
  const inBrowser = useSyncExternalStore(noChange, isBrowser, isServer);
  const checking = !posted && inBrowser;
  const refused = postedFailure(posted);
  return (
    <FormCard title={t('confirmToken.title')}>
      {posted ? (
        <OutcomeView
          outcome={refused ? { ok: false, error: refused } : { ok: true, email: posted.done?.confirmed ?? '' }}
        />
      ) : checking ? (
        <Suspense fallback={<Confirming />}>
          <ConfirmationResult token={token} />
        </Suspense>
      ) : (
        <Confirming action={pathname} />
      )}
    </FormCard>
  );
}
