// Keeps a group's replica light: the items of deleted subscriptions are removed, and read,
// unstarred items older than the group's `reader_retention_days` (30 by default; the rule is
// src/server/reader/retention.ts) are deleted, in bounded batches, each first copied to the server's archive (reader-archive.ts), where it
// stays readable online. The tombstone left in the group replicates the removal to every device
// and keeps the fetcher from adding the item again while the feed still lists it.
// Candidates come from the group's `reader-items/feed` view, keyed [subscription, read, starred,
// published], so each subscription's old read items are one key range, found without a scan.
import { databaseKind } from '../../domain/ids.ts';
import type { AppContext } from '../context.ts';
import { isRetained, keepReadDays } from '../reader/retention.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { readSettings } from './groups.ts';
import { archiveItems } from './reader-archive.ts';
import { usesReader } from './reader-feeds.ts';

const BATCH = 200;
/** At most this many removed per group and run; the rest wait for the next run. */
const MAX_PER_GROUP = 20_000;

type Row = { id: string; key: [string, number, number, string]; doc?: CouchDoc & { read?: unknown } };

/** Removes one group's old read items; returns how many. */
export async function removeGroupOldItems(ctx: AppContext, db: string): Promise<number> {
  const settings = await readSettings(ctx, db);
  if (!usesReader(settings)) return 0;
  const now = ctx.now().getTime();
  const days = keepReadDays(settings.reader_retention_days);
  const cutoff = new Date(now - days * 86_400_000).toISOString();
  const subscriptions = await ctx.store.view<[string], number>(db, 'reader-items', 'feed', { group_level: 1 });
  const gone = await deletedSubscriptions(
    ctx,
    db,
    subscriptions.map((r) => r.key[0]),
  );
  let removed = 0;
  for (const { key } of subscriptions) {
    const subscription = key[0];
    if (gone.has(subscription)) {
      removed += await removeAllItems(ctx, db, subscription, MAX_PER_GROUP - removed);
      continue;
    }
    while (removed < MAX_PER_GROUP) {
      // Read (1), not starred (0), published before the cutoff.
      const rows = (await ctx.store.view<Row['key'], null, Row['doc']>(db, 'reader-items', 'feed', {
        reduce: false,
        include_docs: true,
        startkey: [subscription, 1, 0, ''],
        endkey: [subscription, 1, 0, cutoff],
        limit: BATCH,
      })) as Row[];
      const old = rows.flatMap((r) => (r.doc && !isRetained(r.doc, now, days) ? [r.doc] : []));
      // Only what the archive holds is removed: a failed copy leaves the item in the group.
      const archived = await archiveItems(ctx, db, old);
      const removable = old.filter((d) => archived.has(d._id));
      if (removable.length > 0) {
        const results = await ctx.store.must<Array<{ ok?: boolean }>>(`/${encodeURIComponent(db)}/_bulk_docs`, {
          method: 'POST',
          body: { docs: removable.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })) },
        });
        removed += results.filter((r) => r.ok).length;
      }
      // A batch with nothing to remove (all kept, or all changed meanwhile) ends this subscription.
      if (rows.length < BATCH || old.length === 0) break;
    }
  }
  return removed;
}

/** The subscriptions among `ids` the group no longer has (deleted: their items go with them). */
async function deletedSubscriptions(ctx: AppContext, db: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await ctx.store.must<{
    rows: Array<{ key: string; value?: { deleted?: boolean }; error?: string }>;
  }>(`/${encodeURIComponent(db)}/_all_docs`, { method: 'POST', body: { keys: ids } });
  return new Set(rows.filter((r) => r.error === 'not_found' || r.value?.deleted).map((r) => r.key));
}

/** Removes a deleted subscription's items, read or not (no archive: the person unsubscribed). */
async function removeAllItems(ctx: AppContext, db: string, subscription: string, limit: number): Promise<number> {
  let removed = 0;
  while (removed < limit) {
    const rows = (await ctx.store.view<Row['key'], null, Row['doc']>(db, 'reader-items', 'feed', {
      reduce: false,
      include_docs: true,
      startkey: [subscription],
      endkey: [subscription, {}],
      limit: BATCH,
    })) as Row[];
    const docs = rows.flatMap((r) => (r.doc ? [{ _id: r.doc._id, _rev: r.doc._rev, _deleted: true }] : []));
    if (docs.length === 0) break;
    const results = await ctx.store.must<Array<{ ok?: boolean }>>(`/${encodeURIComponent(db)}/_bulk_docs`, {
      method: 'POST',
      body: { docs },
    });
    const done = results.filter((r) => r.ok).length;
    removed += done;
    if (rows.length < BATCH || done === 0) break;
  }
  return removed;
}

/** Every group reading feeds: the task run daily by one instance. */
export async function removeOldItems(ctx: AppContext): Promise<Record<string, number>> {
  const dbs = (await ctx.store.must<string[]>('/_all_dbs')).filter((db) => databaseKind(db) === 'group');
  let removed = 0;
  for (const db of dbs) {
    try {
      removed += await removeGroupOldItems(ctx, db);
    } catch (error) {
      ctx.config.log(`reader: retention ${db}: ${(error as Error).message}`);
    }
  }
  return { groups: dbs.length, removed };
}
