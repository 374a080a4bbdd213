import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorText } from '../../../components/use-error-text.ts';
import { validateEmailRequest } from '../../../domain/account-forms.ts';
import { FIELD_MESSAGES } from '../../../domain/errors.ts';
import { saveBillingEmail } from '../api/group-billing.ts';

interface ConfirmEmailDialogProps {
  accountId: string;
  groupName: string;
  email: string;
  open: boolean;
  onClose: () => void;
  onConfirmed: () => void;
}

/** The confirm-billing-e-mail modal (spec 000 §5): required before paying, "is invalid" under the field. */
export function ConfirmEmailDialog({
  accountId,
  groupName,
  email,
  open,
  onClose,
  onConfirmed,
}: ConfirmEmailDialogProps) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('billing_email') ?? '').trim();
    if (validateEmailRequest({ email: value }).hasErrors) return setFieldError(FIELD_MESSAGES.invalid);
    setFieldError(null);
    setPending(true);
    try {
      await saveBillingEmail(accountId, value);
      onConfirmed();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="confirm-email-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="confirm-email-title">{t('checkout.confirmEmailTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('checkout.confirmEmail', { group: groupName })}</DialogContentText>
            <ErrorBox error={error} onClose={() => setError(null)} />
            <TextField
              name="billing_email"
              type="email"
              required
              autoFocus
              label={t('admin.profile.billingEmail')}
              defaultValue={email}
              error={Boolean(fieldError)}
              helperText={fieldError ? detail(fieldError) : t('checkout.billingEmailHelp')}
              autoComplete="email"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {t('checkout.continue')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
