import { ApiError } from '../../../data/api-error';
import type { PouchDoc } from '../../../data/pouch-api';
import { getRecord } from '../../../data/records';
import { writeRecord } from '../../../data/resource-writes';
import { MESSAGES } from '../../../domain/errors';
import { tickets } from '../../../domain/records/ticket-module';
import type { MoveContext } from './move-ticket';

/** Makes the user the ticket's technician (offered after a move, spec 001 §4), its status untouched. */
export async function assignTicket({ accountId, userId, features }: MoveContext, ticketId: string): Promise<PouchDoc> {
  const ticket = await getRecord<PouchDoc>(accountId, ticketId);
  if (!ticket) throw new ApiError(404, 'not_found', MESSAGES.notFound);
  if (ticket.technical_id === userId) return ticket;
  return writeRecord(accountId, tickets, { ...ticket, technical_id: userId }, { userId, features });
}
