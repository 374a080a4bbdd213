import { useEffect, useState } from 'react';
import { queryView } from '../../data/records.ts';
import { watchReplica } from '../../data/replica-events.ts';
import { countsByKlass } from '../../domain/group-settings.ts';
import { COUNTER_KLASSES } from '../../domain/modules/index.ts';
import { type UsageDay, usageTotals } from '../../domain/usage.ts';
import { getUsage } from './api/get-usage.ts';

export interface BillingFigures {
  /** Business records on this device's copy (the free plan's count), null until counted. */
  records: number | null;
  /** Bytes of the server's last daily snapshot, and its day; null offline or before it answers. */
  size: { bytes: number; day: string } | null;
  days: UsageDay[] | null;
  error: unknown;
}

/**
 * The billing screen's figures: the record count from the device (so it shows offline, and moves
 * as the device's copy changes), the size from the server's usage snapshot.
 */
export function useBillingFigures(accountId: string): BillingFigures {
  const records = useRecordCount(accountId);
  const [days, setDays] = useState<UsageDay[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!accountId) return;
    let live = true;
    getUsage(accountId).then(
      (found) => live && setDays(found),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [accountId]);
  const last = days?.at(-1);
  return {
    records,
    size: last ? { bytes: usageTotals(last, COUNTER_KLASSES).size, day: last.day } : null,
    days,
    error,
  };
}

/** The group's business records on this device's copy (the free plan's count), null until counted. */
export function useRecordCount(accountId: string): number | null {
  const [records, setRecords] = useState<number | null>(null);
  useEffect(() => {
    if (!accountId) return;
    let live = true;
    const count = () =>
      queryView(accountId, 'count-by-klass/all', { group_level: 1 }).then(
        (rows) => {
          const counts = countsByKlass(rows);
          if (live) setRecords(Object.entries(counts).reduce((n, [k, c]) => (COUNTER_KLASSES.has(k) ? n + c : n), 0));
        },
        // A failed counter yields 0 (spec 000 §8).
        () => live && setRecords(0),
      );
    void count();
    // Counted again as the copy changes: a first visit's pull, a write here, another device's.
    const unwatch = watchReplica(accountId, () => void count());
    return () => {
      live = false;
      unwatch();
    };
  }, [accountId]);
  return records;
}
