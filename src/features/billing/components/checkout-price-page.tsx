import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorText } from '../../../components/use-error-text.ts';
import { isApiError } from '../../../data/api-error.ts';
import {
  BILLING_MESSAGES,
  matchingPrices,
  type PlanRequest,
  planState,
  pricesLivemode,
} from '../../../domain/billing.ts';
import { formatBytes } from '../../../domain/bytes.ts';
import { FIELD_MESSAGES } from '../../../domain/errors.ts';
import { validateEmailRequest } from '../../../domain/account-forms.ts';
import { saveBillingEmail } from '../api/group-billing.ts';
import { type CheckoutStart, startCheckout } from '../api/start-checkout.ts';
import type { CheckoutData } from '../use-checkout-data.ts';
import { usePlanRequest } from '../use-plan-request.ts';
import { ConfirmRequestDialog } from './confirm-request-dialog.tsx';
import { formatPrice } from './format-price.ts';
import { LegalLinks } from './legal-links.tsx';
import { PaddleFrame } from './paddle-frame.tsx';
import { CheckoutHeading, CheckoutNotice, CheckoutOffline } from './checkout-parts.tsx';
import { PlanStatus } from './plan-status.tsx';

export interface CheckoutPricePageProps {
  accountId: string;
  /** A price's `platform_price_id`, or `free` / `cancel`. */
  priceId: string;
  groupName: string;
  admin: boolean;
  online: boolean;
  data: CheckoutData;
  now?: Date;
}

/** The payment provider said payments are not configured here: a state to show, never to retry. */
export function isNotConfigured(error: unknown): boolean {
  return isApiError(error) && error.error === 'payments_not_configured';
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </div>
  );
}

/** subscription#checkout (spec 000 "Checkout/{price_id}"): a paid plan's payment, or a switch to free or cancel. */
export function CheckoutPricePage({ accountId, priceId, groupName, admin, online, data, now }: CheckoutPricePageProps) {
  const { t, i18n } = useTranslation();
  const { detail } = useErrorText();
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [start, setStart] = useState<CheckoutStart | null>(null);
  const plan = usePlanRequest(data.reload);
  const request: PlanRequest | null = priceId === 'free' || priceId === 'cancel' ? priceId : null;

  if (!online) return <CheckoutOffline />;
  if (isNotConfigured(data.error))
    return (
      <CheckoutNotice>
        <Alert severity="info" data-testid="payments-not-configured">
          {detail(BILLING_MESSAGES.paymentsNotConfigured)}
        </Alert>
      </CheckoutNotice>
    );
  if (data.error)
    return (
      <CheckoutNotice>
        <ErrorBox error={data.error} />
      </CheckoutNotice>
    );
  if (!data.prices || !data.settings) return <CheckoutHeading />;

  const settings = data.settings.values;
  const matching = matchingPrices(data.prices, priceId, pricesLivemode(data.prices));
  const price = matching.length === 1 ? matching[0]! : null;
  if (!price)
    return (
      <CheckoutNotice>
        <EmptyState title={detail(BILLING_MESSAGES.noPlan)} />
      </CheckoutNotice>
    );
  const state = planState(settings, now ?? new Date());

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('billing_email') ?? '').trim();
    setError(null);
    // Spec 000 §5: a billing e-mail before paying, "is invalid" under the field; the server says the same.
    if (validateEmailRequest({ email }).hasErrors) return setEmailError(FIELD_MESSAGES.invalid);
    setEmailError(null);
    setPending(true);
    try {
      await saveBillingEmail(accountId, email);
      setStart(await startCheckout(accountId, price.platform_price_id));
    } catch (caught) {
      const fields = isApiError(caught) && typeof caught.reason === 'object' ? caught.reason : null;
      if (fields?.billing_email) setEmailError(fields.billing_email[0] ?? FIELD_MESSAGES.invalid);
      else setError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack spacing={2}>
      <CheckoutHeading />
      <Card variant="outlined">
        <CardContent>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <Row label={t('checkout.group')}>{groupName}</Row>
            <Row label={t('billing.totalSize')}>{data.size === null ? '—' : formatBytes(data.size, i18n.language)}</Row>
            <Row label={t('checkout.selectedPlan')}>{t(`groups.plans.${price.group_plan}`)}</Row>
            <Row label={t('checkout.price')}>
              <span data-testid="price">{t('checkout.perMonth', { amount: formatPrice(price, i18n.language) })}</span>
            </Row>
          </Stack>
        </CardContent>
      </Card>
      <Typography variant="subtitle2" component="h2">
        {t('checkout.currentPlan')}
      </Typography>
      <PlanStatus state={state} />
      {!admin && <Alert severity="info">{t('billing.adminOnly')}</Alert>}
      <ErrorBox error={error} onClose={() => setError(null)} />
      {plan.done && (
        <Alert severity="success" role="status">
          {t(`checkout.done.${plan.done}`)}
        </Alert>
      )}
      {admin && request && !plan.done && (
        <div>
          <Button
            variant="contained"
            color="warning"
            onClick={() => plan.ask(request)}
            disabled={request === 'free' ? !state.canSwitchToFree : !state.canCancel}
          >
            {t(request === 'free' ? 'checkout.switchToFree' : 'checkout.cancelSubscription')}
          </Button>
        </div>
      )}
      {admin && !request && !start && (
        <Stack component="form" noValidate onSubmit={(e) => void pay(e)} spacing={2} sx={{ maxWidth: 480 }}>
          <TextField
            name="billing_email"
            type="email"
            required
            label={t('admin.profile.billingEmail')}
            defaultValue={settings['billing-email'] ?? ''}
            error={Boolean(emailError)}
            helperText={emailError ? detail(emailError) : t('checkout.billingEmailHelp')}
            autoComplete="email"
          />
          <div>
            <Button type="submit" variant="contained" loading={pending}>
              {t('checkout.pay')}
            </Button>
          </div>
        </Stack>
      )}
      {start && (
        <>
          <PaddleFrame start={start} planRevision={data.settings.planRevision} />
          <Typography variant="body2" color="text.secondary">
            {t('checkout.closeNote')}
          </Typography>
        </>
      )}
      <LegalLinks />
      <ConfirmRequestDialog accountId={accountId} {...plan.dialog} />
    </Stack>
  );
}
