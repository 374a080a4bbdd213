// Changes made on the ticket page itself (a status, a checklist tick), each saved at once to the
// replica through writeRecord, so it is checked, stamped and noted in the ticket's timeline.
import type { ResourceEnv } from '../../components/resource/resource-env';
import type { PouchDoc } from '../../data/pouch-api';
import { getRecord } from '../../data/records';
import { writeRecord } from '../../data/resource-writes';
import { tickets } from '../../domain/records/ticket-module';

/** Writes per ticket, one after the other: two quick ticks must not race on one revision. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Applies `change` to the ticket as the replica holds it now (not as the page last showed it)
 * and saves it. Resolves to null when `change` finds nothing to do.
 */
export function updateTicket(
  env: ResourceEnv,
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
