import { Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { listRecords } from '../../../data/record-list.ts';
import { resourceEnabled } from '../../../domain/modules/index.ts';
import { formatMoney, isMinorUnits, sumMoney } from '../../../domain/money.ts';

/** What the parts bought for a ticket cost, per currency (the expenses list it itself below). */
async function expensesOf(accountId: string, ticketId: string): Promise<Map<string, number>> {
  // Through the index the ticket's expenses list reads (klass, ticket_id, date): no other to build.
  const { rows } = await listRecords<PouchDoc>(accountId, {
    klass: 'Outgo',
    filter: { ticket_id: ticketId },
    sort: 'date',
    direction: 'desc',
    page: 1,
    perPage: 1_000,
  });
  const byCurrency = new Map<string, number[]>();
  for (const row of rows)
    if (typeof row.currency === 'string' && isMinorUnits(row.value))
      byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row.value]);
  return new Map([...byCurrency].map(([currency, values]) => [currency, sumMoney(values)]));
}

/** On a ticket's page, when the group keeps its money here: the total of its expenses. */
export function TicketExpenses({ ticket, env }: { ticket: PouchDoc; env: ResourceEnv }) {
  const enabled = resourceEnabled('outgos', env.settings);
  return enabled ? <TicketExpensesTotal ticket={ticket} env={env} /> : null;
}

function TicketExpensesTotal({ ticket, env }: { ticket: PouchDoc; env: ResourceEnv }) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => expensesOf(env.accountId, ticket._id), [env.accountId, ticket._id]);
  const { value: totals } = useReplicaQuery(env.accountId, load);
  if (!totals || totals.size === 0) return null;
  const text = [...totals].map(([currency, minor]) => formatMoney(minor, currency, i18n.language)).join(' + ');
  return (
    <Typography data-ticket-expenses="" sx={{ my: 1 }}>
      {t('moneta.ticketExpenses', { total: text })}
    </Typography>
  );
}
