import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/Event';
import { Box, Button, Card, CardContent, Chip, Divider, Link, Stack, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../../components/error-box.tsx';
import { useFormatCalendarDate } from '../../../../components/format-calendar-date.ts';
import type { ResourceEnv } from '../../../../components/resource/resource-env.ts';
import { useRecordTitles } from '../../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { localDay } from '../../../../domain/days.ts';
import { recordTitle } from '../../../../domain/records/index.ts';
import { maintenanceEntries, nextMaintenance } from '../../../../domain/modules/ticket/service-history.ts';
import { useServiceHistory } from '../use-service-history.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}{' '}
        <Typography component="span" color="text.secondary">
          ({count})
        </Typography>
      </Typography>
      <Stack divider={<Divider flexItem />}>{children}</Stack>
    </Box>
  );
}

function Row({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ py: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      {...data}
    >
      {children}
    </Stack>
  );
}

/**
 * Everything done to one piece of equipment: its tickets, its maintenances with their warranty,
 * and when it is due next. Read from the device, so a technician on site has it offline.
 */
export function ServiceHistory({ equipment, env }: { equipment: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const formatDate = useFormatCalendarDate();
  const withMaintenances = env.features.has('maintenance');
  const { value, error, setError } = useServiceHistory(env.accountId, equipment._id, withMaintenances);
  const today = localDay(new Date());
  const entries = useMemo(() => maintenanceEntries(value?.maintenances ?? [], today), [value, today]);
  const next = useMemo(() => nextMaintenance(value?.maintenances ?? [], today), [value, today]);
  const categories = useRecordTitles(
    env.accountId,
    (value?.maintenances ?? []).map((m) => str(m.category_id)),
  );
  const base = `/account/${env.accountId}`;
  const prefill = new URLSearchParams({ equipment_id: equipment._id });
  if (str(equipment.customer_id)) prefill.set('customer_id', str(equipment.customer_id));

  return (
    <Card variant="outlined" data-service-history="">
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography variant="h6" component="h2">
              {t('serviceHistory.title')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                component={RouterLink}
                to={`${base}/tickets/new?${prefill.toString()}`}
                size="small"
                startIcon={<AddIcon />}
              >
                {t('serviceHistory.newTicket')}
              </Button>
              {withMaintenances && (
                <Button
                  component={RouterLink}
                  to={`${base}/maintenances/new?equipment_id=${equipment._id}`}
                  size="small"
                  startIcon={<AddIcon />}
                >
                  {t('serviceHistory.newMaintenance')}
                </Button>
              )}
            </Stack>
          </Stack>
          <ErrorBox error={error} onClose={() => setError(null)} />
          {withMaintenances && value && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-next-maintenance={next ?? ''}>
              <EventIcon color={next ? 'primary' : 'disabled'} fontSize="small" />
              <Typography>
                {next
                  ? t('serviceHistory.nextMaintenance', { date: formatDate(next) })
                  : t('serviceHistory.noNextMaintenance')}
              </Typography>
            </Stack>
          )}
          {value && (
            <Section title={t('serviceHistory.tickets')} count={value.tickets.length}>
              {value.tickets.length === 0 && (
                <Typography color="text.secondary" sx={{ py: 1 }}>
                  {t('serviceHistory.noTickets')}
                </Typography>
              )}
              {value.tickets.map((ticket) => {
                const status = str(ticket.status);
                return (
                  <Row key={ticket._id} data-history-ticket={ticket._id}>
                    <Link
                      component={RouterLink}
                      to={`${base}/tickets/${ticket._id}`}
                      sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
                    >
                      {recordTitle(ticket)}
                    </Link>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      {status && (
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t(`records.tickets.options.status.${status}`, { defaultValue: status })}
                        />
                      )}
                      <Typography variant="body2" color="text.secondary">
                        {formatDate(ticket.created_at)}
                      </Typography>
                    </Stack>
                  </Row>
                );
              })}
            </Section>
          )}
          {value && withMaintenances && (
            <Section title={t('serviceHistory.maintenances')} count={entries.length}>
              {entries.length === 0 && (
                <Typography color="text.secondary" sx={{ py: 1 }}>
                  {t('serviceHistory.noMaintenances')}
                </Typography>
              )}
              {entries.map(({ maintenance, warrantyEnd, inWarranty }) => {
                const category = categories[str(maintenance.category_id)];
                return (
                  <Row key={maintenance._id} data-history-maintenance={maintenance._id}>
                    <Box sx={{ minWidth: 0 }}>
                      <Link component={RouterLink} to={`${base}/maintenances/${maintenance._id}`}>
                        {formatDate(maintenance.date)}
                      </Link>
                      {category && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' · '}
                          {recordTitle(category)}
                        </Typography>
                      )}
                      {str(maintenance.next_maintenance) && (
                        <Typography variant="body2" color="text.secondary">
                          {t('serviceHistory.nextOn', { date: formatDate(maintenance.next_maintenance) })}
                        </Typography>
                      )}
                    </Box>
                    <Chip
                      size="small"
                      data-warranty-end={warrantyEnd ?? ''}
                      color={inWarranty ? 'success' : 'default'}
                      variant={inWarranty ? 'filled' : 'outlined'}
                      label={
                        warrantyEnd
                          ? t(inWarranty ? 'serviceHistory.warrantyUntil' : 'serviceHistory.warrantyEnded', {
                              date: formatDate(warrantyEnd),
                            })
                          : t('serviceHistory.noWarranty')
                      }
                    />
                  </Row>
                );
              })}
            </Section>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
