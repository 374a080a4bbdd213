// The daily usage snapshot (docs/billing.md "Usage"): once a day, on whichever instance takes the
// periodic task's lease, each group's documents are counted and weighed kind by kind and the day
// is added to the group's history (`usage:<acc>` in `moneta-system`, the last 90 days). The usage
// screen draws that history; the billing screen reads its last day's size.
import { databaseKind } from '../../domain/ids.ts';
import { addUsageDay, emptyUsage, tallyDoc, USAGE_DAYS_KEPT, type UsageDay } from '../../domain/usage.ts';
import { type AppContext, SYSTEM_DB } from '../context.ts';
import { SERVER_MODULES } from '../modules/index.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import type { PeriodicTask } from './periodic-tasks.ts';

interface UsageDoc extends CouchDoc {
  klass: 'UsageHistory';
  db: string;
  days: UsageDay[];
}

const usageId = (db: string) => `usage:${db}`;
/** Pages of the primary index: a large group is read a thousand documents at a time, never at once. */
const PAGE = 1000;

/** Today's usage of one group: every document, its JSON's bytes and its attachments', kind by kind. */
export async function measureGroup(ctx: AppContext, db: string): Promise<UsageDay> {
  const kinds = emptyUsage();
  let startkey: string | null = null;
  for (;;) {
    const query: Record<string, string | number | boolean> = { include_docs: true, limit: PAGE + 1 };
    if (startkey !== null) query.startkey = JSON.stringify(startkey);
    const res = await ctx.store.must<{ rows: Array<{ id: string; doc?: Record<string, unknown> | null }> }>(
      `/${encodeURIComponent(db)}/_all_docs`,
      { query },
    );
    const rows = res.rows.slice(0, PAGE);
    for (const row of rows) if (row.doc) tallyDoc(kinds, row.doc);
    if (res.rows.length <= PAGE) break;
    startkey = res.rows[PAGE]!.id;
  }
  // What modules keep outside the documents (file contents) counts as their records' size.
  for (const module of SERVER_MODULES)
    for (const [kind, bytes] of Object.entries((await module.storedBytes?.(ctx, db)) ?? {}))
      if (bytes > 0) (kinds[kind] ??= { amount: 0, size: 0 }).size += bytes;
  return { day: ctx.now().toISOString().slice(0, 10), kinds };
}

/** Adds today's snapshot of the group to its history (in place of an earlier one of today). */
export async function snapshotGroup(ctx: AppContext, db: string): Promise<UsageDay[]> {
  const today = await measureGroup(ctx, db);
  let days: UsageDay[] = [];
  await ctx.store.update<UsageDoc>(SYSTEM_DB, usageId(db), (current) => {
    days = addUsageDay(current?.days ?? [], today, USAGE_DAYS_KEPT);
    return { _id: usageId(db), ...(current?._rev ? { _rev: current._rev } : {}), klass: 'UsageHistory', db, days };
  });
  return days;
}

/** The group's history; a group with none for today (new, or asked before the day's run) is measured now. */
export async function usageHistory(ctx: AppContext, db: string): Promise<UsageDay[]> {
  const stored = await ctx.store.get<UsageDoc>(SYSTEM_DB, usageId(db));
  const today = ctx.now().toISOString().slice(0, 10);
  if (stored?.days.some((d) => d.day === today)) return stored.days;
  return snapshotGroup(ctx, db);
}

/** Every group, one after the other; a group that fails is logged and the others go on. */
export async function takeUsageSnapshots(ctx: AppContext): Promise<Record<string, number>> {
  const dbs = (await ctx.store.must<string[]>('/_all_dbs')).filter((db) => databaseKind(db) === 'group');
  let failed = 0;
  for (const db of dbs) {
    try {
      await snapshotGroup(ctx, db);
    } catch (error) {
      failed += 1;
      ctx.config.log(`usage: snapshot of ${db}: ${(error as Error).message}`);
    }
  }
  return { groups: dbs.length, failed };
}

export const USAGE_TASK: PeriodicTask = {
  id: 'billing-task:usage-snapshot',
  periodMs: () => 24 * 3_600_000,
  run: takeUsageSnapshots,
};
