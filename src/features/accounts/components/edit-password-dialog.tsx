import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { validatePasswordChange } from '../../../domain/account-forms.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { changePassword } from '../api/update-user.ts';
import { loadSession } from '../load-session.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';

const FIELDS = ['password', 'password_confirmation', 'current_password'] as const;

interface EditPasswordDialogProps {
  user: PublicUser;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function EditPasswordDialog({ user, open, onClose, onSaved }: EditPasswordDialogProps) {
  const { t } = useTranslation();
  const form = useForm(FIELDS);
  const onSubmit = form.submit(
    async (values) => {
      await changePassword(user, {
        password: values.password ?? '',
        password_confirmation: values.password_confirmation ?? '',
        current_password: values.current_password ?? '',
      });
      await loadSession();
      onSaved();
    },
    (values) => validatePasswordChange(values, { needsCurrent: true, form: true }),
  );
  const close = () => {
    form.clearError();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="edit-password-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="edit-password-title">{t('profile.editPassword')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ErrorBox error={form.error} onClose={form.clearError} />
            <NewPasswordFields fieldProps={form.fieldProps} autoFocus />
            <FormField
              name="current_password"
              fieldProps={form.fieldProps}
              label={t('fields.currentPassword')}
              type="password"
              autoComplete="current-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.pending}>
            {t('profile.savePassword')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
