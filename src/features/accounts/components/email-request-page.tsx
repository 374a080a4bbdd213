import { Alert, Button, Link } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { postedFailure, usePostedForm } from '../../../components/posted-form.ts';
import { useForm } from '../../../components/use-form-errors.ts';
import { validateEmailRequest } from '../../../domain/account-forms.ts';
import { requestConfirmation } from '../api/request-confirmation.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { FormField } from '../../../components/form-field.tsx';

const FIELDS = ['email'] as const;

// Both "send me a link" screens are the same form; only the call and the words differ.
const VARIANTS = {
  confirmation: { send: requestConfirmation, text: 'confirmNew', path: '/user/confirm/new' },
  password: { send: requestPasswordReset, text: 'passwordNew', path: '/user/password/new' },
} as const;

function EmailRequestPage({ variant }: { variant: keyof typeof VARIANTS }) {
  const { t } = useTranslation();
  const { send, text, path } = VARIANTS[variant];
  const posted = usePostedForm(path);
  const [sentTo, setSentTo] = useState<string | null>(posted?.done?.sentTo ?? null);
  const form = useForm(FIELDS, postedFailure(posted));
  const onSubmit = form.submit(
    async (values) => {
      const email = (values.email ?? '').trim();
      await send(email);
      setSentTo(email);
    },
    (values) => validateEmailRequest(values),
  );

  return (
    <FormCard title={t(`${text}.title`)} subtitle={t(`${text}.subtitle`)} onSubmit={onSubmit} action={path}>
      {sentTo && (
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {t(`${text}.sent`, { email: sentTo })}
        </Alert>
      )}
      <ErrorBox error={form.error} onClose={form.clearError} />
      <FormField
        name="email"
        fieldProps={form.fieldProps}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        defaultValue={posted?.values.email}
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" loading={form.pending}>
        {t(`${text}.submit`)}
      </Button>
      <Link component={RouterLink} to="/user/login">
        {t('actions.backToLogin')}
      </Link>
    </FormCard>
  );
}

export function ConfirmationRequestPage() {
  return <EmailRequestPage variant="confirmation" />;
}

export function PasswordRequestPage() {
  return <EmailRequestPage variant="password" />;
}
