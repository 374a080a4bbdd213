// The weekly summary (docs/email.md): a periodic task on the job queue, so one instance at a time
// looks for it (under the task's lease), and a sent marker per person and week in `moneta-system`
// (`mail-sent:weekly-summary:<week>:<user>`), so a restart, a retry or a lease taken over by
// another instance never sends a person's week twice. The marker is claimed with the store's
// revision check before sending and says `sent` after; a send that fails marks the attempt and
// the time of the next one (the job queue's back-off), and is logged. What the summary says is
// src/domain/weekly-summary.ts and each module's `summary` part; this file reads and sends.
import { COUNTER_KLASSES } from '../../domain/modules/index.ts';
import { isLocale, DEFAULT_LOCALE } from '../../domain/locale.ts';
import { groupRoles } from '../../domain/user.ts';
import {
  groupSummary,
  hasNews,
  summaryWindow,
  type GroupSummary,
  type SummaryDoc,
  type SummaryPart,
  type SummaryWindow,
} from '../../domain/weekly-summary.ts';
import { type AppContext, SYSTEM_DB, USERS_DB } from '../context.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { modulesInUse, readSettings } from './groups.ts';
import { retryDelayMs } from './jobs.ts';
import { formatDay } from './mail.ts';
import type { PeriodicTask } from './periodic-tasks.ts';
import { subscribed, unsubscribeLink } from './unsubscribe.ts';
import type { UserDoc } from './users.ts';

/** A module's part of the summary, as the server kit declares it. */
export interface SummaryContributor {
  kind: string;
  summary?: SummaryPart;
}

type MarkerStatus = 'sending' | 'sent' | 'nothing' | 'failed' | 'gave-up';

export interface SentMarker extends CouchDoc {
  klass: 'MailSent';
  mail: 'weekly-summary';
  period: string;
  user_id: string;
  status: MarkerStatus;
  attempts: number;
  /** While `sending`: when another run may take it over (the sender crashed). While `failed`: the next attempt. */
  until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

const MARKER_PREFIX = 'mail-sent:weekly-summary:';
export const markerId = (period: string, userId: string) => `${MARKER_PREFIX}${period}:${userId}`;
/** As the job queue: 10 s, 20 s… then kept, never tried again, for a person to look at. */
const MAX_ATTEMPTS = 8;
/** A send that has not finished in this time is taken to have died with its instance. */
const SENDING_LEASE_MS = 10 * 60_000;
/** Weeks of markers kept: enough to see what went out lately; older ones are removed. */
const WEEKS_KEPT = 8;
const PAGE = 500;

/** Every document of one database, a page at a time, design documents left out. */
async function* allDocs<T>(ctx: AppContext, db: string, from = '', to = '\ufff0'): AsyncGenerator<T> {
  let startkey = from;
  for (;;) {
    const res = await ctx.store.must<{ rows: Array<{ id: string; doc?: T | null }> }>(
      `/${encodeURIComponent(db)}/_all_docs`,
      {
        query: { include_docs: true, startkey: JSON.stringify(startkey), endkey: JSON.stringify(to), limit: PAGE + 1 },
      },
    );
    for (const row of res.rows.slice(0, PAGE)) if (row.doc && !row.id.startsWith('_design/')) yield row.doc;
    if (res.rows.length <= PAGE) return;
    startkey = res.rows[PAGE]!.id;
  }
}

/** Whether the marker lets this run send now (none yet, a failure due again, a sender that died). */
function mayTake(marker: SentMarker | null, now: string): boolean {
  if (!marker) return true;
  if (marker.status === 'failed' || marker.status === 'sending') return !marker.until || marker.until <= now;
  return false;
}

class GroupSummaries {
  private readonly made = new Map<string, Promise<GroupSummary | null>>();
  private readonly ctx: AppContext;
  private readonly window: SummaryWindow;
  private readonly parts: readonly SummaryContributor[];
  constructor(ctx: AppContext, window: SummaryWindow, parts: readonly SummaryContributor[]) {
    this.ctx = ctx;
    this.window = window;
    this.parts = parts;
  }

  /** A group is read once per run whoever its members are; a group gone since is null. */
  of(db: string): Promise<GroupSummary | null> {
    let summary = this.made.get(db);
    if (!summary) {
      summary = this.read(db);
      this.made.set(db, summary);
    }
    return summary;
  }

  private async read(db: string): Promise<GroupSummary | null> {
    const exists = await this.ctx.store.request(`/${encodeURIComponent(db)}`);
    if (!exists) return null;
    const settings = await readSettings(this.ctx, db);
    const inUse = new Set(modulesInUse(settings));
    const parts = this.parts.filter((p) => inUse.has(p.kind) && p.summary).map((p) => p.summary!);
    const docs: SummaryDoc[] = [];
    for await (const doc of allDocs<SummaryDoc>(this.ctx, db)) docs.push(doc);
    const name = typeof settings.name === 'string' ? settings.name : db;
    return groupSummary({ id: db, name }, docs, this.window, COUNTER_KLASSES, parts);
  }
}

async function sendOne(
  ctx: AppContext,
  user: UserDoc,
  window: SummaryWindow,
  groups: GroupSummaries,
  counts: Record<string, number>,
): Promise<void> {
  const id = markerId(window.period, user._id);
  const stored = await ctx.store.get<SentMarker>(SYSTEM_DB, id);
  const now = ctx.now();
  if (!mayTake(stored, now.toISOString())) return;
  const base: SentMarker = {
    _id: id,
    ...(stored?._rev ? { _rev: stored._rev } : {}),
    klass: 'MailSent',
    mail: 'weekly-summary',
    period: window.period,
    user_id: user._id,
    status: 'sending',
    attempts: stored?.attempts ?? 0,
    until: new Date(now.getTime() + SENDING_LEASE_MS).toISOString(),
    last_error: stored?.last_error ?? null,
    sent_at: null,
  };
  // The store takes one writer of this revision: another instance that claimed it first sends it.
  const claimed = await ctx.store.putIfCurrent(SYSTEM_DB, base);
  if (!claimed) return;
  let status: MarkerStatus = 'sent';
  let error: string | null = null;
  try {
    const summaries = (await Promise.all(groupRoles(user.roles).map((db) => groups.of(db)))).filter(
      (g): g is GroupSummary => g !== null,
    );
    if (!hasNews(summaries)) status = 'nothing';
    else {
      const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
      await ctx.mailer.send({
        to: user.email!,
        locale,
        template: 'weeklySummary',
        link: ctx.config.publicUrl,
        vars: {
          name: user.fullname || user.email!,
          from: formatDay(window.weekFrom, locale),
          to: formatDay(window.weekTo, locale),
        },
        summary: summaries,
        unsubscribe: unsubscribeLink(ctx, user._id, 'weekly_summary'),
      });
    }
  } catch (failure) {
    error = (failure as Error).message;
  }
  const attempts = claimed.attempts + (error ? 1 : 0);
  if (error) {
    status = attempts >= MAX_ATTEMPTS ? 'gave-up' : 'failed';
    ctx.config.log(`mail: weekly summary ${window.period} to ${user._id} failed (attempt ${attempts}): ${error}`);
  }
  counts[status] = (counts[status] ?? 0) + 1;
  const done = ctx.now();
  await ctx.store.put(SYSTEM_DB, {
    ...claimed,
    status,
    attempts,
    until: status === 'failed' ? new Date(done.getTime() + retryDelayMs(attempts)).toISOString() : null,
    last_error: error,
    sent_at: status === 'sent' ? done.toISOString() : null,
  });
}

/** Markers of weeks long gone: their ids sort by week, so they are one range. */
async function removeOldMarkers(ctx: AppContext, window: SummaryWindow): Promise<number> {
  const oldest = summaryWindow(
    new Date(Date.parse(`${window.weekFrom}T00:00:00Z`) - (WEEKS_KEPT - 1) * 7 * 86_400_000),
  );
  const old: SentMarker[] = [];
  for await (const m of allDocs<SentMarker>(ctx, SYSTEM_DB, MARKER_PREFIX, `${MARKER_PREFIX}${oldest.period}`))
    old.push(m);
  if (old.length > 0)
    await ctx.store.must(`/${SYSTEM_DB}/_bulk_docs`, {
      method: 'POST',
      body: { docs: old.map((m) => ({ _id: m._id, _rev: m._rev, _deleted: true })) },
    });
  return old.length;
}

/**
 * Sends last week's summary to every person with a confirmed address who has not stopped it and
 * has not had it yet; a person's failure is theirs alone (marked, logged, tried again later).
 */
export async function sendWeeklySummaries(
  ctx: AppContext,
  parts: readonly SummaryContributor[],
): Promise<Record<string, number>> {
  const window = summaryWindow(ctx.now());
  const groups = new GroupSummaries(ctx, window, parts);
  const counts: Record<string, number> = {};
  for await (const user of allDocs<UserDoc>(ctx, USERS_DB, 'usr-', 'usr-\ufff0')) {
    if (user.klass !== 'User' || !user.email || !subscribed(user, 'weekly_summary')) continue;
    if (groupRoles(user.roles ?? []).length === 0) continue;
    try {
      await sendOne(ctx, user, window, groups, counts);
    } catch (error) {
      // The store itself failed: this person is tried again at the next run.
      ctx.config.log(`mail: weekly summary ${window.period} to ${user._id}: ${(error as Error).message}`);
    }
  }
  counts.removed = await removeOldMarkers(ctx, window);
  return counts;
}

export function weeklySummaryTask(parts: readonly SummaryContributor[]): PeriodicTask {
  return {
    id: 'mail-task:weekly-summary',
    periodMs: (ctx) => ctx.config.mailSweepMs,
    run: (ctx) => sendWeeklySummaries(ctx, parts),
  };
}
