import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../../components/error-box.tsx';
import { ErrorPage } from '../../../../components/error-page.tsx';
import { useFormatCalendarDate } from '../../../../components/format-calendar-date.ts';
import {
  Letterhead,
  PrintFields,
  PrintPageBar,
  PrintSheet,
  ScreenOnly,
  SignatureLine,
} from '../../../../components/print-sheet.tsx';
import type { ResourceEnv } from '../../../../components/resource/resource-env.ts';
import { customerPhones } from '../../../../domain/modules/ticket/receipts.ts';
import { recordTitle } from '../../../../domain/records/index.ts';
import { useEstimatePrint } from '../use-estimate-print.ts';
import { EstimateItemsTable } from './estimate-items-table.tsx';
import { estimateCurrency } from '../../../../domain/modules/ticket/estimates.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function Notes({ title, text, name }: { title: string; text: string; name: string }) {
  if (!text.trim()) return null;
  return (
    <Box data-estimate-note={name} sx={{ mt: 2, breakInside: 'avoid' }}>
      <Typography
        component="h2"
        sx={{ fontSize: '0.75em', textTransform: 'uppercase', letterSpacing: 0.5, color: 'text.secondary' }}
      >
        {title}
      </Typography>
      <Typography sx={{ fontSize: '0.95em', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text.trim()}
      </Typography>
    </Box>
  );
}

/** An estimate on A4 for the customer: who it is for, what it costs, and the shop's conditions. */
export function EstimatePrintPage({ env, estimateId }: { env: ResourceEnv; estimateId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatCalendarDate();
  const { value: data, error, setError } = useEstimatePrint(env.accountId, estimateId);
  if (data === null) return <ErrorPage code="not_found" />;
  if (!data) return <ErrorBox error={error} onClose={() => setError(null)} />;
  const { estimate, customer, ticket } = data;
  const number = str(estimate.number);
  const title = number ? t('estimatePrint.numbered', { number }) : t('estimatePrint.heading');

  return (
    <Stack spacing={2}>
      <ScreenOnly>
        <PrintPageBar
          overline={recordTitle(estimate)}
          title={t('estimatePrint.title')}
          back={`/account/${env.accountId}/estimates/${estimateId}`}
          backLabel={t('estimatePrint.back')}
          printLabel={t('estimatePrint.print')}
        />
        <ErrorBox error={error} onClose={() => setError(null)} />
      </ScreenOnly>
      <PrintSheet label={title}>
        <Letterhead settings={env.settings} title={title} subtitle={formatDate(estimate.created_at)} />
        <PrintFields
          fields={[
            { name: 'customer', label: t('estimatePrint.customer'), value: str(customer?.name) },
            { name: 'phones', label: t('estimatePrint.phones'), value: customerPhones(customer).join(' · ') },
            { name: 'email', label: t('estimatePrint.email'), value: str(customer?.email) },
            { name: 'ticket', label: t('estimatePrint.ticket'), value: ticket ? recordTitle(ticket) : '' },
            {
              name: 'description',
              label: t('estimatePrint.description'),
              value: str(estimate.description),
              wide: true,
            },
          ]}
        />
        <Box sx={{ mt: 2 }}>
          {Array.isArray(estimate.items) && estimate.items.length > 0 ? (
            <EstimateItemsTable items={estimate.items} currency={estimateCurrency(estimate, env.settings)} />
          ) : (
            <Typography color="text.secondary">{t('estimatePrint.noItems')}</Typography>
          )}
        </Box>
        <Notes name="estimate" title={t('estimatePrint.observation')} text={str(estimate.observation)} />
        <Notes name="group" title={t('estimatePrint.conditions')} text={str(env.settings['estimate-observation'])} />
        <Box sx={{ display: 'flex', gap: 4, mt: 5, breakInside: 'avoid' }}>
          <SignatureLine caption={t('estimatePrint.approval')} />
          <SignatureLine caption={t('estimatePrint.date')} />
        </Box>
      </PrintSheet>
    </Stack>
  );
}
