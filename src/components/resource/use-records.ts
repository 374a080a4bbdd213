import { startTransition, useEffect, useMemo, useState } from 'react';
import { readRecords } from '../../data/record-list.ts';
import { sameData } from '../../domain/same-data.ts';
import { watchReplica } from '../../data/replica-events.ts';
import { whileFilled } from '../../data/sync-store.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { useErrorState } from '../use-error-state.ts';

/**
 * Runs `load` against the replica and again whenever it changes (sync, another screen). `load`
 * must be stable for the same inputs (useCallback). `value` is this load's answer, undefined until
 * it comes (and while the copy is first filled); `latest` is the last answer of any load, for a screen that keeps showing it while
 * reading a little more (the board's next cards).
 */
export function useReplicaQuery<T>(dbName: string, load: () => Promise<T>) {
  const [state, setState] = useState<{ load: () => Promise<T>; value: T } | null>(null);
  const [error, setError] = useErrorState();
  useEffect(
    () =>
      // A copy filled for the first time is read once it is whole: half-filled, an empty list or a
      // zero count would be shown as the group's, then replaced.
      whileFilled(dbName, () => {
        let live = true;
        const run = () =>
          load().then(
            // An equal answer (a change elsewhere in the group) keeps the one shown: nothing
            // redraws. A new one is drawn in a transition, which React cuts into short tasks (a
            // default update is one task, however many rows), so a tap or a frame is never held
            // behind a list's drawing.
            (value) =>
              live &&
              startTransition(() =>
                setState((prev) => (prev?.load === load && sameData(prev.value, value) ? prev : { load, value })),
              ),
            (caught: unknown) => live && setError(caught),
          );
        void run();
        const stop = watchReplica(dbName, () => void run());
        return () => {
          live = false;
          stop();
        };
      }),
    [dbName, load, setError],
  );
  return { value: state?.load === load ? state.value : undefined, latest: state?.value, error, setError };
}

/** The maps useRecordTitles returned once their ids were read: any other one is still being read. */
const readMaps = new WeakSet<object>();

/** Whether `related` (from useRecordTitles) holds the outcome of reading its ids: a record absent
 *  from a read map is missing, from a map being read it is only not there yet. */
export function titlesRead(related: object): boolean {
  return readMaps.has(related);
}

/** The titles map of records read (missing ones absent), marked as read (titlesRead). */
export function titlesOf(docs: readonly PouchDoc[]): Record<string, PouchDoc> {
  const titles = Object.fromEntries(docs.map((doc) => [doc._id, doc]));
  readMaps.add(titles);
  return titles;
}

/** Titles of referenced records, by id, for links in lists and record pages. */
export function useRecordTitles(dbName: string, ids: readonly string[]) {
  const key = [...new Set(ids.filter(Boolean))].sort().join(',');
  const [state, setState] = useState<{ key: string; titles: Record<string, PouchDoc> }>({ key: '', titles: {} });
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split(',') : [];
    const settle = (docs: readonly PouchDoc[]) => {
      if (live) startTransition(() => setState({ key, titles: titlesOf(docs) }));
    };
    // A read that failed is over too: its records show as missing rather than loading forever.
    readRecords(dbName, wanted).then(settle, () => settle([]));
    return () => {
      live = false;
    };
  }, [dbName, key]);
  // While other ids are read (the next page), the names already known stay, as a map being read.
  return useMemo(() => (state.key === key ? state.titles : { ...state.titles }), [state, key]);
}
