import AddIcon from '@mui/icons-material/Add';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import ImportedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Card, CardContent, Chip, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormatCalendarDate } from '../../../components/format-calendar-date.ts';
import { type ResourceEnv, resourcePath } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { listRecords } from '../../../data/record-list.ts';
import { amountInWallet } from '../../../domain/modules/moneta/balances.ts';
import { exchanges, incomes, outgos, transfers } from '../../../domain/modules/moneta/records.ts';
import { formatMoney } from '../../../domain/money.ts';
import { recordTitle } from '../../../domain/records/index.ts';
import type { ResourceSpec } from '../../../domain/records/schema.ts';
import { ConfirmRowButton } from './confirm-actions.tsx';

/** The records that move a wallet's money, by the field that names it. */
const SOURCES: ReadonlyArray<{ spec: ResourceSpec; field: string }> = [
  { spec: outgos, field: 'wallet_id' },
  { spec: incomes, field: 'wallet_id' },
  { spec: transfers, field: 'source_wallet_id' },
  { spec: transfers, field: 'destination_wallet_id' },
  { spec: exchanges, field: 'source_wallet_id' },
  { spec: exchanges, field: 'destination_wallet_id' },
];

/** The resources this list stands for on a wallet's page (the generic lists showed titles only). */
export const WALLET_ENTRY_RESOURCES = [...new Set(SOURCES.map((source) => source.spec.resource))];

const SHOWN = 15;

const byDateDesc = (a: PouchDoc, b: PouchDoc) =>
  String(b.date ?? '').localeCompare(String(a.date ?? '')) ||
  String(b.created_at ?? '').localeCompare(String(a.created_at ?? ''));

/**
 * A wallet's latest records, whatever their kind: each with what it moves in this wallet (in its
 * currency, signed), and its state in words: imported from a statement, or waiting for
 * confirmation (confirmed from here). Typed and imported records no longer look the same.
 */
export function WalletEntries({ wallet, env }: { wallet: PouchDoc; env: ResourceEnv }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatCalendarDate();
  const currency = typeof wallet.currency === 'string' ? wallet.currency : 'USD';
  const load = useCallback(async () => {
    const pages = await Promise.all(
      SOURCES.map(({ spec, field }) =>
        listRecords<PouchDoc>(env.accountId, {
          klass: spec.klass,
          filter: { [field]: wallet._id },
          sort: 'date',
          direction: 'desc',
          page: 1,
          perPage: SHOWN,
        }),
      ),
    );
    const rows = pages.flatMap((page) => page.rows).sort(byDateDesc);
    return { rows: rows.slice(0, SHOWN), total: pages.reduce((sum, page) => sum + page.total, 0) };
  }, [env.accountId, wallet._id]);
  const { value } = useReplicaQuery(env.accountId, load);
  const title = t('moneta.entries.title');
  const specOf = (row: PouchDoc) => SOURCES.find((source) => source.spec.klass === row.klass)!.spec;
  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid="wallet-entries" sx={{ my: 2 }}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}
        >
          <Typography variant="h6" component="h2">
            {title}
            {value && value.total > 0 && ` (${value.total})`}
          </Typography>
          <Stack direction="row" spacing={1}>
            {[outgos, incomes].map((spec) => (
              <Button
                key={spec.resource}
                size="small"
                startIcon={<AddIcon />}
                component={RouterLink}
                to={`${resourcePath(env, spec, '/new')}?wallet_id=${encodeURIComponent(wallet._id)}`}
              >
                {t(`records.${spec.resource}.new`)}
              </Button>
            ))}
          </Stack>
        </Stack>
        {value?.total === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('moneta.entries.empty')}
          </Typography>
        )}
        {value && value.rows.length > 0 && (
          <List dense disablePadding>
            {value.rows.map((row) => {
              const amount = amountInWallet(row, wallet._id);
              const imported = row.imported === true;
              const pending = row.confirmed !== true;
              return (
                <ListItem
                  key={row._id}
                  disableGutters
                  divider
                  data-entry={row._id}
                  data-state={imported ? 'imported' : pending ? 'pending' : 'confirmed'}
                  sx={{ display: 'block', py: 0.75 }}
                >
                  <Box sx={{ display: 'flex', columnGap: 1, alignItems: 'baseline' }}>
                    <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={resourcePath(env, specOf(row), `/${row._id}`)}>
                        {recordTitle(row) || t(`records.${specOf(row).resource}.one`)}
                      </Link>
                    </Box>
                    <Typography
                      component="span"
                      data-amount=""
                      sx={{
                        fontVariantNumeric: 'tabular-nums',
                        whiteSpace: 'nowrap',
                        // Money in, green; an imported record's money is in the statement, never in the balance.
                        color: imported ? 'text.secondary' : amount < 0 ? 'text.primary' : 'success.main',
                      }}
                    >
                      {formatMoney(amount, currency, i18n.language)}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, alignItems: 'center' }}>
                    <Typography variant="body2" color="text.secondary">
                      {typeof row.date === 'string' ? formatDate(row.date) : ''}
                    </Typography>
                    {imported && (
                      <Chip
                        size="small"
                        variant="outlined"
                        icon={<ImportedIcon />}
                        label={t('moneta.entries.imported')}
                      />
                    )}
                    {pending && (
                      <Chip
                        size="small"
                        variant="outlined"
                        icon={<HourglassIcon />}
                        label={t('moneta.entries.pending')}
                      />
                    )}
                    {pending && (
                      <Box sx={{ ml: 'auto' }}>
                        <ConfirmRowButton record={row} env={env} />
                      </Box>
                    )}
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
