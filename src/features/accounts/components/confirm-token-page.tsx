import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
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
  const { t } = useTranslation();
  const outcome = use(confirmOnce(token));
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

export function ConfirmTokenPage({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <FormCard title={t('confirmToken.title')}>
      <Suspense
        fallback={
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} />
            <span>{t('confirmToken.confirming')}</span>
          </Stack>
        }
      >
        <ConfirmationResult token={token} />
      </Suspense>
    </FormCard>
  );
}
