// Work done once per period whichever instances are up (a module's hourly reconciliation, its
// daily retention). Each task is a document in `moneta-system` with its next due time and a lease
// taken with the document's revision, as jobs are: a crashed instance's lease runs out and the
// next sweep of any instance runs the task again. Tasks run apart from the job queue's own sweep,
// so a long clean-up never holds an e-mail back.
import { type AppContext, SYSTEM_DB } from '../context.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { Sweeper } from './sweeper.ts';

export interface PeriodicTask {
  /** The task document's id in `moneta-system`, e.g. `<kind>-task:retention`: unique across modules. */
  id: string;
  periodMs: (ctx: AppContext) => number;
  /** What it did, in counts, kept on its document for whoever looks. */
  run: (ctx: AppContext) => Promise<Record<string, number>>;
}

interface TaskDoc extends CouchDoc {
  klass: 'PeriodicTask';
  next_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_run_at: string | null;
  last_error: string | null;
  last_result: Record<string, number> | null;
}

/** A lease as long as the period, at most an hour: a run longer than that is taken over. */
const MAX_LEASE_MS = 60 * 60_000;

export class PeriodicTasks {
  private readonly tasks: PeriodicTask[] = [];
  private readonly sweeper: Sweeper;
  private readonly ctx: () => AppContext;
  private readonly owner: string;

  constructor(ctx: () => AppContext, owner: string) {
    this.ctx = ctx;
    this.owner = owner;
    this.sweeper = new Sweeper(
      () => this.runDue(),
      (error) => this.ctx().config.log(`tasks: ${error.message}`),
    );
  }

  add(task: PeriodicTask): void {
    if (this.tasks.some((t) => t.id === task.id)) throw new Error(`periodic task "${task.id}" added twice`);
    this.tasks.push(task);
  }

  /** Looks for due tasks every `maxPeriodMs`, or more often when a task's period is shorter (tests). */
  start(maxPeriodMs: number): void {
    if (this.tasks.length === 0) return;
    const ctx = this.ctx();
    this.sweeper.start(Math.min(maxPeriodMs, ...this.tasks.map((task) => task.periodMs(ctx))));
  }

  stop(): Promise<void> {
    return this.sweeper.stop();
  }

  private async runDue(): Promise<void> {
    for (const task of this.tasks) {
      if (this.sweeper.isStopped) return;
      try {
        await this.runIfDue(task);
      } catch (error) {
        this.ctx().config.log(`tasks: ${task.id}: ${(error as Error).message}`);
      }
    }
  }

  private async runIfDue(task: PeriodicTask): Promise<void> {
    const ctx = this.ctx();
    const now = ctx.now();
    const at = now.toISOString();
    const stored = await ctx.store.get<TaskDoc>(SYSTEM_DB, task.id);
    if (stored && (stored.next_at > at || (stored.lease_until && stored.lease_until > at))) return;
    const leased = await ctx.store.putIfCurrent<TaskDoc>(SYSTEM_DB, {
      _id: task.id,
      ...(stored?._rev ? { _rev: stored._rev } : {}),
      klass: 'PeriodicTask',
      next_at: stored?.next_at ?? at,
      lease_owner: this.owner,
      lease_until: new Date(now.getTime() + Math.min(task.periodMs(ctx), MAX_LEASE_MS)).toISOString(),
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
      ctx.config.log(`tasks: ${task.id} failed: ${failure}`);
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
