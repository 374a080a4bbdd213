// Live sync of one database as a pure state machine: what a live sync is doing, what the badge
// says about it, and what the runner in sync.ts must do next (start or stop the replication,
// retry after a delay, check the session, give up a database whose access was taken away). No
// PouchDB, timers or window here: the runner feeds in PouchDB's and the browser's events with
// what it reads of the browser at that moment (`LiveEnv`), and carries out the effects.
// Per-document outcomes (written, refused, discarded) are the outbox's (sync-outbox.ts): one
// refused document never changes the state of the database's sync.
import type { SyncState } from './sync-store.ts';

export interface SyncError {
  status: number;
  error: string;
  reason: string;
}

export type Direction = 'pull' | 'push';

/**
 * `pulling` and `pushing` are one replication seen from its two directions, which PouchDB runs at
 * once: `pulling` while the pull has not rested (`pushRested` says whether the push has),
 * `pushing` while the pull has rested and the push has not; `paused` is both at rest, which is
 * the only moment the device is caught up with the server.
 */
export type LivePhase =
  /** Not started: the runner is still reading what push must leave out. */
  | { name: 'idle' }
  /** A one-off sync of the same database is pulling; its end starts the replication. */
  | { name: 'waiting' }
  | { name: 'pulling'; pushRested: boolean }
  | { name: 'pushing' }
  | { name: 'paused' }
  /**
   * No connection: the browser said so (`retryMs` null: its `online` event restarts), or the
   * server gave no answer at all (retried after `retryMs`, the browser may never tell).
   */
  | { name: 'offline'; retryMs: number | null }
  /** The server answered with an error; retried after `retryMs`. */
  | { name: 'failed'; error: SyncError; retryMs: number }
  /** The session ended (401): the session check runs, the retry picks a new session up. */
  | { name: 'signed-out'; error: SyncError; retryMs: number }
  /** Access to the database was taken away (403): retrying would not bring it back. */
  | { name: 'denied'; error: SyncError }
  /** Cancelled (the group closed, logout): nothing moves any more. */
  | { name: 'stopped' };

export interface LiveState {
  phase: LivePhase;
  /** The last retry delay, doubled on each failure in a row, back to 0 once changes flow. */
  delay: number;
  /** A one-off pull under way is waited for once only, so refreshes never keep sync from starting. */
  waitedForOneOff: boolean;
}

/** What the runner reads of the browser and the page when an event comes. */
export interface LiveEnv {
  browserOnline: boolean;
  visible: boolean;
  oneOffRunning: boolean;
}

export type LiveEvent =
  /** The runner is ready (push's filter read). */
  | { type: 'start' }
  | { type: 'retry-due' }
  | { type: 'one-off-done' }
  | { type: 'browser-online' }
  | { type: 'browser-offline' }
  /** The page became visible or hidden: after sleep, timers and sockets may be stale. */
  | { type: 'visibility' }
  | { type: 'direction-active'; direction: Direction }
  | { type: 'direction-rested'; direction: Direction; failed: boolean }
  /** Documents went one way or the other (pushed, pulled). */
  | { type: 'progress' }
  /** The replication ended on an error; status 0 is no answer at all. */
  | { type: 'error'; error: SyncError }
  | { type: 'cancel' };

export type LiveEffect =
  | { type: 'stop-replication' }
  | { type: 'replicate' }
  | { type: 'wait-for-one-off' }
  | { type: 'retry-after'; ms: number }
  | { type: 'caught-up' }
  | { type: 'check-session' }
  | { type: 'access-lost'; error: SyncError };

export interface LiveStep {
  state: LiveState;
  effects: LiveEffect[];
  /** Whether the server is reachable, when this event says so either way. */
  online?: boolean;
}

export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;
/**
 * A server that could not be reached at all (no answer: status 0) is retried at least this often:
 * the browser does not always say when the network comes back (it may never have said it left:
 * a network that lets nothing through, a captive portal), and a technician back in range should
 * not wait a minute for their changes to go.
 */
export const UNREACHABLE_RETRY_MAX_MS = 5000;

export const INITIAL_LIVE: LiveState = { phase: { name: 'idle' }, delay: 0, waitedForOneOff: false };

export function backOff(delay: number): number {
  return delay === 0 ? BACKOFF_START_MS : Math.min(delay * 2, BACKOFF_MAX_MS);
}

/** Whether a PouchDB replication exists for this phase (started, or ended on an error and not yet replaced). */
export function holdsReplication(phase: LivePhase): boolean {
  return !['idle', 'waiting', 'stopped'].includes(phase.name) && !(phase.name === 'offline' && phase.retryMs === null);
}

/** Whether the replication runs (as opposed to waiting to start, or for a retry). */
export function isRunning(phase: LivePhase): boolean {
  return phase.name === 'pulling' || phase.name === 'pushing' || phase.name === 'paused';
}

/** What the badge shows for a phase; what a phase does not know (an older error) is left as it was. */
export function badgeOf(phase: LivePhase): { state: SyncState; error?: SyncError | null } | null {
  switch (phase.name) {
    case 'idle':
    case 'stopped':
      return null;
    case 'waiting':
    case 'pulling':
    case 'pushing':
      return { state: 'syncing' };
    case 'paused':
      return { state: 'paused', error: null };
    case 'offline':
      return phase.retryMs === null ? { state: 'offline' } : { state: 'offline', error: null };
    case 'failed':
    case 'signed-out':
    case 'denied':
      return { state: 'error', error: phase.error };
  }
}

/** (Re)starts: what was running stops, then the replication starts unless something stands in the way. */
function restart(state: LiveState, env: LiveEnv): LiveStep {
  const effects: LiveEffect[] = [{ type: 'stop-replication' }];
  if (!env.browserOnline) return { state: { ...state, phase: { name: 'offline', retryMs: null } }, effects };
  if (!state.waitedForOneOff && env.oneOffRunning) {
    return {
      state: { ...state, phase: { name: 'waiting' }, waitedForOneOff: true },
      effects: [...effects, { type: 'wait-for-one-off' }],
    };
  }
  return {
    state: { ...state, phase: { name: 'pulling', pushRested: false }, waitedForOneOff: true },
    effects: [...effects, { type: 'replicate' }],
  };
}

function failed(state: LiveState, error: SyncError): LiveStep {
  if (error.status === 0) {
    const retryMs = Math.min(backOff(state.delay), UNREACHABLE_RETRY_MAX_MS);
    return {
      state: { ...state, phase: { name: 'offline', retryMs }, delay: retryMs },
      effects: [{ type: 'retry-after', ms: retryMs }],
      online: false,
    };
  }
  if (error.status === 403) {
    return { state: { ...state, phase: { name: 'denied', error } }, effects: [{ type: 'access-lost', error }] };
  }
  const retryMs = backOff(state.delay);
  const phase: LivePhase =
    error.status === 401 ? { name: 'signed-out', error, retryMs } : { name: 'failed', error, retryMs };
  const effects: LiveEffect[] = error.status === 401 ? [{ type: 'check-session' }] : [];
  return { state: { ...state, phase, delay: retryMs }, effects: [...effects, { type: 'retry-after', ms: retryMs }] };
}

/** One direction became active: PouchDB's sync says `active` (the server answered) only if the other one rests. */
function active(state: LiveState, direction: Direction): LiveStep {
  const { phase } = state;
  if (phase.name === 'paused') {
    const next: LivePhase = direction === 'pull' ? { name: 'pulling', pushRested: true } : { name: 'pushing' };
    return { state: { ...state, phase: next }, effects: [], online: true };
  }
  if (phase.name === 'pulling') {
    return direction === 'pull'
      ? { state, effects: [], ...(phase.pushRested ? { online: true } : {}) }
      : { state: { ...state, phase: { name: 'pulling', pushRested: false } }, effects: [] };
  }
  if (phase.name === 'pushing') {
    const next: LivePhase = direction === 'pull' ? { name: 'pulling', pushRested: false } : phase;
    return { state: { ...state, phase: next }, effects: [], ...(direction === 'push' ? { online: true } : {}) };
  }
  return { state, effects: [] };
}

/** One direction came to rest; both at rest is caught up. A rest on an error is no rest. */
function rested(state: LiveState, direction: Direction, failedRest: boolean): LiveStep {
  const { phase } = state;
  if (!isRunning(phase)) return { state, effects: [] };
  const pullRested = phase.name !== 'pulling';
  const pushRested = phase.name === 'paused' || (phase.name === 'pulling' && phase.pushRested);
  const pull = direction === 'pull' ? !failedRest : pullRested;
  const push = direction === 'push' ? !failedRest : pushRested;
  if (pull && push) {
    return { state: { ...state, phase: { name: 'paused' } }, effects: [{ type: 'caught-up' }], online: true };
  }
  const next: LivePhase = pull ? { name: 'pushing' } : { name: 'pulling', pushRested: push };
  return { state: { ...state, phase: next }, effects: [] };
}

export function stepLive(state: LiveState, event: LiveEvent, env: LiveEnv): LiveStep {
  const { phase } = state;
  if (phase.name === 'stopped') return { state, effects: [] };
  switch (event.type) {
    case 'cancel':
      return { state: { ...state, phase: { name: 'stopped' } }, effects: [{ type: 'stop-replication' }] };
    case 'start':
      return phase.name === 'idle' ? restart(state, env) : { state, effects: [] };
    case 'retry-due':
      return phase.name === 'failed' ||
        phase.name === 'signed-out' ||
        (phase.name === 'offline' && phase.retryMs !== null)
        ? restart(state, env)
        : { state, effects: [] };
    case 'one-off-done':
      return phase.name === 'waiting' ? restart(state, env) : { state, effects: [] };
    case 'browser-online':
      if (phase.name === 'idle') return { state, effects: [], online: true };
      return { ...restart({ ...state, delay: 0 }, env), online: true };
    case 'browser-offline':
      if (phase.name === 'idle') return { state, effects: [], online: false };
      return {
        state: { ...state, phase: { name: 'offline', retryMs: null } },
        effects: [{ type: 'stop-replication' }],
        online: false,
      };
    case 'visibility':
      return env.visible && phase.name !== 'idle' && !holdsReplication(phase)
        ? restart(state, env)
        : { state, effects: [] };
    case 'direction-active':
      return active(state, event.direction);
    case 'direction-rested':
      return rested(state, event.direction, event.failed);
    case 'progress':
      return { state: { ...state, delay: 0 }, effects: [] };
    case 'error':
      // Only a running replication can fail: one that already failed emits nothing more.
      return isRunning(phase) ? failed(state, event.error) : { state, effects: [] };
  }
}
