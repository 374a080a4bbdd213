import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { validateTokenForm } from '../../../domain/account-forms.ts';
import { TOKEN_PERMISSIONS, type TokenPermission } from '../../../domain/user.ts';
import { createToken, type CreatedToken } from '../api/create-token.ts';

const FIELDS = ['description', 'permissions'] as const;

function NewTokenSecret({ token }: { token: CreatedToken }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(token.token);
    setCopied(true);
  };
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Alert severity="warning">{t('tokens.showOnce')}</Alert>
      <TextField
        label={t('tokens.token')}
        value={token.token}
        slotProps={{
          htmlInput: { readOnly: true, name: 'token', style: { fontFamily: 'monospace' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={t('tokens.copy')} title={t('tokens.copy')} onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {copied && (
        <Alert severity="success" role="status">
          {t('tokens.copied')}
        </Alert>
      )}
    </Stack>
  );
}

interface CreateTokenDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}

export function CreateTokenDialog({ open, onClose, onCreated }: CreateTokenDialogProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const form = useForm(FIELDS);
  const onSubmit = form.submit(async (values) => {
    const token = await createToken({
      description: (values.description ?? '').trim(),
      permissions: values.permissions as TokenPermission,
    });
    setCreated(token);
    onCreated();
  }, validateTokenForm);
  const close = () => {
    // The secret must not survive the dialog: it is shown once.
    setCreated(null);
    form.clearError();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-token-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="create-token-title">{t('tokens.create')}</DialogTitle>
        <DialogContent>
          {created ? (
            <NewTokenSecret token={created} />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <ErrorBox error={form.error} onClose={form.clearError} />
              <TextField
                label={t('tokens.description')}
                autoFocus
                slotProps={{ htmlInput: { name: 'description', maxLength: 200 } }}
                {...form.fieldProps('description')}
              />
              <TextField
                select
                label={t('tokens.permissions')}
                defaultValue="read"
                slotProps={{ select: { native: true }, htmlInput: { name: 'permissions' } }}
                {...form.fieldProps('permissions')}
              >
                {TOKEN_PERMISSIONS.map((permission) => (
                  <option key={permission} value={permission}>
                    {t(`tokens.permission.${permission}`)}
                  </option>
                ))}
              </TextField>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {created ? (
            <Button variant="contained" onClick={close}>
              {t('actions.done')}
            </Button>
          ) : (
            <>
              <Button onClick={close}>{t('actions.cancel')}</Button>
              <Button type="submit" variant="contained" loading={form.pending}>
                {t('tokens.createSubmit')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
