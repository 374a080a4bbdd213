// Background work an instance runs on a timer and on demand, never twice at once: a wake while a
// sweep runs asks for one more right after it, so nothing written meanwhile waits a whole period.
// The job queue and the feed fetcher both sweep so.

export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped: boolean;
  private idleWaiters: Array<() => void> = [];
  private readonly sweep: () => Promise<void>;
  private readonly onError: (error: Error) => void;

  /** `wakeBeforeStart`: a wake before start() sweeps at once (the job queue takes work from the first moment). */
  constructor(sweep: () => Promise<void>, onError: (error: Error) => void, wakeBeforeStart = false) {
    this.sweep = sweep;
    this.onError = onError;
    this.stopped = !wakeBeforeStart;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  start(periodMs: number): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), periodMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Resolves once no sweep runs here and none is asked for (for tests and orderly shutdown). */
  async idle(): Promise<void> {
    this.wake();
    if (!this.running) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts a sweep now, or right after the one running. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sweep()
      .catch((error: unknown) => this.onError(error as Error))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        } else {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
        }
      });
  }
}
