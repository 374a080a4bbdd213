// The fetcher's bookkeeping: one document per subscription in the server-only database
// `reader-feeds` (its id `<group db>:<subscription id>`, so a group's feeds are one range of the
// primary index). It says when the feed is due, what its server last answered (validators for a
// conditional request, errors in a row, Retry-After), and who fetches it now: an instance takes a
// feed by writing its lease with the document's revision, so one instance fetches a feed at a
// time, and a crashed instance's lease runs out. Due feeds are found with `_find` on `next_at`
// through an index made at start; a leased feed's `next_at` is its lease's end, so the due query
// needs no second condition and a feed whose fetcher died becomes due again by itself.
import { createHash } from 'node:crypto';
import { isId } from '../../../domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { modulesInUse } from '../../services/groups.ts';
import { type CouchClient, type CouchDoc, isConflict } from '../../store/couch-client.ts';

export const READER_FEEDS_DB = 'reader-feeds';
const DUE_INDEX = { ddoc: 'due', name: 'by-next-at' };

export interface ReaderFeedDoc extends CouchDoc {
  klass: 'ReaderFeed';
  db: string;
  subscription_id: string;
  /** The subscription's own, copied when it is written: a change of address starts afresh. */
  url: string;
  active: boolean;
  /** When to fetch next (ISO); absent while the subscription is paused. */
  next_at?: string;
  etag: string | null;
  last_modified: string | null;
  /** Failed fetches in a row (0 after a good one). */
  errors: number;
  /** The feed's server asked to wait until then (ISO). */
  retry_after_at: string | null;
  last_fetch_at: string | null;
  last_success_at: string | null;
  /** Why the last fetch failed, in words for the person who subscribed; null after a good one. */
  last_error: string | null;
  last_error_code: string | null;
  /** Items the fetcher added to the group for this subscription, in all. */
  items: number;
  /** Where the feed was last read, after redirects and a page's discovery; null before (or since a new address). */
  feed_url?: string | null;
  /** The group's subscription that already reads this same feed (this one then adds no items). */
  duplicate_of?: string | null;
  /** Publication times of the feed's newest items (ISO): its pace, kept for fetches answered 304. */
  recent_published: string[];
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

/** The subscription as the fetcher needs it (a ReaderSubscription document of a group). */
export interface SubscriptionDoc extends CouchDoc {
  klass: 'ReaderSubscription';
  url?: unknown;
  title?: unknown;
  customize_title?: unknown;
  website_url?: unknown;
  active?: unknown;
  labels?: unknown;
}

export const feedDocId = (db: string, subscriptionId: string) => `${db}:${subscriptionId}`;

/** The database's due index; idempotent, safe when several instances start at once. */
export async function prepareReaderStore(store: CouchClient): Promise<void> {
  await store.must(`/${READER_FEEDS_DB}/_index`, {
    method: 'POST',
    body: { index: { fields: ['next_at'] }, ddoc: DUE_INDEX.ddoc, name: DUE_INDEX.name, type: 'json' },
  });
}

/** Whether the group reads feeds: its kind is the reader, or its `exoreader` setting is on. */
export function usesReader(settings: Readonly<Record<string, unknown>>): boolean {
  return modulesInUse(settings).includes('exoreader');
}

export const isSubscription = (doc: CouchDoc | null | undefined): doc is SubscriptionDoc =>
  Boolean(doc && doc._deleted !== true && doc.klass === 'ReaderSubscription' && isId(doc._id, 'rsb'));

/** Feeds due now, at most `limit`, soonest first. */
export async function dueFeeds(ctx: AppContext, limit: number): Promise<ReaderFeedDoc[]> {
  return ctx.store.find<ReaderFeedDoc>(READER_FEEDS_DB, {
    // `$gte ''` (every string) rather than `$gt`: the embedded store (pouchdb-find) answers an
    // exclusive start by reading each row's document, which a feed deleted meanwhile no longer
    // has, and failed with a 400 ("reading 'next_at'") in CI while a subscription was removed.
    selector: { next_at: { $gte: '', $lte: ctx.now().toISOString() } },
    sort: [{ next_at: 'asc' }],
    use_index: [`_design/${DUE_INDEX.ddoc}`, DUE_INDEX.name],
    limit,
  });
}

/** A group's feed documents (one range of the primary index). */
export function groupFeeds(ctx: AppContext, db: string): Promise<ReaderFeedDoc[]> {
  return ctx.store.docsWithPrefix<ReaderFeedDoc>(READER_FEEDS_DB, `${db}:`);
}

/**
 * The feed document a subscription should have beside the stored one (null: it should have none),
 * or `stored` itself when nothing the fetcher cares about changed. A new subscription, a new
 * address and a subscription switched back on are due now ("subscribe, items appear"); a new
 * address also forgets the old one's validators and errors.
 */
export function feedFor(
  db: string,
  subscription: SubscriptionDoc | null,
  stored: ReaderFeedDoc | null,
  now: Date,
): ReaderFeedDoc | null {
  if (!subscription || typeof subscription.url !== 'string' || subscription.url === '') return null;
  const at = now.toISOString();
  const url = subscription.url;
  const active = subscription.active !== false;
  if (stored && stored.url === url && stored.active === active) return stored;
  const base: ReaderFeedDoc = stored ?? {
    _id: feedDocId(db, subscription._id),
    klass: 'ReaderFeed',
    db,
    subscription_id: subscription._id,
    url,
    active,
    etag: null,
    last_modified: null,
    errors: 0,
    retry_after_at: null,
    last_fetch_at: null,
    last_success_at: null,
    last_error: null,
    last_error_code: null,
    items: 0,
    recent_published: [],
    lease_owner: null,
    lease_until: null,
    created_at: at,
    updated_at: at,
  };
  const next: ReaderFeedDoc = { ...base, url, active, updated_at: at };
  if (stored && stored.url !== url) {
    Object.assign(next, { etag: null, last_modified: null, errors: 0, retry_after_at: null, recent_published: [] });
    Object.assign(next, { last_error: null, last_error_code: null, feed_url: null, duplicate_of: null });
  }
  if (!active) delete next.next_at;
  // A feed being fetched stays due at its lease's end; its fetcher sees the new address and leaves it due.
  else if (!stored || stored.url !== url || !stored.active)
    next.next_at = next.lease_until && next.lease_until > at ? next.lease_until : at;
  return next;
}

export interface SyncOutcome {
  /** Feeds that became due now. */
  due: number;
}

async function storedFeeds(ctx: AppContext, ids: readonly string[]): Promise<Map<string, ReaderFeedDoc>> {
  if (ids.length === 0) return new Map();
  const res = await ctx.store.must<{ rows: Array<{ id?: string; doc?: ReaderFeedDoc | null }> }>(
    `/${READER_FEEDS_DB}/_all_docs`,
    { method: 'POST', query: { include_docs: true }, body: { keys: ids } },
  );
  return new Map(res.rows.flatMap((r) => (r.id && r.doc ? [[r.id, r.doc] as const] : [])));
}

async function storedSubscriptions(ctx: AppContext, db: string, ids: readonly string[]) {
  const res = await ctx.store.request<{ rows: Array<{ id?: string; doc?: CouchDoc | null }> }>(
    `/${encodeURIComponent(db)}/_all_docs`,
    { method: 'POST', query: { include_docs: true }, body: { keys: ids } },
  );
  return new Map((res?.rows ?? []).flatMap((r) => (r.id && isSubscription(r.doc) ? [[r.id, r.doc] as const] : [])));
}

/**
 * Brings the feed documents of these subscriptions in line with the subscriptions as stored now
 * (not as a write sent them: a replicated revision may have lost to another), creating, changing
 * or deleting them. `enabled` false removes them all (the group stopped reading feeds).
 */
export async function syncFeeds(
  ctx: AppContext,
  db: string,
  subscriptionIds: readonly string[],
  enabled = true,
): Promise<SyncOutcome> {
  let due = 0;
  let pending = [...new Set(subscriptionIds)];
  for (let attempt = 0; attempt < 5 && pending.length > 0; attempt++) {
    const [subscriptions, feeds] = await Promise.all([
      enabled ? storedSubscriptions(ctx, db, pending) : new Map<string, SubscriptionDoc>(),
      storedFeeds(
        ctx,
        pending.map((id) => feedDocId(db, id)),
      ),
    ]);
    const now = ctx.now();
    const writes: CouchDoc[] = [];
    for (const id of pending) {
      const stored = feeds.get(feedDocId(db, id)) ?? null;
      const next = feedFor(db, subscriptions.get(id) ?? null, stored, now);
      if (next === stored) continue;
      if (next === null) writes.push({ _id: stored!._id, _rev: stored!._rev, _deleted: true });
      else {
        writes.push(next);
        if (next.next_at && next.next_at <= now.toISOString()) due++;
      }
    }
    if (writes.length === 0) break;
    const results = await ctx.store.must<Array<{ id: string; error?: string }>>(`/${READER_FEEDS_DB}/_bulk_docs`, {
      method: 'POST',
      body: { docs: writes },
    });
    // A feed written meanwhile (its fetcher releasing it): read it again and decide again.
    const conflicted = new Set(results.filter((r) => r.error === 'conflict').map((r) => r.id));
    for (const r of results) if (r.error && r.error !== 'conflict') throw new Error(`reader-feeds ${r.id}: ${r.error}`);
    pending = pending.filter((id) => conflicted.has(feedDocId(db, id)));
  }
  return { due };
}

/** Deletes a feed document, whatever its revision (its subscription or group is gone). */
export async function removeFeed(ctx: AppContext, feed: ReaderFeedDoc): Promise<void> {
  await ctx.store
    .update<CouchDoc>(
      READER_FEEDS_DB,
      feed._id,
      (current) => (current?._rev ? { _id: current._id, _rev: current._rev, _deleted: true } : null),
      { known: feed },
    )
    .catch((error: unknown) => {
      if (!isConflict(error)) throw error;
    });
}

/**
 * Which feed an address reads, for telling two subscriptions of one feed apart from two feeds:
 * the scheme and fragment are left out (a site serves one feed over http and https).
 */
function feedKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** Who reads a feed for its group: the subscription that claimed it first, one document per group and feed. */
interface FeedClaimDoc extends CouchDoc {
  klass: 'ReaderFeedClaim';
  db: string;
  subscription_id: string;
  key: string;
  updated_at: string;
}

// Not `<db>:…`, so a group's range of feed documents holds feeds only.
const claimId = (db: string, key: string) =>
  `claim:${db}:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

/** Whether the claiming subscription still reads that feed (not deleted, paused or moved to another feed). */
async function stillReads(ctx: AppContext, db: string, subscriptionId: string, key: string): Promise<boolean> {
  const feed = await ctx.store.get<ReaderFeedDoc>(READER_FEEDS_DB, feedDocId(db, subscriptionId));
  if (!feed || !feed.active) return false;
  // A claim just made, its fetch not written back yet, has no feed_url: it still reads it.
  return !feed.feed_url || feedKey(feed.feed_url) === key;
}

/**
 * Claims the feed found at `feedUrl` (after redirects and discovery) for this subscription, unless
 * another subscription of the group already reads it: then that one's id. The claim is a document
 * created without a revision, so of two subscriptions of one feed fetched at the same moment by
 * two instances only one wins; a claim whose subscription went away passes to the next one fetched.
 */
export async function claimFeed(
  ctx: AppContext,
  db: string,
  subscriptionId: string,
  feedUrl: string,
): Promise<string | null> {
  const key = feedKey(feedUrl);
  const id = claimId(db, key);
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = await ctx.store.get<FeedClaimDoc>(READER_FEEDS_DB, id);
    if (claim?.subscription_id === subscriptionId) return null;
    if (claim && (await stillReads(ctx, db, claim.subscription_id, key))) return claim.subscription_id;
    const mine: FeedClaimDoc = {
      _id: id,
      ...(claim?._rev ? { _rev: claim._rev } : {}),
      klass: 'ReaderFeedClaim',
      db,
      subscription_id: subscriptionId,
      key,
      updated_at: ctx.now().toISOString(),
    };
    if (await ctx.store.putIfCurrent(READER_FEEDS_DB, mine)) return null;
  }
  // Three races lost in a row: the last winner reads it.
  const last = (await ctx.store.get<FeedClaimDoc>(READER_FEEDS_DB, id))?.subscription_id;
  return last && last !== subscriptionId ? last : null;
}
