import { Box, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useFormatCalendarDate } from '../../../components/format-calendar-date.ts';
import { lazyPart } from '../../../components/lazy-part.ts';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { WhenInView } from '../../../components/when-in-view.tsx';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { axisMoney } from '../../../domain/modules/moneta/charts.ts';
import { formatMoney } from '../../../domain/money.ts';
import { walletBalanceOverTime } from '../api/balances.ts';

const BalanceLine = lazyPart(() => import('./charts.tsx').then((m) => ({ default: m.BalanceLine })));

const HEIGHT = 220;

/**
 * A wallet's confirmed balance over time, from the balances view's days (kept incrementally on
 * the device, so it draws offline), with its first and last figures in words.
 */
export function WalletBalanceChart({ wallet, env }: { wallet: PouchDoc; env: ResourceEnv }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatCalendarDate();
  const currency = typeof wallet.currency === 'string' ? wallet.currency : 'USD';
  const load = useCallback(
    () => walletBalanceOverTime(env.accountId, currency, wallet._id),
    [env.accountId, currency, wallet._id],
  );
  const { value: points, error, setError } = useReplicaQuery(env.accountId, load);
  const format = useCallback((minor: number) => formatMoney(minor, currency, i18n.language), [currency, i18n.language]);
  const axis = useCallback((minor: number) => axisMoney(minor, currency, i18n.language), [currency, i18n.language]);
  const title = t('moneta.overTime.title');
  const first = points?.[0];
  const last = points?.at(-1);
  return (
    <Box component="section" aria-label={title} data-testid="wallet-balance-chart" sx={{ my: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {points && !last && <Typography color="text.secondary">{t('moneta.overTime.empty')}</Typography>}
      {first && last && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="wallet-balance-summary">
            {first === last
              ? t('moneta.overTime.summaryOne', { last: format(last.balance), to: formatDate(last.date) })
              : t('moneta.overTime.summary', {
                  from: formatDate(first.date),
                  first: format(first.balance),
                  to: formatDate(last.date),
                  last: format(last.balance),
                })}
          </Typography>
          {/* The figures are in words beside it: inert keeps the drawing (a focusable SVG) from
              screen readers and the keyboard alike. */}
          <Box inert>
            <WhenInView height={HEIGHT}>
              <BalanceLine points={points} format={format} axis={axis} locale={i18n.language} height={HEIGHT} />
            </WhenInView>
          </Box>
        </>
      )}
    </Box>
  );
}
