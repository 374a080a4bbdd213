// The reader's settings, from READER_* variables: checked at start-up with the rest of the
// environment (src/server/config.ts asks every module for its own), each bad one listed.
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';

export interface ReaderConfig {
  /**
   * `READER_ALLOW_PRIVATE=1`: fetch feeds on loopback, private and link-local addresses too (a
   * server reading an intranet's feeds; tests). Off by default: otherwise a subscription could make
   * the server read its own admin ports or the cloud's metadata service for whoever subscribes.
   */
  allowPrivate: boolean;
  /** `READER_SWEEP_MS`: how often each instance looks for due feeds (30 s). */
  sweepMs: number;
  /** `READER_CONCURRENCY`: feeds one instance fetches at once (8). */
  concurrency: number;
  /** `READER_TIMEOUT_MS`: the time one fetch may take, redirects included (20 s). */
  timeoutMs: number;
  /** `READER_MAX_BYTES`: the largest feed read, after decompression (5 MB). */
  maxBytes: number;
  /** `READER_LEASE_MS`: how long an instance holds a feed it fetches; a crashed one's lease runs out (5 min). */
  leaseMs: number;
  /**
   * `READER_REFRESH_MS`: a fixed time between fetches of a healthy feed, instead of following the
   * feed's own publishing pace (15 min to a day). For tests and small installs; errors still back off.
   */
  refreshMs: number | null;
  /** `READER_RECONCILE_MS`: how often the fetcher's bookkeeping is checked against the groups (1 h). */
  reconcileMs: number;
  /** `READER_RETENTION_MS`: how often old read items are removed (1 day). */
  retentionMs: number;
}

export const DEFAULT_READER_CONFIG: ReaderConfig = {
  allowPrivate: false,
  sweepMs: 30_000,
  concurrency: 8,
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  leaseMs: 5 * 60_000,
  refreshMs: null,
  reconcileMs: 60 * 60_000,
  retentionMs: 24 * 60 * 60_000,
};

/** `READER_*` variables: whole numbers within bounds, each bad one listed in `problems`. */
export function parseReaderConfig(env: NodeJS.ProcessEnv, problems: string[]): ReaderConfig {
  const number = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const flag = env.READER_ALLOW_PRIVATE ?? '';
  if (!['', '0', '1', 'false', 'true'].includes(flag))
    problems.push(`READER_ALLOW_PRIVATE must be 1 or 0, got "${flag}"`);
  const d = DEFAULT_READER_CONFIG;
  const day = 24 * 60 * 60_000;
  const refresh = number('READER_REFRESH_MS', 0, 0, 7 * day);
  return {
    allowPrivate: flag === '1' || flag === 'true',
    sweepMs: number('READER_SWEEP_MS', d.sweepMs, 50, day),
    concurrency: number('READER_CONCURRENCY', d.concurrency, 1, 64),
    timeoutMs: number('READER_TIMEOUT_MS', d.timeoutMs, 100, 120_000),
    maxBytes: number('READER_MAX_BYTES', d.maxBytes, 1024, 100 * 1024 * 1024),
    leaseMs: number('READER_LEASE_MS', d.leaseMs, 1_000, day),
    refreshMs: refresh === 0 ? null : refresh,
    reconcileMs: number('READER_RECONCILE_MS', d.reconcileMs, 100, 7 * day),
    retentionMs: number('READER_RETENTION_MS', d.retentionMs, 100, 7 * day),
  };
}

/** This instance's reader settings, as config.ts read them with this module's parser. */
export function readerConfig(from: AppContext | Config): ReaderConfig {
  const config = 'config' in from ? from.config : from;
  return config.modules.exoreader as ReaderConfig;
}
