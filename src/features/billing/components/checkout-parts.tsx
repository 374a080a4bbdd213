import { Alert, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The checkout screens' heading (both the group's and the standalone one). */
export function CheckoutHeading() {
  const { t } = useTranslation();
  return (
    <Typography variant="h5" component="h1">
      {t('checkout.title')}
    </Typography>
  );
}

/** A checkout screen that can show only a notice under its heading. */
export function CheckoutNotice({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={2}>
      <CheckoutHeading />
      {children}
    </Stack>
  );
}

/** Paying needs a connection: offline, a checkout says so plainly. */
export function CheckoutOffline() {
  const { t } = useTranslation();
  return (
    <CheckoutNotice>
      <Alert severity="warning" data-testid="checkout-offline">
        {t('billing.offline')}
      </Alert>
    </CheckoutNotice>
  );
}
