import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: (options: { keepData: boolean }) => Promise<void>;
}

/**
 * Sign out, keeping or removing the offline data. Removing is the default: on a shared device
 * the next person must not find the previous one's data (offline-first spec).
 */
export function LogoutDialog({ open, onClose, onConfirm }: LogoutDialogProps) {
  const { t } = useTranslation();
  const [keepData, setKeepData] = useState(false);
  const [pending, setPending] = useState(false);
  const close = () => {
    if (pending) return;
    setKeepData(false);
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm({ keepData });
    } finally {
      // Closed either way: parents that outlive the session must not reopen it at the next one.
      setPending(false);
      setKeepData(false);
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="logout-title">
      <DialogTitle id="logout-title">{t('nav.logoutTitle')}</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={
            <Checkbox name="keepData" checked={keepData} onChange={(event) => setKeepData(event.target.checked)} />
          }
          label={t('nav.logoutKeepData')}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('nav.logoutKeepDataHelp')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" loading={pending} onClick={() => void confirm()}>
          {t('nav.logout')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
