import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearErrors } from '../../../components/clear-errors.ts';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { useSessionStore } from '../session-store.ts';
import { signIn } from '../sign-in.ts';
import { CredentialFields } from './credential-fields.tsx';
import { LogoutDialog } from './logout-dialog-on-demand.ts';

const FIELDS = ['username', 'password'] as const;

/**
 * Opens over the current page when the session expired while signed in (spec 000 §4). Nothing is
 * wrong with the person's work: it is kept on the device and sent once they sign in again.
 */
export function ReloginDialog() {
  const { t } = useTranslation();
  const expired = useSessionStore((s) => s.expired);
  const email = useSessionStore((s) => s.user?.email ?? s.user?.unconfirmed_email ?? '');
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const form = useForm(FIELDS);
  const onSubmit = form.submit(async (values) => {
    await signIn(values.username ?? '', values.password ?? '');
    clearErrors();
  });

  return (
    <>
      <Dialog open={expired} fullWidth maxWidth="xs" aria-labelledby="relogin-title">
        <form noValidate onSubmit={onSubmit}>
          <DialogTitle id="relogin-title">{t('relogin.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Alert severity="info">{t('relogin.changesKept')}</Alert>
              <ErrorBox error={form.error} onClose={form.clearError} />
              <CredentialFields fieldProps={form.fieldProps} email={email} focus="password" />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmingLogout(true)}>{t('nav.logout')}</Button>
            <Button type="submit" variant="contained" loading={form.pending}>
              {t('login.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <LogoutDialog open={expired && confirmingLogout} onClose={() => setConfirmingLogout(false)} sessionEnded />
    </>
  );
}
