import { Button, Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { postedFailure, usePostedForm } from '../../../components/posted-form.ts';
import { useForm } from '../../../components/use-form-errors.ts';
import { validateRegistration } from '../../../domain/account-forms.ts';
import { DEFAULT_LOCALE, isLocale } from '../../../domain/locale.ts';
import { registerUser } from '../api/register-user.ts';
import { loadSession } from '../load-session.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';

const FIELDS = ['unconfirmed_email', 'fullname', 'password', 'password_confirmation', 'terms'] as const;
const PATH = '/user/register';

function policyLink(href: string) {
  return <Link href={href} target="_blank" rel="noopener" />;
}

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const posted = usePostedForm(PATH);
  const form = useForm(FIELDS, postedFailure(posted));
  const onSubmit = form.submit(
    async (values) => {
      await registerUser({
        unconfirmed_email: (values.unconfirmed_email ?? '').trim(),
        fullname: (values.fullname ?? '').trim(),
        password: values.password ?? '',
        locale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
      });
      await loadSession();
      await navigate('/');
    },
    (values) => validateRegistration({ ...values, terms: values.terms === 'on' }, { form: true }),
  );
  const terms = form.fieldProps('terms');

  return (
    <FormCard title={t('register.title')} subtitle={t('register.subtitle')} onSubmit={onSubmit} action={PATH}>
      <ErrorBox error={form.error} onClose={form.clearError} />
      <FormField
        name="unconfirmed_email"
        fieldProps={form.fieldProps}
        label={t('fields.email')}
        type="email"
        required
        autoComplete="email"
        defaultValue={posted?.values.unconfirmed_email}
        autoFocus
      />
      <FormField
        name="fullname"
        fieldProps={form.fieldProps}
        label={t('fields.fullname')}
        autoComplete="name"
        defaultValue={posted?.values.fullname}
      />
      <NewPasswordFields fieldProps={form.fieldProps} label="fields.password" />
      <FormControl error={terms.error}>
        <FormControlLabel
          control={<Checkbox name="terms" defaultChecked={posted?.values.terms === 'on'} />}
          label={
            <Trans
              i18nKey="register.terms"
              components={{
                terms: policyLink('/terms-and-conditions.html'),
                privacy: policyLink('/privacy-policy.html'),
                refund: policyLink('/refund-policy.html'),
              }}
            />
          }
        />
        {terms.helperText && <FormHelperText>{terms.helperText}</FormHelperText>}
      </FormControl>
      <Button type="submit" variant="contained" size="large" loading={form.pending}>
        {t('register.submit')}
      </Button>
      <Link component={RouterLink} to="/user/login">
        {t('register.haveAccount')}
      </Link>
    </FormCard>
  );
}
