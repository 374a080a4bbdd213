import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { formatMoney } from '../../../domain/money.ts';
import { balancesByCurrency } from '../api/balances.ts';

/** While hidden, placeholders stand for up to three rows (spec 000 §2), so nothing shifts on show. */
const PLACEHOLDERS = 3;

/**
 * The group's money per currency, hidden by default (someone may be looking over the phone):
 * only currencies above zero, each in its own currency whatever the reader's language.
 */
export function WalletBalancesCard({ accountId, refreshKey }: { accountId: string; refreshKey: number }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  const load = useCallback(
    () => balancesByCurrency(accountId),
    // refreshKey asks for new figures although nothing else changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [accountId, refreshKey],
  );
  const { value: balances, error, setError } = useReplicaQuery(accountId, load);
  const title = t('moneta.balances.title');
  const rows = balances ? Math.min(PLACEHOLDERS, Math.max(1, balances.length)) : PLACEHOLDERS;

  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid="wallet-balances">
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button
            onClick={() => setShown((s) => !s)}
            startIcon={shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
            aria-pressed={shown}
            data-testid="wallet-balances-toggle"
            sx={{ minHeight: 44 }}
          >
            {shown ? t('moneta.balances.hide') : t('moneta.balances.show')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <ErrorBox error={error} onClose={() => setError(null)} />
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {!shown || !balances
            ? Array.from({ length: rows }, (_, i) => (
                // Masked rows, not a loading skeleton: the figures are there, just not shown.
                <Box
                  component="li"
                  key={i}
                  aria-hidden="true"
                  data-placeholder=""
                  sx={{ height: 28, borderRadius: 1, bgcolor: 'action.hover' }}
                />
              ))
            : balances.map((row) => (
                <Typography
                  component="li"
                  key={row.currency}
                  data-currency={row.currency}
                  sx={{ display: 'flex', justifyContent: 'space-between', fontVariantNumeric: 'tabular-nums' }}
                >
                  <span>{row.currency}</span>
                  <strong>{formatMoney(row.balance, row.currency, i18n.language)}</strong>
                </Typography>
              ))}
          {shown && balances?.length === 0 && (
            <Typography component="li" color="text.secondary">
              {t('moneta.balances.empty')}
            </Typography>
          )}
        </Stack>
        {!shown && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('moneta.balances.hidden')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
