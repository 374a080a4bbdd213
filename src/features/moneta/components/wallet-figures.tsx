import { Box, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { formatMoney, isMinorUnits } from '../../../domain/money.ts';
import { walletSums } from '../api/balances.ts';

/**
 * A wallet's page: its balance (confirmed money), what is pending apart, the balance once the
 * pending records are confirmed, and for a card its available credit. Imported records count in
 * none of them, and the page says so in plain words.
 */
export function WalletFigures({ wallet, env }: { wallet: PouchDoc; env: ResourceEnv }) {
  const { t, i18n } = useTranslation();
  const currency = typeof wallet.currency === 'string' ? wallet.currency : 'USD';
  const load = useCallback(
    () => walletSums(env.accountId, currency, wallet._id),
    [env.accountId, currency, wallet._id],
  );
  const { value: sums, error, setError } = useReplicaQuery(env.accountId, load);
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const figures: Array<[string, string]> = sums
    ? [
        ['balance', money(sums.balance)],
        ['pending', money(sums.pending)],
        ['balanceAfterPending', money(sums.balance + sums.pending)],
        ...(wallet.card === true
          ? ([
              ['cardLimit', money(isMinorUnits(wallet.card_limit) ? wallet.card_limit : 0)],
              ['availableCredit', money((isMinorUnits(wallet.card_limit) ? wallet.card_limit : 0) + sums.balance)],
            ] as Array<[string, string]>)
          : []),
      ]
    : [];
  return (
    <Box component="section" aria-label={t('moneta.figures.title')} data-testid="wallet-figures" sx={{ my: 2 }}>
      <ErrorBox error={error} onClose={() => setError(null)} />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {figures.map(([key, text]) => (
          <Box key={key} sx={{ display: 'contents' }} data-figure={key}>
            <Typography component="dt" color="text.secondary">
              {t(`moneta.figures.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: key === 'balance' ? 700 : 400 }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('moneta.figures.importedNote')}
      </Typography>
    </Box>
  );
}
