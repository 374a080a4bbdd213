import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useLastShown } from '../../../components/use-last-shown.ts';
import type { PlanRequest } from '../../../domain/billing.ts';
import { requestPlan } from '../api/request-plan.ts';

interface ConfirmRequestDialogProps {
  accountId: string;
  request: PlanRequest | null;
  onClose: () => void;
  onDone: (request: PlanRequest) => void;
}

/** The switch-to-free and cancel-subscription modals (spec 000 "Standalone checkout"): the server judges. */
export function ConfirmRequestDialog({ accountId, request, onClose, onDone }: ConfirmRequestDialogProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const shown = useLastShown(request) ?? 'free';
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await requestPlan(accountId, shown);
      onDone(shown);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    setError(null);
    onClose();
  };
  const title = shown === 'free' ? 'checkout.confirmFreeTitle' : 'checkout.confirmCancelTitle';
  return (
    <Dialog open={request !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="plan-request-title">
      <DialogTitle id="plan-request-title">{t(title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t(shown === 'free' ? 'checkout.confirmFree' : 'checkout.confirmCancel')}
          </DialogContentText>
          <ErrorBox error={error} onClose={() => setError(null)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('checkout.keep')}</Button>
        <Button variant="contained" color="warning" onClick={() => void confirm()} loading={pending}>
          {t(shown === 'free' ? 'checkout.switchToFree' : 'checkout.cancelSubscription')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
