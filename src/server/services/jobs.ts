// Work that must not hold a request: e-mails and the store bookkeeping around them. A job is a
// document in `moneta-system` whose id sorts by when it is due (`job:<run_at>:<uuid>`), so due jobs
// are one `_all_docs` range, with no index to build. Any instance may run any job: it takes a job
// by writing a lease with the job's revision (the store refuses all but one writer), and a lease
// that runs out (a crashed instance) makes the job due again. Delivery is at least once.
// Periodic tasks (a module's nightly clean-up) ride on the same queue: one instance per period
// runs each, under a lease written likewise (periodic-tasks.ts).
import { randomUUID } from 'node:crypto';
import { type AppContext, SYSTEM_DB } from '../context.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { PeriodicTasks, type PeriodicTask } from './periodic-tasks.ts';
import { Sweeper } from './sweeper.ts';

export interface JobDoc extends CouchDoc {
  klass: 'Job';
  type: string;
  payload: Record<string, unknown>;
  run_at: string;
  attempts: number;
  lease_until?: string | null;
  lease_owner?: string | null;
  last_error?: string | null;
  created_at: string;
}

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<void>;

const PREFIX = 'job:';
/** Ids after every job: `job:` then an ISO date, and `~` sorts after any digit. */
const LAST = 'job:~';
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;
const SWEEP_MS = 5_000;
const BATCH = 20;

const jobId = (runAt: string) => `${PREFIX}${runAt}:${randomUUID()}`;

/** A job as stored, due at `due`: what `enqueue` writes, and what a command run apart from the server files. */
export function newJob(type: string, payload: Record<string, unknown>, due: string): JobDoc {
  return { _id: jobId(due), klass: 'Job', type, payload, run_at: due, attempts: 0, created_at: due };
}

/** Seconds to wait before the next attempt: 10 s, 20 s, 40 s … up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly owner = randomUUID();
  private readonly sweeper: Sweeper;
  private readonly periodic: PeriodicTasks;

  private readonly ctx: () => AppContext;
  constructor(ctx: () => AppContext) {
    this.ctx = ctx;
    this.periodic = new PeriodicTasks(ctx, this.owner);
    this.sweeper = new Sweeper(
      () => this.drain(),
      (error) => this.ctx().config.log(`jobs: ${error.message}`),
      true,
    );
  }

  private get stopped(): boolean {
    return this.sweeper.isStopped;
  }

  register(type: string, handler: JobHandler): this {
    this.handlers.set(type, handler);
    return this;
  }

  /** Runs `task` once per its period, on whichever instance takes its lease first. */
  every(task: PeriodicTask): this {
    this.periodic.add(task);
    return this;
  }

  /**
   * Writes the job; this instance starts on it at once, the others at their next sweep. With
   * `delayMs`, it is due that much later (its id sorts by when it is due, so the sweeps find it then).
   */
  async enqueue(
    type: string,
    payload: Record<string, unknown>,
    { delayMs = 0 }: { delayMs?: number } = {},
  ): Promise<void> {
    if (!this.handlers.has(type)) throw new Error(`no handler for job "${type}"`);
    const due = new Date(this.ctx().now().getTime() + delayMs).toISOString();
    await this.ctx().store.put(SYSTEM_DB, newJob(type, payload, due));
    if (delayMs <= 0) this.wake();
  }

  start(): void {
    this.sweeper.start(SWEEP_MS);
    this.periodic.start(SWEEP_MS);
  }

  async stop(): Promise<void> {
    await Promise.all([this.sweeper.stop(), this.periodic.stop()]);
  }

  /** Resolves once no due job is left and none is running here (for tests and orderly shutdown). */
  idle(): Promise<void> {
    return this.sweeper.idle();
  }

  private wake(): void {
    this.sweeper.wake();
  }

  private async due(): Promise<JobDoc[]> {
    const ctx = this.ctx();
    const now = ctx.now().toISOString();
    const res = await ctx.store.must<{ rows: Array<{ doc?: JobDoc }> }>(`/${SYSTEM_DB}/_all_docs`, {
      query: {
        startkey: JSON.stringify(PREFIX),
        endkey: JSON.stringify(`${PREFIX}${now}~`),
        include_docs: true,
        limit: BATCH,
      },
    });
    return res.rows
      .map((r) => r.doc)
      .filter((d): d is JobDoc => Boolean(d) && (!d!.lease_until || d!.lease_until < now));
  }

  private async drain(): Promise<void> {
    for (;;) {
      const jobs = await this.due();
      if (jobs.length === 0 || this.stopped) return;
      let ran = 0;
      for (const job of jobs) {
        if (this.stopped) return;
        if (await this.runOne(job)) ran++;
      }
      if (ran === 0) return;
    }
  }

  /** Runs one job if this instance wins its lease; true when it ran. */
  private async runOne(job: JobDoc): Promise<boolean> {
    const ctx = this.ctx();
    const leased = await ctx.store.putIfCurrent<JobDoc>(SYSTEM_DB, {
      ...job,
      lease_owner: this.owner,
      lease_until: new Date(ctx.now().getTime() + LEASE_MS).toISOString(),
    });
    if (!leased) return false; // another instance took it
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job "${job.type}"`);
      await handler(ctx, job.payload);
      await ctx.store.remove(SYSTEM_DB, leased._id, leased._rev!);
    } catch (error) {
      await this.retryLater(leased, error as Error);
    }
    return true;
  }

  private async retryLater(job: JobDoc, error: Error): Promise<void> {
    const ctx = this.ctx();
    const attempts = job.attempts + 1;
    ctx.config.log(`jobs: ${job.type} failed (attempt ${attempts}): ${error.message}`);
    // Re-filed under its new due time; after the last attempt it is kept, never due, for a person to see.
    const runAt =
      attempts >= MAX_ATTEMPTS ? 'failed' : new Date(ctx.now().getTime() + retryDelayMs(attempts)).toISOString();
    const next: JobDoc = {
      ...job,
      _id: attempts >= MAX_ATTEMPTS ? `${LAST}failed:${randomUUID()}` : jobId(runAt),
      run_at: runAt,
      attempts,
      lease_owner: null,
      lease_until: null,
      last_error: error.message,
    };
    delete next._rev;
    await ctx.store.put(SYSTEM_DB, next);
    await ctx.store.remove(SYSTEM_DB, job._id, job._rev!);
  }
}
