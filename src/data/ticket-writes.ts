// Changes to one ticket made in place (a status from its page or the board, a checklist tick, an
// assignment), each saved at once to the replica through writeRecord, so it is checked, stamped
// and noted in the ticket's timeline.
import { tickets } from '../domain/records/ticket-module';
import type { PouchDoc } from './pouch-api';
import { getRecord } from './records';
import { writeRecord } from './resource-writes';

/** Who writes, in which group, with which features switched on. */
export interface TicketWriter {
  accountId: string;
  userId: string;
  features: ReadonlySet<string>;
}

/** Writes per ticket, one after the other: two quick ticks must not race on one revision. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Applies `change` to the ticket as the replica holds it now (not as the page last showed it)
 * and saves it. Resolves to null when `change` finds nothing to do.
 */
export function updateTicket(
  env: TicketWriter,
  ticketId: string,
  change: (ticket: PouchDoc) => PouchDoc | null,
): Promise<PouchDoc | null> {
  const key = `${env.accountId}/${ticketId}`;
  const run = async () => {
    const ticket = await getRecord<PouchDoc>(env.accountId, ticketId);
    const changed = ticket && change(ticket);
    if (!changed) return null;
    return writeRecord(env.accountId, tickets, changed, { userId: env.userId, features: env.features });
  };
  const next = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(run);
  queues.set(key, next);
  void next.finally(() => queues.get(key) === next && queues.delete(key)).catch(() => undefined);
  return next;
}
