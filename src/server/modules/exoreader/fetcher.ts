// The feed reader's fetch cycle. Every instance sweeps every `sweepMs` (and when a subscription is
// written): it asks `reader-feeds` for due feeds and fetches a few at a time. Before fetching a
// feed it takes the feed's lease (a write with the document's revision: only one instance wins,
// the others get a conflict and move on), so with several instances each due feed is fetched once
// per cycle. The outcome (validators, errors in a row, the next due time, the last error in words)
// is written back with the lease released; a subscription written meanwhile wins over it.
import { randomUUID } from 'node:crypto';
import { Sweeper } from '../../services/sweeper.ts';
import { readerSubscriptions } from '../../../domain/modules/exoreader/records.ts';
import type { AppContext } from '../../context.ts';
import { discoverFeeds, looksLikeFeed } from './feeds/discover.ts';
import { fetchFeed, type FetchFeedResult } from './feeds/fetch-feed.ts';
import { decodeBody, FeedError, parseFeed, type ParsedFeed } from './feeds/parse-feed.ts';
import { nextFetchAt } from './feeds/schedule.ts';
import { type CouchDoc, isConflict } from '../../store/couch-client.ts';
import { addItems, fitRecord, SERVER_WRITER, subscriptionChanges } from './items.ts';
import {
  claimFeed,
  dueFeeds,
  isSubscription,
  READER_FEEDS_DB,
  type ReaderFeedDoc,
  removeFeed,
  type SubscriptionDoc,
} from './feeds-db.ts';
import type { JobQueue } from '../../services/jobs.ts';
import { readerConfig } from './config.ts';

/** The job a subscription's write leaves, so an instance sweeps at once instead of at its next tick. */
export const READER_WAKE_JOB = 'reader-wake';

/** Sweeps stop after this many rounds of due feeds, so one instance never loops forever behind. */
const MAX_ROUNDS = 50;

/** What one fetch came to, before it is written back. */
type Outcome =
  | {
      ok: true;
      etag: string | null;
      lastModified: string | null;
      published: string[] | null;
      added: number;
      /** The feed's address now, when discovery moved the subscription from a page to its feed. */
      url: string;
      /** Where the feed was read, after redirects; null when it answered 304. */
      feedUrl: string | null;
    }
  | { ok: false; error: string; code: string; retryAfterMs: number | null; duplicateOf?: string };

/** A failure that is ours, not the feed's, in words for the person reading their subscriptions. */
const OUR_FAULT = 'The server could not store this feed right now; it will try again.';

function failure(error: unknown): Outcome {
  if (error instanceof FeedError)
    return { ok: false, error: error.message, code: error.code, retryAfterMs: error.retryAfterMs };
  return { ok: false, error: OUR_FAULT, code: 'internal', retryAfterMs: null };
}

/** Takes the feed for `owner` until `leaseMs` from now; false when another instance has it. */
async function takeLease(ctx: AppContext, feed: ReaderFeedDoc, owner: string): Promise<ReaderFeedDoc | null> {
  const now = ctx.now();
  const at = now.toISOString();
  // Judged on the document as read with its revision: an index row can be older than the document
  // it points to (fetched and released by another instance since), and that one is not due.
  if (!feed.next_at || feed.next_at > at) return null;
  if (feed.lease_owner && feed.lease_until && feed.lease_until > at) return null;
  const until = new Date(now.getTime() + readerConfig(ctx).leaseMs).toISOString();
  return ctx.store.putIfCurrent(READER_FEEDS_DB, { ...feed, lease_owner: owner, lease_until: until, next_at: until });
}

/** Writes fields the fetch learnt into the subscription, with its revision; a person's edit meanwhile is read again. */
async function updateSubscription(
  ctx: AppContext,
  db: string,
  subscription: SubscriptionDoc,
  feed: ParsedFeed | null,
  found: { feedUrl: string; pageUrl: string } | null,
): Promise<void> {
  await ctx.store
    .update<CouchDoc>(
      db,
      subscription._id,
      (current) => {
        if (!isSubscription(current)) return null;
        const changes = subscriptionChanges(current, feed, found);
        if (Object.keys(changes).length === 0) return null;
        return fitRecord(readerSubscriptions, {
          ...current,
          ...changes,
          updated_at: ctx.now().toISOString(),
          updated_by: SERVER_WRITER,
        }) as CouchDoc | null;
      },
      { known: subscription },
    )
    .catch(unlessConflict);
}

/** Leaves a write that kept losing races to the writes it lost to (the next fetch tries again). */
function unlessConflict(error: unknown): null {
  if (!isConflict(error)) throw error;
  return null;
}

/** Fetches, and when the address gives a web page, fetches the feed the page announces. */
async function fetchWithDiscovery(
  ctx: AppContext,
  feed: ReaderFeedDoc,
  url: string,
): Promise<{ result: FetchFeedResult; found: { feedUrl: string; pageUrl: string } | null }> {
  const { allowPrivate, timeoutMs, maxBytes } = readerConfig(ctx);
  const result = await fetchFeed(url, {
    allowPrivate,
    timeoutMs,
    maxBytes,
    etag: feed.etag,
    lastModified: feed.last_modified,
  });
  if (result.kind === 'not_modified' || looksLikeFeed(result.body, result.contentType)) return { result, found: null };
  const feeds = discoverFeeds(decodeBody(result.body, result.contentType), result.url);
  if (feeds.length === 0)
    throw new FeedError('not_a_feed', 'This address is a web page that announces no feed; give the feed’s address.');
  const feedUrl = feeds[0]!;
  const second = await fetchFeed(feedUrl, { allowPrivate, timeoutMs, maxBytes });
  if (second.kind === 'fetched' && !looksLikeFeed(second.body, second.contentType))
    throw new FeedError('not_a_feed', 'The feed this page announces is not a feed.');
  // The address the page gives is kept, not where it redirects today: the page's owner chose it.
  return { result: second, found: { feedUrl, pageUrl: result.url } };
}

/**
 * The outcome of a subscription whose feed `other` already reads: no items, and words saying which.
 * That one is named by its title, or, before its own first fetch has written one, by the feed's.
 */
async function duplicateOf(ctx: AppContext, db: string, other: string, feedTitle: string): Promise<Outcome> {
  const first = await ctx.store.get(db, other);
  const name = isSubscription(first) ? String(first.title || feedTitle || first.url || '') : '';
  return {
    ok: false,
    error: `The group already reads this feed${name ? ` as “${name}”` : ''}: its items are listed there once.`,
    code: 'duplicate_feed',
    retryAfterMs: null,
    duplicateOf: other,
  };
}

async function fetchSubscription(
  ctx: AppContext,
  feed: ReaderFeedDoc,
  subscription: SubscriptionDoc,
): Promise<Outcome> {
  try {
    const { result, found } = await fetchWithDiscovery(ctx, feed, String(subscription.url));
    const url = found?.feedUrl ?? String(subscription.url);
    if (result.kind === 'not_modified')
      return {
        ok: true,
        etag: feed.etag,
        lastModified: feed.last_modified,
        published: null,
        added: 0,
        url,
        feedUrl: null,
      };
    const parsed = parseFeed(result.body, result.contentType, result.url, ctx.now());
    const other = await claimFeed(ctx, feed.db, subscription._id, result.url);
    // The same feed reached another way (a redirect, a page announcing it): its items would show twice.
    if (other) {
      await updateSubscription(ctx, feed.db, subscription, parsed, found);
      return await duplicateOf(ctx, feed.db, other, parsed.title);
    }
    const added = await addItems(ctx, feed.db, subscription._id, parsed, result.url);
    await updateSubscription(ctx, feed.db, subscription, parsed, found);
    return {
      ok: true,
      etag: result.etag,
      lastModified: result.lastModified,
      published: parsed.items.flatMap((i) => (i.publishedAt ? [i.publishedAt] : [])).slice(0, 20),
      added,
      url,
      feedUrl: result.url,
    };
  } catch (error) {
    if (!(error instanceof FeedError)) ctx.config.log(`reader: ${feed._id}: ${(error as Error).message}`);
    return failure(error);
  }
}

/** The feed document after `outcome`, fetched from `leased`'s address, written over `current`. */
export function afterFetch(
  ctx: AppContext,
  leased: ReaderFeedDoc,
  current: ReaderFeedDoc,
  outcome: Outcome,
  random = Math.random(),
): ReaderFeedDoc {
  const now = ctx.now();
  const at = now.toISOString();
  const next: ReaderFeedDoc = { ...current, lease_owner: null, lease_until: null, last_fetch_at: at, updated_at: at };
  // The person changed the address or paused the feed meanwhile: what was fetched is no longer theirs.
  const moved = current.url !== leased.url || current.active !== leased.active;
  const healthyDue = (published: string[]) => {
    const refresh = readerConfig(ctx).refreshMs;
    const due = refresh ? now.getTime() + refresh : nextFetchAt({ now: now.getTime(), errors: 0, published, random });
    return new Date(due).toISOString();
  };
  if (outcome.ok) {
    const published = outcome.published ?? current.recent_published;
    Object.assign(next, {
      errors: 0,
      last_error: null,
      last_error_code: null,
      last_success_at: at,
      retry_after_at: null,
      items: current.items + outcome.added,
      recent_published: published,
      duplicate_of: null,
    });
    if (!moved) {
      Object.assign(next, {
        etag: outcome.etag,
        last_modified: outcome.lastModified,
        url: outcome.url,
        feed_url: outcome.feedUrl ?? current.feed_url ?? null,
      });
      next.next_at = healthyDue(published);
    }
  } else {
    // A feed another subscription reads is no fault of the feed's: no back-off, so this one takes
    // over at its next fetch at the usual pace once the other is removed.
    const duplicate = Boolean(outcome.duplicateOf);
    const errors = duplicate ? 0 : current.errors + 1;
    Object.assign(next, {
      errors,
      last_error: outcome.error,
      last_error_code: outcome.code,
      duplicate_of: outcome.duplicateOf ?? null,
      retry_after_at: outcome.retryAfterMs ? new Date(now.getTime() + outcome.retryAfterMs).toISOString() : null,
    });
    if (!moved)
      next.next_at = duplicate
        ? healthyDue(current.recent_published)
        : new Date(
            nextFetchAt({ now: now.getTime(), errors, retryAfterMs: outcome.retryAfterMs, random }),
          ).toISOString();
  }
  if (moved) {
    if (current.active) next.next_at = at;
    else delete next.next_at;
  }
  return next;
}

/** Writes the outcome and releases the lease, reading the feed again when it was written meanwhile. */
async function release(ctx: AppContext, leased: ReaderFeedDoc, owner: string, outcome: Outcome): Promise<void> {
  await ctx.store
    .update<ReaderFeedDoc>(
      READER_FEEDS_DB,
      leased._id,
      // Our lease ran out and another instance fetches it now: its outcome will be the one kept.
      (current) => (current?.lease_owner === owner ? afterFetch(ctx, leased, current, outcome) : null),
      { known: leased },
    )
    .catch(unlessConflict);
}

/**
 * Fetches one due feed if this instance wins its lease; true when it did. A feed whose
 * subscription or group is gone is forgotten; a paused one waits without a due time.
 */
export async function fetchOne(ctx: AppContext, feed: ReaderFeedDoc, owner: string): Promise<boolean> {
  const leased = await takeLease(ctx, feed, owner);
  if (!leased) return false;
  const read = await ctx.store.get(feed.db, feed.subscription_id);
  if (!isSubscription(read) || typeof read.url !== 'string') {
    await removeFeed(ctx, leased);
    return true;
  }
  if (read.active === false) {
    const paused: ReaderFeedDoc = { ...leased, active: false, lease_owner: null, lease_until: null };
    delete paused.next_at;
    await ctx.store.put(READER_FEEDS_DB, paused).catch((error: unknown) => {
      if (!isConflict(error)) throw error;
    });
    return true;
  }
  // The subscription's address as stored now is the one fetched (the copy here may lag a moment).
  const target = read.url === leased.url ? leased : { ...leased, url: read.url, etag: null, last_modified: null };
  await release(ctx, target, owner, await fetchSubscription(ctx, target, read));
  return true;
}

/** Runs `work` over `items`, at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** This instance's fetcher: its sweeps of due feeds. */
export class ReaderFetcher {
  readonly owner = randomUUID();
  private readonly sweeper: Sweeper;
  private readonly ctx: () => AppContext;
  /** Feeds this instance fetched (won the lease for), and sweeps it finished: for tests and logs. */
  fetched = 0;
  sweeps = 0;

  constructor(ctx: () => AppContext) {
    this.ctx = ctx;
    this.sweeper = new Sweeper(
      () => this.sweep(),
      (error) => this.ctx().config.log(`reader: ${error.message}`),
    );
  }

  private get stopped(): boolean {
    return this.sweeper.isStopped;
  }

  /** Lets a subscription's write wake whichever instance takes the job (this one first). */
  register(jobs: JobQueue): this {
    jobs.register(READER_WAKE_JOB, async () => this.wake());
    return this;
  }

  start(): void {
    this.sweeper.start(readerConfig(this.ctx()).sweepMs);
  }

  stop(): Promise<void> {
    return this.sweeper.stop();
  }

  /** Starts a sweep now, or right after the one running. */
  wake(): void {
    this.sweeper.wake();
  }

  private async sweep(): Promise<void> {
    const ctx = this.ctx();
    const { concurrency } = readerConfig(ctx);
    const batch = concurrency * 4;
    for (let round = 0; round < MAX_ROUNDS && !this.stopped; round++) {
      // Shuffled, so instances sweeping together start on different feeds rather than racing for each.
      const due = shuffled(await dueFeeds(ctx, batch));
      let won = 0;
      await pool(due, concurrency, async (feed) => {
        if (this.stopped) return;
        try {
          if (await fetchOne(ctx, feed, this.owner)) won++;
        } catch (error) {
          ctx.config.log(`reader: ${feed._id}: ${(error as Error).message}`);
        }
      });
      this.fetched += won;
      if (due.length < batch || won === 0) break;
    }
    this.sweeps++;
  }
}
