// Items retention takes off the devices stay readable online (issue 13): before a read item is
// removed from its group, a copy goes to the server-only `reader-archive` database, one document
// per group and item (`<acc-db>:<rit-id>`), found by group, subscription and date through Mango
// indexes made at start. People read them through /api, ten at a time, newest first; the group's
// own replica (and every phone) stays light.
import type { FeedItemFields } from '../../../domain/modules/exoreader/records.ts';
import type { AppContext } from '../../context.ts';
import type { CouchClient, CouchDoc } from '../../store/couch-client.ts';

export const READER_ARCHIVE_DB = 'reader-archive';
/** The item's words and origin; its state was "read, not starred" (nothing else is removed). */
const KEPT = [
  'subscription_id',
  'title',
  'url',
  'point_at',
  'summary',
  'content',
  'content_type',
  'enclosures',
] as const;
export const ARCHIVE_PAGE = 10;

export interface ArchivedItem extends FeedItemFields {
  _id: string;
}

const archiveId = (db: string, itemId: string) => `${db}:${itemId}`;

/** The archive's indexes; idempotent, safe when several instances start at once. */
export async function prepareReaderArchive(store: CouchClient): Promise<void> {
  for (const [name, fields] of [
    ['by-group', ['group', 'point_at']],
    ['by-subscription', ['group', 'subscription_id', 'point_at']],
  ] as const)
    await store.must(`/${READER_ARCHIVE_DB}/_index`, {
      method: 'POST',
      body: { index: { fields }, ddoc: 'archive', name, type: 'json' },
    });
}

/**
 * Copies items into the archive; returns the ids now archived (written, or there already from an
 * earlier run that stopped before removing them). Only those may be removed from the group.
 */
export async function archiveItems(ctx: AppContext, db: string, items: readonly CouchDoc[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const at = ctx.now().toISOString();
  const docs = items.map((item) => ({
    _id: archiveId(db, item._id),
    klass: 'ArchivedReaderItem',
    group: db,
    item_id: item._id,
    archived_at: at,
    ...Object.fromEntries(KEPT.flatMap((field) => (item[field] === undefined ? [] : [[field, item[field]]]))),
  }));
  const results = await ctx.store.must<Array<{ id: string; ok?: boolean; error?: string }>>(
    `/${READER_ARCHIVE_DB}/_bulk_docs`,
    { method: 'POST', body: { docs } },
  );
  return new Set(results.filter((r) => r.ok || r.error === 'conflict').map((r) => r.id.slice(db.length + 1)));
}

/** A group's archived items, newest first, published before `before` (a page's last), one subscription's or all. */
export async function archivedItems(
  ctx: AppContext,
  db: string,
  options: { subscription?: string | null; before?: string | null },
): Promise<ArchivedItem[]> {
  const selector: Record<string, unknown> = {
    group: db,
    ...(options.subscription ? { subscription_id: options.subscription } : {}),
    point_at: options.before ? { $lt: options.before } : { $gt: null },
  };
  const sort = options.subscription
    ? [{ group: 'desc' }, { subscription_id: 'desc' }, { point_at: 'desc' }]
    : [{ group: 'desc' }, { point_at: 'desc' }];
  const docs = await ctx.store.find<ArchivedItem & { item_id: string }>(READER_ARCHIVE_DB, {
    selector,
    sort,
    limit: ARCHIVE_PAGE,
  });
  return docs.map(({ item_id, ...doc }) => ({
    ...Object.fromEntries(KEPT.flatMap((field) => (doc[field] === undefined ? [] : [[field, doc[field]]]))),
    _id: item_id,
  })) as ArchivedItem[];
}
