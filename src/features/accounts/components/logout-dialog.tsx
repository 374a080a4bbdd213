import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendUnsentNow } from '../../../data/sync.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { unsentCounts } from '../../../data/unsent.ts';
import { useLogout } from '../use-logout.ts';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opened from the re-login dialog: nothing can be sent before signing in again. */
  sessionEnded?: boolean;
}

/**
 * Sign out, keeping or removing the offline data. With no unsent change, removing is the default
 * (on a shared device the next person must not find the previous one's data). With unsent changes,
 * the dialog says how many, offers to send them first (or to sign in again), and keeps them unless
 * the person chooses, knowingly, to delete them.
 */
export function LogoutDialog({ open, onClose, sessionEnded = false }: LogoutDialogProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const online = useSyncStore((s) => s.online);
  const [keepData, setKeepData] = useState(false);
  // The person's own choice outranks the default a late count would set (a slow phone counts
  // after the box was ticked: their "keep" must not turn into "remove").
  const chosen = useRef(false);
  const choose = (keep: boolean) => {
    chosen.current = true;
    setKeepData(keep);
  };
  const [unsent, setUnsent] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);

  const counted = (counts: ReadonlyArray<{ count: number }>) => {
    const total = counts.reduce((sum, c) => sum + c.count, 0);
    setUnsent(total);
    // Unsent changes found are kept by default whatever was ticked before they were known.
    if (!chosen.current || total > 0) setKeepData(total > 0);
  };
  const count = () => unsentCounts().then(counted, () => counted([]));
  useEffect(() => {
    if (!open) return;
    chosen.current = false;
    let live = true;
    unsentCounts().then(
      (counts) => live && counted(counts),
      () => live && counted([]),
    );
    return () => {
      live = false;
    };
  }, [open]);

  const close = () => {
    if (pending) return;
    setUnsent(null);
    onClose();
  };
  const send = async () => {
    setSending(true);
    try {
      await sendUnsentNow();
    } finally {
      setSending(false);
      await count();
    }
  };
  const confirm = async () => {
    setPending(true);
    try {
      await logout({ keepData });
    } finally {
      // Closed either way: parents that outlive the session must not reopen it at the next one.
      setPending(false);
      setUnsent(null);
      onClose();
    }
  };
  const withUnsent = unsent !== null && unsent > 0;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="logout-title">
      <DialogTitle id="logout-title">{t('nav.logoutTitle')}</DialogTitle>
      <DialogContent aria-busy={unsent === null}>
        {/* Until the device's unsent changes are counted, no choice is offered: offering the one for
            "nothing unsent" meanwhile would say less than is true. */}
        {unsent === null ? (
          <LinearProgress aria-label={t('nav.loading')} />
        ) : withUnsent ? (
          <Stack spacing={2}>
            <Alert severity="warning">
              {t(sessionEnded ? 'logout.unsentSignIn' : 'logout.unsent', { count: unsent })}
            </Alert>
            <RadioGroup
              name="keepData"
              value={keepData ? 'keep' : 'remove'}
              onChange={(event) => choose(event.target.value === 'keep')}
            >
              <FormControlLabel value="keep" control={<Radio />} label={t('logout.keepUnsent', { count: unsent })} />
              <FormControlLabel
                value="remove"
                control={<Radio />}
                label={t('logout.removeUnsent', { count: unsent })}
              />
            </RadioGroup>
          </Stack>
        ) : (
          <>
            <FormControlLabel
              control={
                <Checkbox name="keepData" checked={keepData} onChange={(event) => choose(event.target.checked)} />
              }
              label={t('nav.logoutKeepData')}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('nav.logoutKeepDataHelp')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={pending}>
          {sessionEnded && withUnsent ? t('logout.signInAgain') : t('actions.cancel')}
        </Button>
        {withUnsent && !sessionEnded && (
          <Button onClick={() => void send()} loading={sending} disabled={pending || !online}>
            {t('logout.sendNow')}
          </Button>
        )}
        <Button
          variant="contained"
          color={withUnsent && !keepData ? 'error' : 'primary'}
          loading={pending}
          disabled={unsent === null || sending}
          onClick={() => void confirm()}
        >
          {t('nav.logout')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
