import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { Box, Button, Card, CardContent, CardHeader, Link, Stack, Typography } from '@mui/material';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { formatMoney } from '../../../domain/money.ts';
import { balancesByCurrency } from '../api/balances.ts';

/**
 * While hidden or loading, three masked rows (spec 000 §2): always three, as the figures arriving
 * (a group with one currency, or none yet) must not move the cards below.
 */
const PLACEHOLDERS = 3;

/**
 * The group's money per currency, hidden by default (someone may be looking over the phone):
 * currencies above zero, each in its own currency whatever the reader's language, with what waits
 * for confirmation beside it, said in words and one step from the list that confirms it.
 */
export const WalletBalancesCard = memo(function WalletBalancesCard({
  accountId,
  refreshKey,
}: {
  accountId: string;
  refreshKey: number;
}) {
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
            ? Array.from({ length: PLACEHOLDERS }, (_, i) => (
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
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    columnGap: 1,
                    justifyContent: 'space-between',
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  <span>{row.currency}</span>
                  <Box
                    component="span"
                    sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, justifyContent: 'end' }}
                  >
                    {row.pending !== 0 && (
                      <Box component="span" data-pending="" sx={{ color: 'text.secondary' }}>
                        {t('moneta.balances.pending', {
                          // Signed both ways: money coming in is pending too.
                          amount: `${row.pending > 0 ? '+' : ''}${formatMoney(row.pending, row.currency, i18n.language)}`,
                        })}
                      </Box>
                    )}
                    <strong>{formatMoney(row.balance, row.currency, i18n.language)}</strong>
                  </Box>
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
        {shown && balances?.some((row) => row.pending !== 0) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="wallet-balances-pending-note">
            {t('moneta.balances.pendingNote')}{' '}
            <Link component={RouterLink} to={`/account/${accountId}/outgos`}>
              {t('moneta.balances.review')}
            </Link>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
});
