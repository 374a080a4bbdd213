import { useCallback } from 'react';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { readRecords } from '../../../data/record-list.ts';
import { getRecord } from '../../../data/records.ts';

export interface EstimatePrintData {
  estimate: PouchDoc;
  customer: PouchDoc | null;
  ticket: PouchDoc | null;
}

const idOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

async function readEstimatePrint(accountId: string, estimateId: string): Promise<EstimatePrintData | null> {
  const estimate = await getRecord<PouchDoc>(accountId, estimateId);
  if (!estimate || estimate.klass !== 'Estimate') return null;
  const ticketId = idOf(estimate.ticket_id);
  const ticket = ticketId ? ((await readRecords(accountId, [ticketId]))[0] ?? null) : null;
  // An estimate made from a ticket may leave its customer to the ticket.
  const customerId = idOf(estimate.customer_id) ?? idOf(ticket?.customer_id);
  const customer = customerId ? ((await readRecords(accountId, [customerId]))[0] ?? null) : null;
  return { estimate, customer, ticket };
}

/** The estimate and the records it names, from the device's replica (prints offline too). */
export function useEstimatePrint(accountId: string, estimateId: string) {
  const load = useCallback(() => readEstimatePrint(accountId, estimateId), [accountId, estimateId]);
  return useReplicaQuery(accountId, load);
}
