import { Alert, Button } from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import { confirmationDaysLeft, isUnconfirmed, type PublicUser } from '../../../domain/user.ts';
import { requestConfirmation } from '../api/request-confirmation.ts';
import { useSessionStore } from '../session-store.ts';

function bannerText(user: PublicUser, daysLeft: number | null, t: TFunction) {
  if (daysLeft === null) return t('banner.newEmail', { email: user.unconfirmed_email });
  if (daysLeft === 0) return t('banner.blocked');
  return t('banner.daysLeft', { count: daysLeft });
}

/** Shown on every signed-in page while the e-mail waits for confirmation (spec 000 §2, §4). */
export function UnconfirmedBanner() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const [now] = useState(() => new Date());
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useErrorState();
  if (!user || !isUnconfirmed(user)) return null;

  const daysLeft = confirmationDaysLeft(user, now);
  const email = user.unconfirmed_email ?? user.email;
  const resend = async () => {
    if (!email) return;
    setState('sending');
    setError(null);
    try {
      await requestConfirmation(email);
      setState('sent');
    } catch (caught) {
      setError(caught);
      setState('idle');
    }
  };

  return (
    <>
      <Alert
        severity={daysLeft === 0 ? 'error' : 'warning'}
        sx={{ mb: 2 }}
        action={
          state === 'sent' ? undefined : (
            <Button color="inherit" size="small" loading={state === 'sending'} onClick={() => void resend()}>
              {t('banner.resend')}
            </Button>
          )
        }
      >
        {state === 'sent' ? t('banner.sent', { email }) : bannerText(user, daysLeft, t)}
      </Alert>
      <ErrorBox error={error} onClose={() => setError(null)} />
    </>
  );
}
