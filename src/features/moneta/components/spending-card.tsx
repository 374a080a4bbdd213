import { Box, Card, CardContent, CardHeader, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { lazyPart } from '../../../components/lazy-part.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { WhenInView } from '../../../components/when-in-view.tsx';
import { readJson, writeJson } from '../../../data/preferences.ts';
import { localDay, localDayBefore } from '../../../domain/days.ts';
import { axisMoney, SPENDING_SLICES, type SpendingSlice } from '../../../domain/modules/moneta/charts.ts';
import { numberFormat } from '../../../domain/intl.ts';
import { formatMoney } from '../../../domain/money.ts';
import { spending } from '../api/balances.ts';

const SpendingBars = lazyPart(() => import('./charts.tsx').then((m) => ({ default: m.SpendingBars })));

/** Room for each bar and the axis, so the chart arriving moves nothing. */
const barsHeight = (bars: number) => Math.max(120, 36 * bars + 40);

/** The last 30 days, today included. */
const DAYS = 30;

/** A line of the card's text (body1), in pixels. */
const LINE = 24;
/** The room of a full card: its total, the most bars the chart draws and their rows in words. */
const FULL_ROOM = LINE + barsHeight(SPENDING_SLICES) + SPENDING_SLICES * 21;

/**
 * The card's figures arrive after the dashboard is drawn (on a first visit, after the group's
 * records): its room is kept from the start so the cards below never move. This device remembers
 * the room the figures took last time; a group it has not seen gets a full card's.
 */
function useRoom(accountId: string, ready: boolean) {
  const key = `moneta.room.spending.${accountId}`;
  // Read once per group: the room reserved must not change while the card is on screen.
  const [remembered] = useState(() => {
    const height = readJson<number>(key);
    return typeof height === 'number' && height > 0 ? height : null;
  });
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = content.current;
    if (!ready || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => writeJson(key, Math.ceil(box.getBoundingClientRect().height)));
    observer.observe(box);
    return () => observer.disconnect();
  }, [key, ready]);
  return { reserved: remembered ?? FULL_ROOM, guessed: remembered === null, content };
}

/**
 * Where the money went: the confirmed expenses of the last 30 days by category, one currency at
 * a time (amounts in different currencies never add up), as bars and as words (the figures a
 * screen reader reads, and the ones a person copies).
 */
export const SpendingCard = memo(function SpendingCard({
  accountId,
  refreshKey,
}: {
  accountId: string;
  refreshKey: number;
}) {
  const { t, i18n } = useTranslation();
  const load = useCallback(
    () => {
      const now = new Date();
      return spending(accountId, localDayBefore(now, DAYS - 1), localDay(now));
    },
    // refreshKey asks for new figures although nothing else changed (a new day, a pull).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [accountId, refreshKey],
  );
  const { value: figures, error, setError } = useReplicaQuery(accountId, load);
  const currencies = figures?.spent;
  const { reserved, guessed, content } = useRoom(accountId, figures !== undefined);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = currencies?.find((c) => c.currency === chosen) ?? currencies?.[0];
  const title = t('moneta.spending.title');
  const label = useCallback(
    (slice: SpendingSlice) =>
      slice.kind === 'category'
        ? slice.category
        : slice.kind === 'none'
          ? t('moneta.spending.none')
          : t('moneta.spending.others', { count: slice.categories }),
    [t],
  );
  const bars = useMemo(
    () => shown?.slices.map((slice) => ({ label: label(slice), amount: slice.amount })) ?? [],
    [shown, label],
  );
  const format = useCallback(
    (minor: number) => (shown ? formatMoney(minor, shown.currency, i18n.language) : ''),
    [shown, i18n.language],
  );
  const axis = useCallback(
    (minor: number) => (shown ? axisMoney(minor, shown.currency, i18n.language) : ''),
    [shown, i18n.language],
  );
  // Built when the figures are drawn, once per language: the page's first format loads its
  // locale's data (88 ms under the bench's 4× slowdown), which the dashboard's first drawing
  // must not wait for.
  const percent = () => numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid="spending">
      <CardHeader
        title={title}
        subheader={t('moneta.spending.period', { count: DAYS })}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ minHeight: reserved, display: 'flex', flexDirection: 'column' }} data-testid="spending-room">
          <div ref={content}>
            <ErrorBox error={error} onClose={() => setError(null)} />
            {currencies && currencies.length > 1 && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ mb: 1, flexWrap: 'wrap' }}
                role="group"
                aria-label={t('moneta.spending.currency')}
              >
                {currencies.map((c) => (
                  <Chip
                    key={c.currency}
                    label={c.currency}
                    onClick={() => setChosen(c.currency)}
                    color={c.currency === shown?.currency ? 'primary' : 'default'}
                    variant={c.currency === shown?.currency ? 'filled' : 'outlined'}
                    aria-pressed={c.currency === shown?.currency}
                    sx={{ minHeight: 32 }}
                  />
                ))}
              </Stack>
            )}
            {!currencies && !error && <Skeleton variant="text" width="60%" data-testid="spending-loading" />}
            {currencies && !shown && <Typography color="text.secondary">{t('moneta.spending.empty')}</Typography>}
            {figures?.pending.map((pending) => (
              // Left out of the figures, said beside them: "nothing spent" beside three expenses misleads.
              <Typography
                key={pending.currency}
                variant="body2"
                color="text.secondary"
                data-testid="spending-pending"
                data-currency={pending.currency}
                sx={{ my: 0.5 }}
              >
                {t('moneta.spending.pending', {
                  count: pending.count,
                  amount: formatMoney(pending.amount, pending.currency, i18n.language),
                })}{' '}
                <Link component={RouterLink} to={`/account/${accountId}/outgos`}>
                  {t('moneta.spending.review')}
                </Link>
              </Typography>
            ))}
            {shown && (
              <>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="spending-total">
                  {t('moneta.spending.total', { amount: format(shown.total), count: shown.count })}
                </Typography>
                {/* The figures are in words beside it: inert keeps the drawing (a focusable SVG) from
                screen readers and the keyboard alike. */}
                <Box inert data-testid="spending-chart">
                  <WhenInView height={barsHeight(bars.length)}>
                    <SpendingBars bars={bars} format={format} axis={axis} height={barsHeight(bars.length)} />
                  </WhenInView>
                </Box>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="spending-list">
                  {shown.slices.map((slice) => (
                    <Typography
                      component="li"
                      key={slice.kind === 'category' ? slice.category : slice.kind}
                      variant="body2"
                      data-slice={slice.kind === 'category' ? slice.category : slice.kind}
                      sx={{ display: 'flex', gap: 1, fontVariantNumeric: 'tabular-nums' }}
                    >
                      <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {label(slice)}
                      </Box>
                      <span>{format(slice.amount)}</span>
                      <Box component="span" sx={{ width: '3.5em', textAlign: 'end', color: 'text.secondary' }}>
                        {percent().format(shown.total ? slice.amount / shown.total : 0)}
                      </Box>
                    </Typography>
                  ))}
                </Box>
              </>
            )}
          </div>
          {/* Room kept for figures that turned out shorter (this device had not seen the group):
              drawn as the chart's empty place rather than as a gap. The next visit keeps less. */}
          {guessed && figures && !shown && (
            <Box
              aria-hidden="true"
              sx={{ flex: 1, mt: 1, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1 }}
            />
          )}
        </Box>
      </CardContent>
    </Card>
  );
});
