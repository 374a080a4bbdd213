// Two-way replication between a local replica and the server. Live for the active group and the
// personal database; one-off for the others, one at a time (browsers allow ~6 connections per
// host). Offline is read from the browser (PouchDB's `paused` carries no error when offline), and
// sync restarts on `online`; failures back off up to a minute. After each successful pull the
// replica's list indexes are built in the background (a no-op once they are).
// Outcomes are per document: the server refuses a change with its own `forbidden` entry, which
// PouchDB reports as `denied` and goes on; the refusal is recorded with the server's reason
// (pending-writes.ts) for the person to fix or discard, and the other changes keep flowing.
import { databaseKind } from '../domain/ids.ts';
import { mergePulledConflicts, pruneSettled, refreshConflicts } from './conflicts.ts';
import { localDb, registerBackgroundWork, type RemoteOptions, remoteDb } from './databases.ts';
import { verifySession } from './http-client.ts';
import { serverWrites } from './server-writes.ts';
import { buildIndexesInBackground, isViewBuilt } from './indexes.ts';
import {
  loadDropped,
  markPushed,
  markRefused,
  pendingCount,
  type RefusedEntry,
  settlePushed,
  syncCounts,
} from './pending-writes.ts';
import type { SyncReplication } from './pouch-api.ts';
import { holdKeptSaves } from './reduced-views.ts';
import type { Database } from './pouch.ts';
import {
  badgeOf,
  type Direction,
  INITIAL_LIVE,
  isRunning,
  type LiveEffect,
  type LiveEnv,
  type LiveEvent,
  type LiveState,
  stepLive,
  type SyncError,
} from './sync-machine.ts';
import { useSyncStore } from './sync-store.ts';
import { onAccessLost, unsentCounts } from './unsent.ts';

/**
 * Refreshes the records flagged in conflict, once the replica's conflicts view exists: before,
 * the query would build it over every record while the first pull is still running.
 */
async function flagConflicts(name: string): Promise<void> {
  if (databaseKind(name) !== 'group') return;
  try {
    if (await isViewBuilt(name, 'conflicts/all')) await refreshConflicts(name);
  } catch {
    // The replica went (logout, access removed): nothing to flag.
  }
}

export interface SyncHandle {
  name: string;
  cancel: () => void;
}

interface ReplicationError {
  status?: number;
  name?: string;
  error?: string | boolean;
  reason?: string;
  message?: string;
}

function describe(error: unknown): SyncError {
  const e = (error ?? {}) as ReplicationError;
  const status = typeof e.status === 'number' ? e.status : 0;
  return {
    status,
    error: typeof e.error === 'string' ? e.error : (e.name ?? 'undefined_error'),
    reason: e.reason ?? e.message ?? 'Network error',
  };
}

/**
 * The server could not be reached (no answer at all): the device is offline as far as sync goes,
 * whatever the browser says, and nothing failed that a person could act on.
 */
function noteUnreachable(name: string): void {
  const store = useSyncStore.getState();
  store.setOnline(false);
  store.update(name, { state: 'offline', error: null });
}

/**
 * How long a live sync counts as up to date after it last caught up. Caught up, it listens to the
 * server's changes and applies them as they come, so reading the replica needs no round trip; but
 * an idle feed says nothing, and a connection can die silently (sleep, a changed network), so
 * past this a screen read checks with the server once more (see refreshReplica).
 */
export const LIVE_CURRENT_MS = 60_000;

interface LiveSync {
  /** When it last caught up, or null while it is pulling, failing or offline. */
  caughtUpAt: number | null;
  /**
   * Its first pull since it (re)started, while under way: true once caught up, false if it failed
   * or stopped; `writes` is the page's server writes (serverWrites) when it began.
   */
  pulling: { done: Promise<boolean>; writes: number } | null;
}

/** Running live syncs, by database. */
const liveSyncs = new Map<string, LiveSync>();

/** One-off syncs under way, by database: a live sync starting meanwhile waits for it. */
const oneOffSyncs = new Map<string, Promise<unknown>>();

/** True when a live sync of this database runs and caught up with the server recently. */
export function isLiveAndCurrent(name: string, now = Date.now()): boolean {
  const caughtUpAt = liveSyncs.get(name)?.caughtUpAt;
  return caughtUpAt != null && now - caughtUpAt < LIVE_CURRENT_MS;
}

/**
 * What push sends: not design documents (the server's; the local ones are pouchdb-find indexes),
 * and not the deletions of discarded changes the server never had.
 */
function pushable(dropped: ReadonlySet<string>) {
  return (doc: { _id: string; _deleted?: boolean }) =>
    !doc._id.startsWith('_design/') && !(doc._deleted && dropped.has(doc._id));
}

/** A push refusal as PouchDB hands it on (`denied`): the server's entry for one document. */
function refusalOf(denied: unknown): RefusedEntry | null {
  const entry = (denied ?? {}) as { id?: unknown; rev?: unknown; status?: unknown; reason?: unknown };
  if (typeof entry.id !== 'string') return null;
  return {
    id: entry.id,
    rev: typeof entry.rev === 'string' ? entry.rev : undefined,
    status: typeof entry.status === 'number' ? entry.status : 403,
    reason: entry.reason,
  };
}

/** Records refusals and shows the new counts. */
async function noteRefused(name: string, db: Database, entries: ReadonlyArray<RefusedEntry | null>): Promise<void> {
  const refusals = entries.filter((e): e is RefusedEntry => e !== null);
  if (refusals.length === 0) return;
  await markRefused(db, refusals, new Date());
  useSyncStore.getState().update(name, await syncCounts(db));
}

/** Forgets what the server now has and shows the new count as soon as it is known. */
async function notePushed(name: string, db: Database, docs: ReadonlyArray<{ _id: string; _rev?: string }>) {
  useSyncStore.getState().update(name, { pending: await markPushed(db, docs) });
}

/**
 * Forgets what the server turns out to hold already and shows the new count: the count says what
 * the server lacks, so it is asked, rather than trusting that every push's answer arrived.
 */
async function settleWithServer(name: string, db: Database, remote: Database): Promise<void> {
  useSyncStore.getState().update(name, { pending: await settlePushed(db, (revs) => remote.revsDiff(revs)) });
}

/**
 * When this replica last caught up with the server, kept in the replica itself: after a reload
 * offline the device says the sync it really had, and the fact goes with the copy it describes.
 */
const LAST_SYNC_ID = '_local/moneta-last-sync';

async function noteSynced(db: Database, now = new Date()): Promise<string> {
  const at = now.toISOString();
  const stored = (await db.get(LAST_SYNC_ID).catch(() => null)) as { _rev?: string } | null;
  await db
    .put({ _id: LAST_SYNC_ID, ...(stored?._rev ? { _rev: stored._rev } : {}), at } as never)
    .catch(() => undefined);
  return at;
}

/** Shows the last sync this replica had, until this session's first one says a newer one. */
async function restoreLastSync(name: string, db: Database): Promise<void> {
  const stored = (await db.get(LAST_SYNC_ID).catch(() => null)) as { at?: unknown } | null;
  if (typeof stored?.at !== 'string' || useSyncStore.getState().databases[name]?.lastSyncAt) return;
  useSyncStore.getState().update(name, { lastSyncAt: stored.at });
}

/** Whether this device's copy of `name` ever finished a sync. */
export async function hasSynced(name: string): Promise<boolean> {
  const stored = await localDb(name)
    .get(LAST_SYNC_ID)
    .catch(() => null);
  return stored !== null;
}

async function refreshPending(name: string, db: Database): Promise<void> {
  useSyncStore.getState().update(name, await syncCounts(db));
}

/** How long a burst of local changes waits before the counts are read again. */
const COUNTS_AFTER_CHANGES_MS = 150;

/**
 * Reads the counts again after the replica changes, once per burst: a pull writes its documents
 * one change at a time (10,000 on a first visit), and each had read the counts and redrawn the
 * navbar (a first visit to a 60-record group committed 90 renders in two seconds).
 */
function refreshPendingAfterChanges(name: string, db: Database): { changed: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    changed: () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void refreshPending(name, db).catch(() => undefined);
      }, COUNTS_AFTER_CHANGES_MS);
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * One pull and one push; resolves when both are done. While the database's live sync makes its
 * first pull, that pull is joined rather than run twice side by side: on a first visit both
 * start together, and each downloaded every document (28.6 MB for a 13.3 MB group in
 * bench:tickets). A live pull that fails, or began before a write this page made on the server,
 * is not joined: the one-off runs, with its own error handling.
 */
export async function syncOnce(name: string, options: RemoteOptions = {}): Promise<void> {
  const live = liveSyncs.get(name)?.pulling;
  if (live && live.writes >= serverWrites() && (await live.done)) return;
  const run = syncOnceNow(name, options);
  oneOffSyncs.set(name, run);
  try {
    await run;
  } finally {
    if (oneOffSyncs.get(name) === run) oneOffSyncs.delete(name);
  }
}

function syncOnceNow(name: string, options: RemoteOptions): Promise<void> {
  return syncOnceWith(name, remoteDb(name, options));
}

/**
 * One pull and one push of `name`'s replica with `remote`: the server's database, or in a test
 * another replica standing in for it. Records pulled in conflict with an edit made here are
 * merged before the push, so what merged by itself goes out in the same sync.
 */
export async function syncOnceWith(name: string, remote: Database): Promise<void> {
  const store = useSyncStore.getState();
  const local = localDb(name);
  store.update(name, { state: 'syncing' });
  try {
    const merges: Array<Promise<unknown>> = [];
    // The kept views save once the pull is over, not after each of its batches.
    const pulled = holdKeptSaves(local);
    try {
      await oneOff(
        local.replicate.from(remote, { batch_size: 500, batches_limit: 4 }).on('change', (info) =>
          merges.push(
            mergePulledConflicts(
              name,
              info.docs.map((doc) => doc._id),
              remote,
            )
              .then(() => flagConflicts(name))
              .catch(() => undefined),
          ),
        ),
      );
    } finally {
      pulled();
    }
    await Promise.all(merges);
    // What an earlier run pushed, and this pull found in no conflict, is settled.
    await pruneSettled(local);
    // Only writes made through src/data create anything to push, and each is recorded as
    // pending: with none, the push (which would walk every pulled change) is skipped.
    if ((await pendingCount(local)) > 0) {
      const denied: unknown[] = [];
      await oneOff(
        local.replicate
          .to(remote, { batch_size: 200, filter: pushable(await loadDropped(local)) })
          .on('change', (info) => void notePushed(name, local, info.docs))
          .on('denied', (error) => denied.push(error)),
      );
      await noteRefused(name, local, denied.map(refusalOf));
      await settleWithServer(name, local, remote);
    }
    store.setOnline(true);
    store.update(name, { state: 'idle', lastSyncAt: await noteSynced(local), error: null });
    // A live sync at rest missed nothing either: it counts as current again, from now.
    const live = liveSyncs.get(name);
    if (live?.caughtUpAt != null) live.caughtUpAt = Date.now();
    void buildIndexesInBackground(name).then(() => flagConflicts(name));
  } catch (error) {
    const described = describe(error);
    if (described.status === 0) noteUnreachable(name);
    else store.update(name, { state: 'error', error: described });
    throw error;
  } finally {
    await refreshPending(name, local);
  }
}

/** Live syncs running, and the one-off replications under way: stopped before the device's data goes. */
const liveHandles = new Set<SyncHandle>();
const oneOffs = new Set<{ cancel: () => void; done: Promise<unknown> }>();

registerBackgroundWork({
  async stop() {
    for (const handle of [...liveHandles]) handle.cancel();
    for (const run of oneOffs) run.cancel();
    await Promise.all([...oneOffs].map((run) => run.done.catch(() => undefined)));
  },
});

/** Runs a one-off replication so that it can be cancelled from outside. */
function oneOff<T extends { cancel: () => void }>(replication: T & PromiseLike<unknown>): T {
  const run = { cancel: () => replication.cancel(), done: Promise.resolve(replication) };
  oneOffs.add(run);
  void run.done.finally(() => oneOffs.delete(run)).catch(() => undefined);
  return replication;
}

interface DirectionEvents {
  on(event: 'active' | 'paused', listener: (error?: unknown) => void): DirectionEvents;
}

/**
 * Live two-way sync that survives going offline and errors; cancel it to stop. What it does next
 * is decided by the state machine (sync-machine.ts); this runner feeds it PouchDB's and the
 * browser's events and carries out its effects.
 */
export function startLiveSync(name: string, options: RemoteOptions = {}): SyncHandle {
  const store = useSyncStore.getState();
  const local = localDb(name);
  let machine: LiveState = INITIAL_LIVE;
  let replication: SyncReplication | null = null;
  let remote: Database | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const live: LiveSync = { caughtUpAt: null, pulling: null };
  liveSyncs.set(name, live);
  // Settles the first pull's promise (see syncOnce), once.
  let settlePull: ((caughtUp: boolean) => void) | null = null;
  const pullEnded = (caughtUp: boolean) => {
    settlePull?.(caughtUp);
    settlePull = null;
    live.pulling = null;
  };

  const counts = refreshPendingAfterChanges(name, local);
  // While the pull runs, the kept views save once it rests, not after each of its batches.
  let pullHold: (() => void) | null = null;
  const pulling = (running: boolean) => {
    if (running) pullHold ??= holdKeptSaves(local);
    else {
      pullHold?.();
      pullHold = null;
    }
  };
  const localChanges = local.changes({ since: 'now', live: true }).on('change', counts.changed);
  // Conflicts found by an earlier visit are flagged again, before any pull finds them anew.
  void flagConflicts(name);
  // The discarded deletions push leaves out, kept current by pending-writes as they change.
  let dropped: ReadonlySet<string> = new Set();

  const feed = (event: LiveEvent) => {
    const env: LiveEnv = {
      browserOnline: globalThis.navigator?.onLine ?? true,
      visible: globalThis.document?.visibilityState !== 'hidden',
      oneOffRunning: oneOffSyncs.has(name),
    };
    const step = stepLive(machine, event, env);
    const before = machine.phase;
    machine = step.state;
    if (step.online !== undefined) store.setOnline(step.online);
    // Shown as the phase changes only: a one-off sync of the same database says its own meanwhile.
    const badge = badgeOf(machine.phase);
    if (badge && (machine.phase !== before || step.effects.length > 0)) store.update(name, badge);
    for (const effect of step.effects) carryOut(effect);
    // Caught up is the paused phase, and nothing else: the first pull's waiters hear how it ended.
    if (machine.phase.name === 'paused') {
      if (before.name !== 'paused') live.caughtUpAt = Date.now();
      pullEnded(true);
    } else {
      live.caughtUpAt = null;
      if (!isRunning(machine.phase)) pullEnded(false);
    }
  };

  const carryOut = (effect: LiveEffect) => {
    switch (effect.type) {
      case 'stop-replication':
        pullEnded(false);
        pulling(false);
        replication?.cancel();
        replication = null;
        clearTimeout(retryTimer);
        return;
      case 'wait-for-one-off':
        void oneOffSyncs
          .get(name)
          ?.catch(() => undefined)
          .then(() => feed({ type: 'one-off-done' }));
        return;
      case 'replicate':
        replicate();
        return;
      case 'retry-after':
        retryTimer = setTimeout(() => feed({ type: 'retry-due' }), effect.ms);
        return;
      case 'caught-up':
        caughtUp();
        return;
      case 'check-session':
        // The check opens the re-login dialog; local changes wait in the replica meanwhile.
        void verifySession();
        return;
      case 'access-lost':
        // The copy goes with the access, unsent work first offered.
        void onAccessLost(name, effect.error).catch(() => undefined);
        return;
    }
  };

  const replicate = () => {
    live.pulling = {
      done: new Promise<boolean>((resolve) => (settlePull = resolve)),
      writes: serverWrites(),
    };
    const server = remoteDb(name, options);
    remote = server;
    const running = local
      .sync(server, {
        live: true,
        retry: false,
        push: { batch_size: 200, filter: pushable(dropped) },
        pull: { batch_size: 500 },
      })
      .on('change', (info) => {
        if (info.direction === 'push') void notePushed(name, local, info.change.docs);
        else
          void mergePulledConflicts(
            name,
            info.change.docs.map((doc) => doc._id),
            server,
          )
            .then(() => flagConflicts(name))
            .catch(() => undefined);
        feed({ type: 'progress' });
      })
      .on('denied', (info) => {
        const { direction, doc } = (info ?? {}) as { direction?: string; doc?: unknown };
        if (direction === 'push') void noteRefused(name, local, [refusalOf(doc)]);
      })
      .on('error', (error) => {
        // A replication already replaced says nothing about the running one.
        if (replication === running) feed({ type: 'error', error: describe(error) });
      });
    replication = running;
    // A live sync starts with its pull.
    pulling(true);
    // Caught up is both directions at rest. PouchDB's sync says `paused` as soon as the push
    // rests, before the pull has started: a device would claim a sync it never had.
    const directions = running as unknown as Partial<Record<Direction, DirectionEvents>>;
    for (const direction of ['pull', 'push'] as const) {
      directions[direction]
        ?.on('active', () => {
          if (replication !== running) return;
          if (direction === 'pull') pulling(true);
          feed({ type: 'direction-active', direction });
        })
        .on('paused', (error?: unknown) => {
          if (replication !== running) return;
          if (direction === 'pull') pulling(false);
          feed({ type: 'direction-rested', direction, failed: Boolean(error) });
        });
    }
  };

  const caughtUp = () => {
    // The time shows once it is noted on the replica, so what a reload restores is what was shown.
    void noteSynced(local)
      .then((at) => store.update(name, { lastSyncAt: at }))
      .catch(() => undefined);
    void refreshPending(name, local);
    // Caught up, the push has sent everything: what is still counted may be a write whose push
    // answer was lost to a reload (settlePushed).
    if (remote) void settleWithServer(name, local, remote).catch(() => undefined);
    void pruneSettled(local).catch(() => undefined);
    void buildIndexesInBackground(name).then(() => flagConflicts(name));
  };

  const online = () => feed({ type: 'browser-online' });
  const offline = () => feed({ type: 'browser-offline' });
  const visible = () => feed({ type: 'visibility' });
  globalThis.addEventListener?.('online', online);
  globalThis.addEventListener?.('offline', offline);
  globalThis.document?.addEventListener('visibilitychange', visible);

  void refreshPending(name, local);
  void restoreLastSync(name, local);
  void loadDropped(local).then(
    (set) => {
      dropped = set;
      feed({ type: 'start' });
    },
    () => feed({ type: 'start' }),
  );
  const handle: SyncHandle = {
    name,
    cancel: () => {
      feed({ type: 'cancel' });
      pulling(false);
      liveHandles.delete(handle);
      if (liveSyncs.get(name) === live) liveSyncs.delete(name);
      localChanges.cancel();
      counts.cancel();
      globalThis.removeEventListener?.('online', online);
      globalThis.removeEventListener?.('offline', offline);
      globalThis.document?.removeEventListener('visibilitychange', visible);
    },
  };
  liveHandles.add(handle);
  return handle;
}

/** One-off syncs of other databases, one at a time. */
let queue: Promise<void> = Promise.resolve();
export function queueSync(name: string, options: RemoteOptions = {}): Promise<void> {
  queue = queue.then(() => syncOnce(name, options).catch(() => undefined));
  return queue;
}

/** Tries to send every change this device holds for the server, one database after the other. */
export async function sendUnsentNow(options: RemoteOptions = {}): Promise<void> {
  for (const { name } of await unsentCounts()) await syncOnce(name, options).catch(() => undefined);
}
