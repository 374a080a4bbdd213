// Keeps a group's replica light: the items of deleted subscriptions are removed, and read,
// unstarred items older than the group's `reader_retention_days` (30 by default; the rule is
// feeds/retention.ts) are deleted, in bounded batches, each first copied to the server's archive
// (archive.ts), where it stays readable online. The tombstone left in the group replicates the removal to every device
// and keeps the fetcher from adding the item again while the feed still lists it.
// Candidates come from the group's `reader-items/feed` view, keyed [subscription, read, starred,
// published], so each subscription's old read items are one key range, found without a scan.
import { databaseKind } from '../../../domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { isRetained, keepReadDays } from './feeds/retention.ts';
import type { CouchDoc } from '../../store/couch-client.ts';
import { readSettings } from '../../services/groups.ts';
import { archiveItems } from './archive.ts';
import { usesReader } from './feeds-db.ts';

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
    const left = MAX_PER_GROUP - removed;
    if (gone.has(subscription)) {
      // A deleted subscription's items, read or not, go with it (no archive: the person unsubscribed).
      removed += await removeItems(ctx, db, [subscription], [subscription, {}], left, async (docs) => docs);
      continue;
    }
    // Read (1), not starred (0), published before the cutoff; only what the archive holds is removed.
    removed += await removeItems(
      ctx,
      db,
      [subscription, 1, 0, ''],
      [subscription, 1, 0, cutoff],
      left,
      async (docs) => {
        const old = docs.filter((doc) => !isRetained(doc, now, days));
        const archived = await archiveItems(ctx, db, old);
        return old.filter((doc) => archived.has(doc._id));
      },
    );
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

/**
 * Removes, a batch at a time, the items of one key range of the feed view that `pick` chooses (it
 * may copy them elsewhere first, and leave out those it could not). Stops at `limit`, at the
 * range's end, or at a batch that removed nothing (all kept, or changed meanwhile), so items that
 * stay never hold a run in a loop.
 */
async function removeItems(
  ctx: AppContext,
  db: string,
  startkey: unknown[],
  endkey: unknown[],
  limit: number,
  pick: (docs: Array<NonNullable<Row['doc']>>) => Promise<CouchDoc[]>,
): Promise<number> {
  let removed = 0;
  while (removed < limit) {
    const rows = (await ctx.store.view<Row['key'], null, Row['doc']>(db, 'reader-items', 'feed', {
      reduce: false,
      include_docs: true,
      startkey,
      endkey,
      limit: BATCH,
    })) as Row[];
    const picked = await pick(rows.flatMap((r) => (r.doc ? [r.doc] : [])));
    let done = 0;
    if (picked.length > 0) {
      const results = await ctx.store.must<Array<{ ok?: boolean }>>(`/${encodeURIComponent(db)}/_bulk_docs`, {
        method: 'POST',
        body: { docs: picked.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })) },
      });
      done = results.filter((r) => r.ok).length;
    }
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
