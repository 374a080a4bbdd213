import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { validateAccountProfile } from '../../../domain/group-settings.ts';
import { saveGroupSetting } from '../api/group-settings.ts';
import { FormField } from '../../../components/form-field.tsx';
import { currencyChoices } from '../../../components/currency-choices.ts';

const FIELDS = ['name', 'billing_email', 'currency'] as const;

interface ProfileDialogProps {
  accountId: string;
  name: string;
  billingEmail: string;
  currency: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

function AccountProfileDialog({ accountId, name, billingEmail, currency, open, onClose, onSaved }: ProfileDialogProps) {
  const { t, i18n } = useTranslation();
  const form = useForm(FIELDS);
  const onSubmit = form.submit(async (values) => {
    const nextName = (values.name ?? '').trim();
    const nextEmail = (values.billing_email ?? '').trim();
    if (nextName !== name) await saveGroupSetting(accountId, 'name', nextName);
    if (nextEmail !== billingEmail) await saveGroupSetting(accountId, 'billing-email', nextEmail);
    if (values.currency && values.currency !== currency) await saveGroupSetting(accountId, 'currency', values.currency);
    await onSaved();
    onClose();
  }, validateAccountProfile);
  const close = () => {
    form.clearError();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="account-profile-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="account-profile-title">{t('admin.profile.edit')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ErrorBox error={form.error} onClose={form.clearError} />
            <TextField
              label={t('groups.fields.name')}
              required
              autoFocus
              defaultValue={name}
              slotProps={{ htmlInput: { name: 'name', maxLength: 100 } }}
              {...form.fieldProps('name')}
            />
            <FormField
              name="billing_email"
              fieldProps={form.fieldProps}
              label={t('admin.profile.billingEmail')}
              type="email"
              defaultValue={billingEmail}
            />
            <TextField
              select
              label={t('admin.profile.currency')}
              defaultValue={currency}
              helperText={form.fieldProps('currency').helperText ?? t('admin.profile.currencyHelp')}
              error={form.fieldProps('currency').error}
              slotProps={{ select: { native: true }, htmlInput: { name: 'currency' } }}
            >
              {currencyChoices(i18n.language).map((choice) => (
                <option key={choice.code} value={choice.code}>
                  {choice.label}
                </option>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.pending}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface AccountProfileCardProps {
  accountId: string;
  name: string;
  billingEmail: string;
  currency: string;
  admin: boolean;
  onSaved: () => Promise<void>;
}

/** Name and billing e-mail; administrators edit them in a modal (spec 000 §5). */
export function AccountProfileCard({
  accountId,
  name,
  billingEmail,
  currency,
  admin,
  onSaved,
}: AccountProfileCardProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('admin.profile.title')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          admin && (
            <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} aria-label={t('admin.profile.edit')}>
              {t('actions.edit')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('groups.fields.name')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {name}
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('admin.profile.billingEmail')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {billingEmail || t('admin.profile.noBillingEmail')}
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('admin.profile.currency')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-group-currency={currency}>
              {`${currency} — ${new Intl.DisplayNames(i18n.language, { type: 'currency' }).of(currency) ?? currency}`}
            </Typography>
          </div>
        </Stack>
      </CardContent>
      {admin && (
        // Keyed so the inputs start from the saved values each time the dialog opens.
        <AccountProfileDialog
          key={String(editing)}
          accountId={accountId}
          name={name}
          billingEmail={billingEmail}
          currency={currency}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={onSaved}
        />
      )}
    </Card>
  );
}
