import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatBytes } from '../../../domain/bytes.ts';
import { FREE_RECORD_LIMIT, planState } from '../../../domain/billing.ts';
import type { GroupSettings } from '../../../domain/group-settings.ts';
import type { BillingFigures } from '../use-billing-figures.ts';
import { PaymentDetails } from './payment-details.tsx';
import { PlanStatus } from './plan-status.tsx';

export interface BillingPageProps {
  accountId: string;
  settings: GroupSettings;
  admin: boolean;
  figures: BillingFigures;
  /** The group's profile card, read-only (composed by the app: it is the groups feature's). */
  profile: ReactNode;
  now?: Date;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </div>
  );
}

/** subscription#billing (spec 000 "Billing, usage, checkout"): profile, plan state, size, records, checkout. */
export function BillingPage({ accountId, settings, admin, figures, profile, now = new Date() }: BillingPageProps) {
  const { t, i18n } = useTranslation();
  const state = planState(settings, now);
  const records = figures.records;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('billing.title')}
      </Typography>
      {profile}
      <Card variant="outlined">
        <CardHeader title={t('billing.plan')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <PlanStatus state={state} />
            <Stack component="dl" direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 6 }} sx={{ m: 0 }}>
              <Figure
                label={t('billing.totalSize')}
                value={figures.size ? formatBytes(figures.size.bytes, i18n.language) : '—'}
                note={
                  figures.size
                    ? t('billing.sizeAsOf', {
                        day: new Date(`${figures.size.day}T12:00:00Z`).toLocaleDateString(i18n.language),
                      })
                    : figures.error
                      ? t('billing.sizeOffline')
                      : undefined
                }
              />
              <Figure
                label={t('billing.totalRecords')}
                value={records === null ? '—' : new Intl.NumberFormat(i18n.language).format(records)}
                note={
                  state.plan === 'free' && records !== null
                    ? t('billing.recordsOfFree', {
                        records: new Intl.NumberFormat(i18n.language).format(records),
                        limit: new Intl.NumberFormat(i18n.language).format(FREE_RECORD_LIMIT),
                      })
                    : undefined
                }
              />
            </Stack>
            {!admin && <Alert severity="info">{t('billing.adminOnly')}</Alert>}
            {admin && (state.plan === 'pro' || state.plan === 'corp') && settings.platform_subscription_id && (
              <PaymentDetails accountId={accountId} />
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button
                component={RouterLink}
                to={`/checkout?group=${encodeURIComponent(accountId)}`}
                variant="contained"
                startIcon={<ShoppingCartIcon />}
              >
                {t('billing.checkout')}
              </Button>
              <Button component={RouterLink} to={`/account/${accountId}/usage`}>
                {t('billing.seeUsage')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
