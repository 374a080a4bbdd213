import { Alert, Button, Link } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { postedFailure, usePostedForm } from '../../../components/posted-form.ts';
import { useForm } from '../../../components/use-form-errors.ts';
import { validatePasswordChange } from '../../../domain/account-forms.ts';
import { resetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const FIELDS = ['password', 'password_confirmation'] as const;

export function PasswordResetPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const posted = usePostedForm(pathname);
  const [done, setDone] = useState(posted?.done?.reset === 'true');
  const form = useForm(FIELDS, postedFailure(posted));
  const onSubmit = form.submit(
    async (values) => {
      await resetPassword({
        token,
        password: values.password ?? '',
        password_confirmation: values.password_confirmation ?? '',
      });
      setDone(true);
    },
    (values) => validatePasswordChange(values, { needsCurrent: false, form: true }),
  );

  if (done) {
    return (
      <FormCard title={t('passwordReset.title')}>
        <Alert severity="success" role="status">
          {t('passwordReset.done')}
        </Alert>
        <Button component={RouterLink} to="/user/login" variant="contained">
          {t('login.submit')}
        </Button>
      </FormCard>
    );
  }

  return (
    <FormCard title={t('passwordReset.title')} onSubmit={onSubmit} action={pathname}>
      <ErrorBox error={form.error} onClose={form.clearError} />
      <NewPasswordFields fieldProps={form.fieldProps} autoFocus />
      <Button type="submit" variant="contained" size="large" loading={form.pending}>
        {t('passwordReset.submit')}
      </Button>
      <Link component={RouterLink} to="/user/password/new">
        {t('passwordReset.requestNew')}
      </Link>
    </FormCard>
  );
}
