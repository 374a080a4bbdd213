// When to fetch a feed next. Hourly by default; sooner (down to 15 minutes) for a feed that
// publishes often, later (up to a day) for one that rarely does; after errors, exponentially
// later (up to a day), so a dead feed costs little; and never before its server's Retry-After.
// A jitter spreads hundreds of feeds added at once over the hour instead of a burst.

export const SCHEDULE = {
  defaultMs: 60 * 60_000,
  fastestMs: 15 * 60_000,
  slowestMs: 24 * 60 * 60_000,
  /** The share of the interval a fetch may move by, either way. */
  jitter: 0.1,
} as const;

export interface ScheduleInput {
  now: number;
  /** Errors in a row (0 after a good fetch). */
  errors: number;
  /** Publication times of the feed's recent items (ISO), newest first or in any order. */
  published?: readonly (string | null)[];
  /** What the feed's server asked for, in ms from now. */
  retryAfterMs?: number | null;
  /** A number in [0, 1) (Math.random by default); tests pass their own. */
  random?: number;
}

/** The typical time between the feed's items, when it has enough dated ones to tell. */
export function publishingInterval(published: readonly (string | null)[]): number | null {
  const times = published
    .flatMap((p) => (p ? [Date.parse(p)] : []))
    .filter((t) => !Number.isNaN(t))
    .sort((a, b) => b - a)
    .slice(0, 20);
  if (times.length < 3) return null;
  const gaps = times.slice(1).map((t, i) => times[i]! - t);
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

const clamp = (ms: number) => Math.min(SCHEDULE.slowestMs, Math.max(SCHEDULE.fastestMs, ms));

/** The next time to fetch, in ms since the epoch. */
export function nextFetchAt(input: ScheduleInput): number {
  const random = input.random ?? Math.random();
  let interval: number;
  if (input.errors > 0) interval = clamp(SCHEDULE.defaultMs * 2 ** Math.min(input.errors - 1, 10));
  else {
    const cadence = publishingInterval(input.published ?? []);
    // Half the publishing gap: a new item waits about a quarter of its gap, on average.
    interval = cadence === null ? SCHEDULE.defaultMs : clamp(cadence / 2);
  }
  const jittered = interval * (1 + SCHEDULE.jitter * (2 * random - 1));
  return input.now + Math.max(jittered, input.retryAfterMs ?? 0);
}
