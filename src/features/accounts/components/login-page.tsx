import { Button, Checkbox, FormControlLabel, Link, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { postedFailure, usePostedForm } from '../../../components/posted-form.ts';
import { useForm } from '../../../components/use-form-errors.ts';
import { signIn } from '../sign-in.ts';
import { CredentialFields } from './credential-fields.tsx';

const FIELDS = ['username', 'password'] as const;
const PATH = '/user/login';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const posted = usePostedForm(PATH);
  const form = useForm(FIELDS, postedFailure(posted));
  const onSubmit = form.submit(async (values) => {
    await signIn(values.username ?? '', values.password ?? '', values.remember === 'on');
    await navigate('/');
  });

  return (
    <FormCard title={t('login.title')} onSubmit={onSubmit} action={PATH}>
      <ErrorBox error={form.error} onClose={form.clearError} />
      <CredentialFields
        fieldProps={form.fieldProps}
        email={posted?.values.username}
        focus={posted?.values.username ? 'password' : 'username'}
      />
      <FormControlLabel
        control={<Checkbox name="remember" defaultChecked={posted?.values.remember === 'on'} />}
        label={t('login.remember')}
      />
      <Button type="submit" variant="contained" size="large" loading={form.pending}>
        {t('login.submit')}
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/user/password/new">
          {t('login.forgotPassword')}
        </Link>
        <Link component={RouterLink} to="/user/register">
          {t('login.register')}
        </Link>
      </Stack>
      <Link component={RouterLink} to="/user/confirm/new">
        {t('login.resendConfirmation')}
      </Link>
    </FormCard>
  );
}
