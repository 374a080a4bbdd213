// The reader's periodic work (reconciliation hourly, retention daily), run by one instance per
// period whichever instances are up: each task is a document in `moneta-system` with its next due
// time and a lease taken with the document's revision, as jobs and feeds are. A crashed instance's
// lease runs out and the next sweep of any instance runs the task again.
import type { AppContext } from '../context.ts';
import { SYSTEM_DB } from '../context.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { reconcileFeeds } from './reader-reconcile.ts';
import { removeOldItems } from './reader-retention.ts';

interface TaskDoc extends CouchDoc {
  klass: 'ReaderTask';
  next_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_run_at: string | null;
  last_error: string | null;
  /** What the last run did, for whoever looks (counts). */
  last_result: Record<string, number> | null;
}

interface Task {
  id: string;
  periodMs: (ctx: AppContext) => number;
  run: (ctx: AppContext) => Promise<Record<string, number>>;
}

export const READER_TASKS: readonly Task[] = [
  { id: 'reader-task:reconcile', periodMs: (ctx) => ctx.config.reader.reconcileMs, run: reconcileFeeds },
  { id: 'reader-task:retention', periodMs: (ctx) => ctx.config.reader.retentionMs, run: removeOldItems },
];

export class ReaderTasks {
  private readonly ctx: () => AppContext;
  private readonly owner: string;
  constructor(ctx: () => AppContext, owner: string) {
    this.ctx = ctx;
    this.owner = owner;
  }

  /** Runs each task that is due and not leased by another instance. */
  async runDue(): Promise<void> {
    for (const task of READER_TASKS) {
      try {
        await this.runIfDue(task);
      } catch (error) {
        this.ctx().config.log(`reader: ${task.id}: ${(error as Error).message}`);
      }
    }
  }

  private async runIfDue(task: Task): Promise<void> {
    const ctx = this.ctx();
    const now = ctx.now();
    const at = now.toISOString();
    const stored = await ctx.store.get<TaskDoc>(SYSTEM_DB, task.id);
    if (stored && (stored.next_at > at || (stored.lease_until && stored.lease_until > at))) return;
    // A lease as long as the period, at most an hour: a run longer than that is taken over.
    const leaseMs = Math.min(task.periodMs(ctx), 60 * 60_000);
    const leased = await ctx.store.putIfCurrent<TaskDoc>(SYSTEM_DB, {
      _id: task.id,
      ...(stored?._rev ? { _rev: stored._rev } : {}),
      klass: 'ReaderTask',
      next_at: stored?.next_at ?? at,
      lease_owner: this.owner,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      last_run_at: stored?.last_run_at ?? null,
      last_error: stored?.last_error ?? null,
      last_result: stored?.last_result ?? null,
    });
    if (!leased) return;
    let result: Record<string, number> | null = null;
    let failure: string | null = null;
    try {
      result = await task.run(ctx);
    } catch (error) {
      failure = (error as Error).message;
      ctx.config.log(`reader: ${task.id} failed: ${failure}`);
    }
    const done = ctx.now();
    await ctx.store.put(SYSTEM_DB, {
      ...leased,
      next_at: new Date(done.getTime() + task.periodMs(ctx)).toISOString(),
      lease_owner: null,
      lease_until: null,
      last_run_at: done.toISOString(),
      last_error: failure,
      last_result: result,
    });
  }
}
