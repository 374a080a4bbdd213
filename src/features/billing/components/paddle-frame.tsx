import { Alert, Box, useColorScheme } from '@mui/material';
import { initializePaddle } from '@paddle/paddle-js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutStart } from '../api/start-checkout.ts';

/** Spec 000 §9: the payment frame's initial height. */
export const FRAME_INITIAL_HEIGHT = 450;
const FRAME_CLASS = 'paddle-checkout-frame';

/**
 * The embedded payment frame (spec 000 §7): Paddle's own loader (@paddle/paddle-js) fetches
 * Paddle.js from Paddle, then the inline checkout opens with the price, the customer and the
 * custom data the spec lists; the provider's webhook, not this page, changes the plan.
 */
export function PaddleFrame({ start, planRevision }: { start: CheckoutStart; planRevision: string }) {
  const { t, i18n } = useTranslation();
  const { mode, systemMode } = useColorScheme();
  const theme = (mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light';
  const [failed, setFailed] = useState(false);
  const token = start.client_token;
  useEffect(() => {
    if (!token) return;
    let live = true;
    const locale = i18n.language === 'pt-BR' ? 'pt' : 'en';
    initializePaddle({ environment: start.environment, token }).then(
      (paddle) => {
        if (!live || !paddle) return setFailed(!paddle);
        paddle.Checkout.open({
          items: [{ priceId: start.price_id, quantity: 1 }],
          ...('id' in start.customer
            ? { customer: { id: start.customer.id } }
            : { customer: { email: start.customer.email } }),
          customData: { ...start.custom_data, revision: planRevision, locale: i18n.language, theme },
          settings: {
            displayMode: 'inline',
            frameTarget: FRAME_CLASS,
            frameInitialHeight: FRAME_INITIAL_HEIGHT,
            frameStyle: 'width: 100%; min-width: 312px; background-color: transparent; border: none;',
            locale,
            theme,
          },
        });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [token, start, planRevision, i18n.language, theme]);
  if (!token) return <Alert severity="warning">{t('checkout.noClientToken')}</Alert>;
  return (
    <>
      {failed && <Alert severity="error">{t('errors.Network-error')}</Alert>}
      <Box
        className={FRAME_CLASS}
        aria-label={t('checkout.frame')}
        role="region"
        sx={{ minHeight: FRAME_INITIAL_HEIGHT }}
        data-frame-height={FRAME_INITIAL_HEIGHT}
      />
    </>
  );
}
