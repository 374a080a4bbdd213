// Repairs the fetcher's bookkeeping: writes through the door keep `reader-feeds` in step, but a
// write can succeed while its bookkeeping fails (the store restarting), a group can be deleted or
// stop reading feeds, and subscriptions replicated before the fetcher existed have none. Safe on
// several instances at once: every change is a revision-checked write of the same outcome.
import { databaseKind, isId } from '../../../domain/ids.ts';
import type { AppContext } from '../../context.ts';
import type { CouchDoc } from '../../store/couch-client.ts';
import { readSettings } from '../../services/groups.ts';
import { groupFeeds, isSubscription, READER_FEEDS_DB, removeFeed, syncFeeds, usesReader } from './feeds-db.ts';

/** One group: a feed document for each subscription when it reads feeds, none otherwise. */
export async function reconcileGroup(ctx: AppContext, db: string): Promise<{ due: number; removed: number }> {
  if (!(await ctx.store.databaseExists(db))) {
    const feeds = await groupFeeds(ctx, db);
    for (const feed of feeds) await removeFeed(ctx, feed);
    return { due: 0, removed: feeds.length };
  }
  const enabled = usesReader(await readSettings(ctx, db));
  const subscriptions = enabled ? (await ctx.store.docsWithPrefix<CouchDoc>(db, 'rsb-')).filter(isSubscription) : [];
  const feeds = await groupFeeds(ctx, db);
  const ids = new Set([...subscriptions.map((s) => s._id), ...feeds.map((f) => f.subscription_id)]);
  const kept = new Set(subscriptions.flatMap((s) => (typeof s.url === 'string' && s.url ? [s._id] : [])));
  const { due } = await syncFeeds(ctx, db, [...ids], enabled);
  return { due, removed: feeds.filter((f) => !kept.has(f.subscription_id)).length };
}

/** The group databases that have feed documents, from their ids (no document bodies read). */
async function groupsWithFeeds(ctx: AppContext): Promise<Set<string>> {
  const groups = new Set<string>();
  let startkey = '';
  for (;;) {
    const res = await ctx.store.must<{ rows: Array<{ id: string }> }>(`/${READER_FEEDS_DB}/_all_docs`, {
      query: { startkey: JSON.stringify(startkey), limit: 1001 },
    });
    const rows = res.rows.filter((r) => !r.id.startsWith('_design/'));
    for (const row of rows.slice(0, 1000)) groups.add(row.id.slice(0, row.id.indexOf(':')));
    if (res.rows.length <= 1000) return groups;
    startkey = res.rows[1000]!.id;
  }
}

/** Every group: the task run hourly by one instance. */
export async function reconcileFeeds(ctx: AppContext): Promise<Record<string, number>> {
  const dbs = (await ctx.store.must<string[]>('/_all_dbs')).filter((db) => databaseKind(db) === 'group');
  const groups = new Set([...dbs, ...[...(await groupsWithFeeds(ctx))].filter((db) => isId(db, 'acc'))]);
  let due = 0;
  let removed = 0;
  for (const db of groups) {
    try {
      const outcome = await reconcileGroup(ctx, db);
      due += outcome.due;
      removed += outcome.removed;
    } catch (error) {
      ctx.config.log(`reader: reconcile ${db}: ${(error as Error).message}`);
    }
  }
  return { groups: groups.size, due, removed };
}
