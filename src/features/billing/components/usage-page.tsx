import {
  Alert,
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { formatBytes } from '../../../domain/bytes.ts';
import { type UsageDay, type UsageMeasure, usageChart } from '../../../domain/usage.ts';

const UsageChart = lazy(() => import('./usage-chart.tsx'));

export interface UsagePageProps {
  days: UsageDay[] | null;
  error: unknown;
}

/** subscription#usage (spec 000 "Usage"): size or record count per kind, over time and as a table. */
export function UsagePage({ days, error }: UsagePageProps) {
  const { t, i18n } = useTranslation();
  const [measure, setMeasure] = useState<UsageMeasure>('size');
  const count = new Intl.NumberFormat(i18n.language);
  const format = (value: number) => (measure === 'size' ? formatBytes(value, i18n.language) : count.format(value));
  // Records by their names; the server's own kinds (ticket numbering…) by the usage screen's.
  const label = (kind: string) =>
    i18n.exists(`klasses.${kind}`)
      ? t(`klasses.${kind}`)
      : i18n.exists(`usage.kinds.${kind}`)
        ? t(`usage.kinds.${kind}`)
        : kind;
  const chart = days && days.length > 0 ? usageChart(days, measure) : null;
  const last = days?.at(-1);
  const rows = last ? usageChart([last], 'size').series.map((s) => ({ kind: s.kind, ...last.kinds[s.kind]! })) : [];
  const total = rows.reduce((sum, r) => ({ amount: sum.amount + r.amount, size: sum.size + r.size }), {
    amount: 0,
    size: 0,
  });
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          {t('usage.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={measure}
          aria-label={t('usage.by')}
          onChange={(_, next: UsageMeasure | null) => next && setMeasure(next)}
        >
          <ToggleButton value="size">{t('usage.bySize')}</ToggleButton>
          <ToggleButton value="amount">{t('usage.byAmount')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <ErrorBox error={error} />
      {days?.length === 0 && <EmptyState title={t('usage.empty')} />}
      {chart && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('usage.chart')}
            </Typography>
            <Box role="img" aria-label={t('usage.chart')} data-testid="usage-chart" sx={{ minHeight: 280 }}>
              <Suspense fallback={null}>
                <UsageChart chart={chart} label={label} format={format} locale={i18n.language} height={280} />
              </Suspense>
            </Box>
          </CardContent>
        </Card>
      )}
      {last && (
        <Card variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('usage.today', { day: last.day })}>
              <caption style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px' }}>
                {t('usage.today', {
                  day: new Date(`${last.day}T12:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC' }),
                })}
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell>{t('usage.kind')}</TableCell>
                  <TableCell align="right">{t('usage.records')}</TableCell>
                  <TableCell align="right">{t('usage.size')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.kind}>
                    <TableCell component="th" scope="row">
                      {label(row.kind)}
                    </TableCell>
                    <TableCell align="right">{count.format(row.amount)}</TableCell>
                    <TableCell align="right">{formatBytes(row.size, i18n.language)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter
                sx={{ '& .MuiTableCell-root': { color: 'text.primary', fontSize: 'inherit', fontWeight: 600 } }}
              >
                <TableRow>
                  <TableCell component="th" scope="row">
                    {t('usage.total')}
                  </TableCell>
                  <TableCell align="right">{count.format(total.amount)}</TableCell>
                  <TableCell align="right">{formatBytes(total.size, i18n.language)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        </Card>
      )}
      <Alert severity="info" variant="outlined">
        {t('usage.note')}
      </Alert>
    </Stack>
  );
}
