import { Box, Card, CardContent, CardHeader, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { PRIORITY_COLORS } from '../priority-colors.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { priorityPercentages } from '../../../domain/modules/ticket/tickets.ts';
import { countTicketsByPriority } from '../api/count-open-tickets.ts';

/** Highest first, as the spec lists them. */
const ORDER = ['high', 'medium', 'low'] as const;

interface PriorityBarsCardProps {
  accountId: string;
  /** Open tickets (the dashboard) or all of them (the admin dashboard's second card). */
  which: 'open' | 'all';
  /** Changes when the page's Refresh button is pressed. */
  refreshKey?: number;
}

/**
 * Tickets by priority as bars (spec 000 §2): high red, medium orange, low yellow, integer
 * percentages with low taking what remains of 100. Counted again when the replica changes.
 */
export const PriorityBarsCard = memo(function PriorityBarsCard({
  accountId,
  which,
  refreshKey = 0,
}: PriorityBarsCardProps) {
  const { t } = useTranslation();
  const load = useCallback(
    () => countTicketsByPriority(accountId, which),
    // refreshKey asks for a new count although nothing else changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [accountId, which, refreshKey],
  );
  const { value: counts, error, setError } = useReplicaQuery(accountId, load);
  const title = which === 'open' ? t('dashboard.priorities.openTitle') : t('dashboard.priorities.allTitle');
  const total = counts ? counts.high + counts.medium + counts.low : 0;
  const percentages = counts ? priorityPercentages(counts) : null;

  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid={`priority-bars-${which}`}>
      <CardHeader
        title={title}
        subheader={
          counts
            ? t(which === 'open' ? 'dashboard.priorities.openTotal' : 'dashboard.priorities.allTotal', { count: total })
            : // The total's line kept while counting: the cards below stay where they are.
              '\u00a0'
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <ErrorBox error={error} onClose={() => setError(null)} />
        <Stack spacing={1.5}>
          {ORDER.map((priority) => {
            const name = t(`records.tickets.options.priority.${priority}`);
            if (!counts || !percentages) {
              // The bar's own lines while counting, so the cards below do not move when it is drawn.
              return error ? null : (
                <Box key={priority} aria-hidden>
                  <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                    {name}
                  </Typography>
                  <Skeleton variant="rounded" height={10} sx={{ borderRadius: 5 }} />
                </Box>
              );
            }
            const percent = percentages[priority];
            const label = t('dashboard.priorities.bar', { priority: name, percent, count: counts[priority] });
            return (
              <Box key={priority} data-priority={priority}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }} aria-hidden>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboard.priorities.value', { percent, count: counts[priority] })}
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  aria-label={label}
                  aria-valuetext={label}
                  sx={{
                    height: 10,
                    borderRadius: 5,
                    bgcolor: 'action.hover',
                    '& .MuiLinearProgress-bar': { bgcolor: PRIORITY_COLORS[priority], borderRadius: 5 },
                  }}
                />
              </Box>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
});
