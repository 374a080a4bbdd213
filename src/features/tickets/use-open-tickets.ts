import { useEffect, useState } from 'react';
import { watchReplica } from '../../data/replica-events.ts';
import { whileFilled } from '../../data/sync-store.ts';
import { TICKET_BADGE_POLL_MS } from '../../domain/modules/ticket/ticket-badge.ts';
import { countOpenTickets } from './api/count-open-tickets.ts';

/**
 * The open-ticket count of a ticket group: polled every 3 minutes (spec 000 §9) and counted again
 * as soon as the replica changes, so a ticket closed here or synced in shows at once; null when
 * not counted.
 */
export function useOpenTickets(accountId: string | null, enabled: boolean): number | null {
  const [count, setCount] = useState<{ accountId: string; value: number } | null>(null);
  useEffect(() => {
    if (!accountId || !enabled) return;
    // Not counted while the group's copy is first filled (the count would climb with each batch),
    // and followed outside React's drawing, as the screens' reads are (whileFilled).
    return whileFilled(accountId, () => {
      let live = true;
      const poll = () =>
        void countOpenTickets(accountId).then((value) => {
          if (live) setCount({ accountId, value });
        });
      poll();
      const timer = setInterval(poll, TICKET_BADGE_POLL_MS);
      const stop = watchReplica(accountId, poll);
      return () => {
        live = false;
        clearInterval(timer);
        stop();
        setCount(null);
      };
    });
  }, [accountId, enabled]);
  return enabled && count?.accountId === accountId ? count.value : null;
}
