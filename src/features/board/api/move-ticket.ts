import { ApiError } from '../../../data/api-error';
import { MESSAGES } from '../../../domain/errors';
import type { PouchDoc } from '../../../data/pouch-api';
import { getRecord } from '../../../data/records';
import { writeRecord } from '../../../data/resource-writes';
import { tickets } from '../../../domain/records/ticket-module';
import { canChangeStatus, isTicketStatus, type TicketStatus } from '../../../domain/tickets';
import { moveRefusal } from '../board-rules';

export interface MoveContext {
  accountId: string;
  userId: string;
  features: ReadonlySet<string>;
}

/** A move the rules refuse: `reason` is the i18n key saying why. */
export class MoveRefusedError extends Error {
  constructor(
    readonly reason: string,
    readonly from: string,
  ) {
    super(reason);
    this.name = 'MoveRefusedError';
  }
}

/**
 * Moves a ticket to `to`, read again from the replica first so a change synced meanwhile is not
 * overwritten. Returns the saved ticket.
 */
export async function moveTicket(
  { accountId, userId, features }: MoveContext,
  ticketId: string,
  to: TicketStatus,
): Promise<PouchDoc> {
  const ticket = await getRecord<PouchDoc>(accountId, ticketId);
  if (!ticket) throw new ApiError(404, 'not_found', MESSAGES.notFound);
  const from = ticket.status;
  if (from === to) return ticket;
  if (!isTicketStatus(from) || !canChangeStatus(from, to)) {
    throw new MoveRefusedError(moveRefusal(from, to) ?? 'board.refused.unknown', String(from));
  }
  return writeRecord(accountId, tickets, { ...ticket, status: to }, { userId, features });
}
