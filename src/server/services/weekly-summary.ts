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
import { modulesInUse, readSettings } from './groups.ts';
import { formatDay } from './mail.ts';
import { markerPrefix, sendOnce, type SentMarker, sentMarkerId } from './mail-markers.ts';
import type { PeriodicTask } from './periodic-tasks.ts';
import { preferencesLink, subscribed, unsubscribeLink } from './unsubscribe.ts';
import type { UserDoc } from './users.ts';

/** A module's part of the summary, as the server kit declares it. */
export interface SummaryContributor {
  kind: string;
  summary?: SummaryPart;
}

const MAIL = 'weekly-summary';
const MARKER_PREFIX = markerPrefix(MAIL);
export const markerId = (period: string, userId: string) => sentMarkerId(MAIL, period, userId);
/** Weeks of markers kept: enough to see what went out lately; older ones are removed. */
const WEEKS_KEPT = 8;
const PAGE = 500;

/** Every document of one database, a page at a time, design documents left out. */
export async function* allDocs<T>(ctx: AppContext, db: string, from = '', to = '\ufff0'): AsyncGenerator<T> {
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
  const status = await sendOnce(
    ctx,
    { mail: MAIL, period: window.period, userId: user._id, backOff: true },
    async () => {
      const summaries = (await Promise.all(groupRoles(user.roles).map((db) => groups.of(db)))).filter(
        (g): g is GroupSummary => g !== null,
      );
      if (!hasNews(summaries)) return 'nothing';
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
        preferences: preferencesLink(ctx, user._id),
      });
      return 'sent';
    },
  );
  if (status) counts[status] = (counts[status] ?? 0) + 1;
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
