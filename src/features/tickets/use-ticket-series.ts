import { useEffect } from 'react';
import { ensureTicketSeries } from './api/ticket-series.ts';

/**
 * Claims this device's ticket series for an open ticket group, now and whenever the device comes
 * back online, so that a technician who opened the group online once numbers tickets offline.
 * A claim that fails is tried at the next chance; the ticket form says when one is still missing.
 */
export function useTicketSeries(accountId: string | null): void {
  useEffect(() => {
    if (!accountId) return undefined;
    const claim = () => void ensureTicketSeries(accountId).catch(() => null);
    claim();
    globalThis.addEventListener?.('online', claim);
    return () => globalThis.removeEventListener?.('online', claim);
  }, [accountId]);
}
