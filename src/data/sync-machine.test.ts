import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MAX_MS,
  badgeOf,
  INITIAL_LIVE,
  isRunning,
  type LiveEffect,
  type LiveEnv,
  type LiveEvent,
  type LiveState,
  stepLive,
  type SyncError,
  UNREACHABLE_RETRY_MAX_MS,
} from './sync-machine.ts';

const ONLINE: LiveEnv = { browserOnline: true, visible: true, oneOffRunning: false };
const error = (status: number): SyncError => ({ status, error: 'e', reason: 'r' });

/** Runs events from a state; the last step's result, and every effect on the way. */
function run(events: LiveEvent[], from: LiveState = INITIAL_LIVE, env: LiveEnv = ONLINE) {
  let state = from;
  const effects: LiveEffect[] = [];
  let online: boolean | undefined;
  for (const event of events) {
    const step = stepLive(state, event, env);
    state = step.state;
    effects.push(...step.effects);
    online = step.online ?? online;
  }
  return { state, effects: effects.map((e) => (e.type === 'retry-after' ? `retry-after ${e.ms}` : e.type)), online };
}

const started = run([{ type: 'start' }]).state;
const caughtUp = run(
  [
    { type: 'direction-rested', direction: 'pull', failed: false },
    { type: 'direction-rested', direction: 'push', failed: false },
  ],
  started,
).state;

// Generated runs take seconds on a loaded machine: more than vitest's default five.
const PROPERTY_TIMEOUT_MS = 30_000;

describe('live sync transitions', () => {
  it.each<[string, LiveEvent[], LiveState, LiveEnv, string, string[], boolean | undefined]>([
    [
      'starts replicating online',
      [{ type: 'start' }],
      INITIAL_LIVE,
      ONLINE,
      'pulling',
      ['stop-replication', 'replicate'],
      undefined,
    ],
    [
      'waits offline for the browser',
      [{ type: 'start' }],
      INITIAL_LIVE,
      { ...ONLINE, browserOnline: false },
      'offline',
      ['stop-replication'],
      undefined,
    ],
    [
      'waits once for a one-off pull of the same database',
      [{ type: 'start' }],
      INITIAL_LIVE,
      { ...ONLINE, oneOffRunning: true },
      'waiting',
      ['stop-replication', 'wait-for-one-off'],
      undefined,
    ],
    [
      'starts when the one-off pull ends, and never waits twice',
      [{ type: 'one-off-done' }],
      run([{ type: 'start' }], INITIAL_LIVE, { ...ONLINE, oneOffRunning: true }).state,
      { ...ONLINE, oneOffRunning: true },
      'pulling',
      ['stop-replication', 'replicate'],
      undefined,
    ],
    [
      'is not caught up when only the push rests (the pull may not have begun)',
      [{ type: 'direction-rested', direction: 'push', failed: false }],
      started,
      ONLINE,
      'pulling',
      [],
      undefined,
    ],
    [
      'is caught up once both directions rest',
      [
        { type: 'direction-rested', direction: 'push', failed: false },
        { type: 'direction-rested', direction: 'pull', failed: false },
      ],
      started,
      ONLINE,
      'paused',
      ['caught-up'],
      true,
    ],
    [
      'a rest on an error is no rest',
      [
        { type: 'direction-rested', direction: 'push', failed: false },
        { type: 'direction-rested', direction: 'pull', failed: true },
      ],
      started,
      ONLINE,
      'pulling',
      [],
      undefined,
    ],
    [
      'a pull after catching up is syncing again, and the server answered',
      [{ type: 'direction-active', direction: 'pull' }],
      caughtUp,
      ONLINE,
      'pulling',
      [],
      true,
    ],
    [
      'a push after catching up is pushing',
      [{ type: 'direction-active', direction: 'push' }],
      caughtUp,
      ONLINE,
      'pushing',
      [],
      true,
    ],
    [
      'no answer at all is offline, retried soon',
      [{ type: 'error', error: error(0) }],
      started,
      ONLINE,
      'offline',
      ['retry-after 1000'],
      false,
    ],
    [
      'a server error is retried',
      [{ type: 'error', error: error(500) }],
      started,
      ONLINE,
      'failed',
      ['retry-after 1000'],
      undefined,
    ],
    [
      'a 409 on the whole database is a server error, retried',
      [{ type: 'error', error: error(409) }],
      started,
      ONLINE,
      'failed',
      ['retry-after 1000'],
      undefined,
    ],
    [
      'an ended session checks the session and retries',
      [{ type: 'error', error: error(401) }],
      started,
      ONLINE,
      'signed-out',
      ['check-session', 'retry-after 1000'],
      undefined,
    ],
    [
      'access taken away is given up, never retried',
      [{ type: 'error', error: error(403) }, { type: 'retry-due' }, { type: 'visibility' }],
      started,
      ONLINE,
      'denied',
      ['access-lost'],
      undefined,
    ],
    [
      'the browser going offline stops the replication',
      [{ type: 'browser-offline' }],
      caughtUp,
      ONLINE,
      'offline',
      ['stop-replication'],
      false,
    ],
    [
      'waking offline restarts (a stale socket), and waits for the browser',
      [{ type: 'browser-offline' }, { type: 'visibility' }],
      caughtUp,
      { ...ONLINE, browserOnline: false },
      'offline',
      ['stop-replication', 'stop-replication'],
      false,
    ],
    ['waking while it replicates changes nothing', [{ type: 'visibility' }], caughtUp, ONLINE, 'paused', [], undefined],
    [
      'the browser back online before the start waits for it (push has no filter yet)',
      [{ type: 'browser-offline' }, { type: 'browser-online' }],
      INITIAL_LIVE,
      ONLINE,
      'idle',
      [],
      true,
    ],
    [
      'a page hidden (the tab asleep) restarts nothing',
      [{ type: 'browser-offline' }, { type: 'visibility' }],
      caughtUp,
      { ...ONLINE, visible: false },
      'offline',
      ['stop-replication'],
      false,
    ],
    [
      'the browser back online restarts',
      [{ type: 'browser-offline' }, { type: 'browser-online' }],
      caughtUp,
      ONLINE,
      'pulling',
      ['stop-replication', 'stop-replication', 'replicate'],
      true,
    ],
    [
      'cancelling stops for good',
      [{ type: 'cancel' }, { type: 'browser-online' }, { type: 'start' }],
      caughtUp,
      ONLINE,
      'stopped',
      ['stop-replication'],
      undefined,
    ],
    [
      'an error of a replication already failed is not counted twice',
      [
        { type: 'error', error: error(500) },
        { type: 'error', error: error(500) },
      ],
      started,
      ONLINE,
      'failed',
      ['retry-after 1000'],
      undefined,
    ],
  ])('%s', (_name, events, from, env, phase, effects, online) => {
    const result = run(events, from, env);
    expect(result.state.phase.name).toBe(phase);
    expect(result.effects).toEqual(effects);
    expect(result.online).toBe(online);
  });

  it('backs off doubling up to a minute on server errors, and from the start once changes flow', () => {
    const delays: number[] = [];
    let state = started;
    for (let i = 0; i < 9; i++) {
      state = stepLive(state, { type: 'error', error: error(503) }, ONLINE).state;
      delays.push(state.phase.name === 'failed' ? state.phase.retryMs : -1);
      state = stepLive(state, { type: 'retry-due' }, ONLINE).state;
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    state = stepLive(state, { type: 'progress' }, ONLINE).state;
    state = stepLive(state, { type: 'error', error: error(503) }, ONLINE).state;
    expect(state.phase).toMatchObject({ name: 'failed', retryMs: 1000 });
  });

  it('retries an unreachable server at least every five seconds', () => {
    const delays: number[] = [];
    let state = started;
    for (let i = 0; i < 5; i++) {
      state = stepLive(state, { type: 'error', error: error(0) }, ONLINE).state;
      delays.push(state.phase.name === 'offline' ? (state.phase.retryMs ?? -1) : -1);
      state = stepLive(state, { type: 'retry-due' }, ONLINE).state;
    }
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('shows each phase on the badge as the navbar reads it', () => {
    expect(badgeOf(started.phase)).toEqual({ state: 'syncing' });
    expect(badgeOf(caughtUp.phase)).toEqual({ state: 'paused', error: null });
    expect(badgeOf(run([{ type: 'error', error: error(401) }], started).state.phase)).toEqual({
      state: 'error',
      error: error(401),
    });
    expect(badgeOf(run([{ type: 'error', error: error(0) }], started).state.phase)).toEqual({
      state: 'offline',
      error: null,
    });
    expect(badgeOf(INITIAL_LIVE.phase)).toBeNull();
  });
});

// Generated lives: any order of what PouchDB, the network, the server and the browser can say.
const envArb = fc.record({ browserOnline: fc.boolean(), visible: fc.boolean(), oneOffRunning: fc.boolean() });
const directionArb = fc.constantFrom('pull' as const, 'push' as const);
const eventArb: fc.Arbitrary<LiveEvent> = fc.oneof(
  { arbitrary: fc.constant<LiveEvent>({ type: 'cancel' }), weight: 1 },
  fc.constantFrom<LiveEvent>(
    { type: 'start' },
    { type: 'retry-due' },
    { type: 'one-off-done' },
    { type: 'browser-online' },
    { type: 'browser-offline' },
    { type: 'visibility' },
    { type: 'progress' },
  ),
  directionArb.map((direction): LiveEvent => ({ type: 'direction-active', direction })),
  fc
    .record({ direction: directionArb, failed: fc.boolean() })
    .map(({ direction, failed }): LiveEvent => ({ type: 'direction-rested', direction, failed })),
  // Network drops and server restarts (no answer, 502/503), the session, access, conflicts and rules.
  fc
    .constantFrom(0, 401, 403, 409, 422, 500, 502, 503)
    .map((status): LiveEvent => ({ type: 'error', error: error(status) })),
);
const lifeArb = fc.array(fc.tuple(eventArb, envArb), { maxLength: 60 });

describe('live sync, generated event sequences', () => {
  it(
    'never reaches an impossible state, never replicates twice, and backs off at most a minute',
    () => {
      fc.assert(
        fc.property(lifeArb, (life) => {
          let state = INITIAL_LIVE;
          // What the runner would have: a replication running (started, not stopped nor failed).
          let replicating = false;
          let timers = 0;
          for (const [event, env] of life) {
            const step = stepLive(state, event, env);
            const before = state;
            state = step.state;
            for (const effect of step.effects) {
              if (effect.type === 'stop-replication') {
                replicating = false;
                timers = 0;
              }
              if (effect.type === 'replicate') {
                expect(replicating).toBe(false);
                expect(env.browserOnline).toBe(true);
                replicating = true;
              }
              if (effect.type === 'retry-after') {
                timers++;
                expect(effect.ms).toBeGreaterThanOrEqual(1000);
                expect(effect.ms).toBeLessThanOrEqual(BACKOFF_MAX_MS);
              }
            }
            if (event.type === 'error' && isRunning(before.phase)) replicating = false;
            // One retry at a time; a retry only where one is due.
            expect(timers).toBeLessThanOrEqual(1);
            const { phase } = state;
            expect(isRunning(phase)).toBe(replicating);
            expect(state.delay).toBeGreaterThanOrEqual(0);
            expect(state.delay).toBeLessThanOrEqual(BACKOFF_MAX_MS);
            if (phase.name === 'failed' || phase.name === 'signed-out') {
              expect(phase.retryMs).toBeLessThanOrEqual(BACKOFF_MAX_MS);
              expect(timers).toBe(1);
            }
            if (phase.name === 'offline' && phase.retryMs !== null) {
              expect(phase.retryMs).toBeLessThanOrEqual(UNREACHABLE_RETRY_MAX_MS);
              expect(timers).toBe(1);
            }
            if (phase.name === 'denied' || phase.name === 'stopped' || (phase.name === 'offline' && !phase.retryMs)) {
              expect(timers).toBe(0);
            }
            if (phase.name === 'signed-out') expect(phase.error.status).toBe(401);
            if (phase.name === 'denied') expect(phase.error.status).toBe(403);
            if (phase.name === 'failed') expect([0, 401, 403]).not.toContain(phase.error.status);
            // Cancelled stays cancelled, silently.
            if (before.phase.name === 'stopped') {
              expect(phase.name).toBe('stopped');
              expect(step.effects).toEqual([]);
            }
          }
        }),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'says caught up only when both directions rested cleanly since the replication (re)started',
    () => {
      fc.assert(
        fc.property(lifeArb, (life) => {
          let state = INITIAL_LIVE;
          let rested = { pull: false, push: false };
          for (const [event, env] of life) {
            const step = stepLive(state, event, env);
            const before = state;
            if (step.effects.some((e) => e.type === 'replicate')) rested = { pull: false, push: false };
            if (isRunning(state.phase) && event.type === 'direction-active') rested[event.direction] = false;
            if (isRunning(state.phase) && event.type === 'direction-rested') rested[event.direction] = !event.failed;
            state = step.state;
            const saysCaughtUp = badgeOf(state.phase)?.state === 'paused';
            expect(saysCaughtUp).toBe(isRunning(state.phase) && rested.pull && rested.push);
            if (step.effects.some((e) => e.type === 'caught-up')) expect(saysCaughtUp).toBe(true);
            // Offline on the badge is what the browser said, or a server that did not answer.
            if (state.phase !== before.phase && badgeOf(state.phase)?.state === 'offline') {
              const unanswered = event.type === 'error' && event.error.status === 0;
              expect(unanswered || event.type === 'browser-offline' || !env.browserOnline).toBe(true);
            }
          }
        }),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
