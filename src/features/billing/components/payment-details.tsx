import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useSyncStore } from '../../../data/sync-store.ts';
import { askPaymentLink } from '../api/payment-link.ts';

/**
 * A paid group's administrator asks for the payment-edit link: prepared by the provider in the
 * background and e-mailed (spec 000 §4), so the screen only says it is on its way.
 */
export function PaymentDetails({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const online = useSyncStore((s) => s.online);
  const [state, setState] = useState<'idle' | 'asking' | 'asked'>('idle');
  const [error, setError] = useState<unknown>(null);
  const ask = async () => {
    setState('asking');
    setError(null);
    try {
      await askPaymentLink(accountId);
      setState('asked');
    } catch (caught) {
      setError(caught);
      setState('idle');
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {state === 'asked' ? (
        <Alert severity="success">{t('billing.paymentLink.asked')}</Alert>
      ) : (
        <Button
          variant="outlined"
          startIcon={<CreditCardIcon />}
          disabled={!online || state === 'asking'}
          onClick={() => void ask()}
        >
          {t('billing.paymentLink.ask')}
        </Button>
      )}
    </Stack>
  );
}
