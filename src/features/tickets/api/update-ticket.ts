// Changes to one ticket made in place (a status from its page or the board, a checklist tick, an
// assignment): each a read-modify-write of the ticket as the replica holds it now, saved at once
// through the generic updateRecord, so it is judged, stamped and noted in the ticket's timeline.
import { type ResourceEnv, writeOptions } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { updateRecord } from '../../../data/resource-writes.ts';
import { tickets } from '../../../domain/modules/ticket/records.ts';

/** Who writes, in which group, with which features switched on and which settings. */
export type TicketWriter = Pick<ResourceEnv, 'accountId' | 'userId' | 'features' | 'settings'>;

export function updateTicket(
  env: TicketWriter,
  ticketId: string,
  change: (ticket: PouchDoc) => PouchDoc | null,
): Promise<PouchDoc | null> {
  return updateRecord(env.accountId, tickets, ticketId, change, writeOptions(env));
}
