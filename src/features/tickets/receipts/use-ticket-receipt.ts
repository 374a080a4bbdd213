import { useCallback } from 'react';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { readRecords } from '../../../data/record-list.ts';
import { getRecord } from '../../../data/records.ts';

export interface TicketReceiptData {
  ticket: PouchDoc;
  customer: PouchDoc | null;
  equipment: PouchDoc | null;
  contract: PouchDoc | null;
}

const idOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The ticket and what its receipt names, from the device's replica (so receipts print offline). */
async function readTicketReceipt(accountId: string, ticketId: string): Promise<TicketReceiptData | null> {
  const ticket = await getRecord<PouchDoc>(accountId, ticketId);
  if (!ticket || ticket.klass !== 'Ticket') return null;
  const ids = [ticket.customer_id, ticket.equipment_id, ticket.contract_id].map(idOf).filter((id) => id !== null);
  const byId = new Map((await readRecords(accountId, ids)).map((doc) => [doc._id, doc]));
  const equipment = byId.get(idOf(ticket.equipment_id) ?? '') ?? null;
  const contract = byId.get(idOf(ticket.contract_id) ?? '') ?? null;
  // A ticket opened without its customer still names one through its contract or equipment.
  const customerId = idOf(ticket.customer_id) ?? idOf(contract?.customer_id) ?? idOf(equipment?.customer_id);
  const customer = (customerId && (byId.get(customerId) ?? (await readRecords(accountId, [customerId]))[0])) || null;
  return { ticket, customer, equipment, contract };
}

/** Re-read whenever the replica changes: a signature saved here or synced in shows at once. */
export function useTicketReceipt(accountId: string, ticketId: string) {
  const load = useCallback(() => readTicketReceipt(accountId, ticketId), [accountId, ticketId]);
  return useReplicaQuery(accountId, load);
}
