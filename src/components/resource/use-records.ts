import { useEffect, useState } from 'react';
import { readRecords } from '../../data/record-list.ts';
import { watchReplica } from '../../data/replica-events.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { useErrorState } from '../use-error-state.ts';

/**
 * Runs `load` against the replica and again whenever it changes (sync, another screen). `load`
 * must be stable for the same inputs (useCallback).
 */
export function useReplicaQuery<T>(dbName: string, load: () => Promise<T>) {
  const [state, setState] = useState<{ load: () => Promise<T>; value: T } | null>(null);
  const [error, setError] = useErrorState();
  useEffect(() => {
    let live = true;
    const run = () =>
      load().then(
        (value) => live && setState({ load, value }),
        (caught: unknown) => live && setError(caught),
      );
    void run();
    const stop = watchReplica(dbName, () => void run());
    return () => {
      live = false;
      stop();
    };
  }, [dbName, load, setError]);
  return { value: state?.load === load ? state.value : undefined, error, setError };
}

/** Titles of referenced records, by id, for links in lists and record pages. */
export function useRecordTitles(dbName: string, ids: readonly string[]) {
  const key = [...new Set(ids.filter(Boolean))].sort().join(',');
  const [titles, setTitles] = useState<Record<string, PouchDoc>>({});
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split(',') : [];
    readRecords(dbName, wanted).then(
      (docs) => live && setTitles(Object.fromEntries(docs.map((doc) => [doc._id, doc]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dbName, key]);
  return titles;
}
