// Results computed from a whole replica (a view's answer, a count) stay true until the replica
// changes, while a dashboard, the navbar badge and a list ask the same again and again: the
// answer is kept per replica state, and calls made meanwhile share one computation.
import { localDb } from './databases.ts';

const memos = new Map<string, { seq: string; results: Map<string, Promise<unknown>> }>();

/** `compute` once per replica state and `key`; calls made meanwhile share the one computation. */
export async function memoBySeq<T>(dbName: string, key: string, compute: () => Promise<T>): Promise<T> {
  const seq = String((await localDb(dbName).info()).update_seq);
  let memo = memos.get(dbName);
  if (memo?.seq !== seq) {
    memo = { seq, results: new Map() };
    memos.set(dbName, memo);
  }
  const known = memo.results.get(key) as Promise<T> | undefined;
  if (known) return known;
  const computing = compute();
  memo.results.set(key, computing);
  // A failure is not remembered: the next call tries again.
  computing.catch(() => memo.results.delete(key));
  return computing;
}
