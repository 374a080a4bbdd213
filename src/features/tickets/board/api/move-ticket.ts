import { ApiError } from '../../../../data/api-error.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { type TicketWriter, updateTicket } from '../../api/update-ticket.ts';
import { MESSAGES } from '../../../../domain/errors.ts';
import { changeStatus } from '../../../../domain/modules/ticket/ticket-edits.ts';
import type { TicketStatus } from '../../../../domain/modules/ticket/tickets.ts';
import { moveRefusal } from '../board-rules.ts';

/** A move the rules refuse: `reason` is the i18n key saying why. */
export class MoveRefusedError extends Error {
  readonly reason: string;
  readonly from: string;
  constructor(reason: string, from: string) {
    super(reason);
    this.reason = reason;
    this.from = from;
    this.name = 'MoveRefusedError';
  }
}

/**
 * Applies `change` to the ticket as the replica holds it now, as the ticket page does; resolves to
 * the saved ticket, or the ticket as it is when `change` finds nothing to do.
 */
async function editTicket(
  writer: TicketWriter,
  ticketId: string,
  change: (ticket: PouchDoc) => PouchDoc | null,
): Promise<PouchDoc> {
  const seen: { ticket: PouchDoc | null } = { ticket: null };
  const saved = await updateTicket(writer, ticketId, (ticket) => {
    seen.ticket = ticket;
    return change(ticket);
  });
  const result = saved ?? seen.ticket;
  if (!result) throw new ApiError(404, 'not_found', MESSAGES.notFound);
  return result;
}

/** Moves a ticket to `to`, refused as the ticket page refuses it. Returns the saved ticket. */
export function moveTicket(writer: TicketWriter, ticketId: string, to: TicketStatus): Promise<PouchDoc> {
  return editTicket(writer, ticketId, (ticket) => {
    if (ticket.status === to) return null;
    const moved = changeStatus(ticket, to, null);
    if (!moved) {
      throw new MoveRefusedError(moveRefusal(ticket.status, to) ?? 'board.refused.unknown', String(ticket.status));
    }
    return moved;
  });
}

/** Makes the user the ticket's technician (offered after a move, spec 001 §4), its status untouched. */
export function assignTicket(writer: TicketWriter, ticketId: string): Promise<PouchDoc> {
  return editTicket(writer, ticketId, (ticket) =>
    ticket.technical_id === writer.userId ? null : { ...ticket, technical_id: writer.userId },
  );
}
