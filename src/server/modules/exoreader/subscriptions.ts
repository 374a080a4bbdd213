// The reader's calls that are not CouchDB's: each subscription's fetch status (from the fetcher's
// bookkeeping, which clients cannot read), and OPML in and out. Imported labels and subscriptions
// are ordinary records of the group, checked with the domain's rules and stamped with the person
// who imported them, as if they had typed each one.
import { FIELD_MESSAGES } from '../../../domain/errors.ts';
import { newId } from '../../../domain/ids.ts';
import { readerLabels, readerSubscriptions } from '../../../domain/modules/exoreader/records.ts';
import { stampRecord, validateRecord } from '../../../domain/records/schema.ts';
import type { AppContext } from '../../context.ts';
import { unprocessable } from '../../http/http-error.ts';
import { type OpmlSubscription, readOpml, writeOpml } from './feeds/opml.ts';
import { FeedError } from './feeds/parse-feed.ts';
import type { CouchDoc } from '../../store/couch-client.ts';
import { readSettings } from '../../services/groups.ts';
import { groupFeeds, isSubscription, syncFeeds, usesReader } from './feeds-db.ts';
import { READER_WAKE_JOB } from './fetcher.ts';
import type { UserDoc } from '../../services/users.ts';

/** One import adds at most this many subscriptions (an OPML of 1 MB holds a few thousand). */
export const OPML_MAX_SUBSCRIPTIONS = 2000;
const WRITE_BATCH = 500;

export interface SubscriptionStatus {
  id: string;
  last_fetch_at: string | null;
  last_error: string | null;
  /** What kind of failure (`http_error`, `timeout`, `private_address`, … see FeedErrorCode), for i18n. */
  last_error_code: string | null;
  next_at: string | null;
  items: number;
  /** The subscription that already reads the same feed (`last_error_code` `duplicate_feed`), or null. */
  duplicate_of: string | null;
}

/** Each subscription's last fetch, last error in words, next fetch and items added, from the fetcher. */
export async function subscriptionStatus(ctx: AppContext, db: string): Promise<SubscriptionStatus[]> {
  const feeds = await groupFeeds(ctx, db);
  return feeds.map((f) => ({
    id: f.subscription_id,
    last_fetch_at: f.last_fetch_at,
    last_error: f.last_error,
    last_error_code: f.last_error_code,
    // A feed being fetched shows its lease's end: it will have been fetched by then.
    next_at: f.next_at ?? null,
    items: f.items,
    duplicate_of: f.duplicate_of ?? null,
  }));
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

export interface OpmlImport {
  subscriptions_created: number;
  labels_created: number;
  /** Feeds the group already had, beyond the import's limit, or entries with no address to read. */
  skipped: number;
  /** Subscriptions made from an entry's website (no feed address): the fetcher finds the site's feed. */
  by_website: number;
  /** The names of the entries left out because they give neither a feed nor a website (at most 20). */
  skipped_entries: string[];
  /** Feeds whose entries the records' rules refuse (an address too long). */
  invalid: number;
}

/** The most entries left out an import names; beyond them it counts. */
const SKIPPED_NAMED = 20;

/**
 * Creates the OPML file's folders as labels (reusing labels of the same name) and its feeds as
 * subscriptions, skipping addresses the group already subscribes to (for an entry giving only a
 * website, a subscription already found from that website).
 */
export async function importOpml(ctx: AppContext, db: string, user: UserDoc, text: string): Promise<OpmlImport> {
  let entries: OpmlSubscription[];
  let leftOut: string[];
  try {
    ({ subscriptions: entries, skipped: leftOut } = readOpml(text));
  } catch (error) {
    if (error instanceof FeedError) throw unprocessable({ opml: [error.message] });
    throw error;
  }
  if (entries.length === 0 && leftOut.length === 0) throw unprocessable({ opml: [FIELD_MESSAGES.blank] });
  const [labels, subscriptions] = await Promise.all([
    ctx.store.docsWithPrefix<CouchDoc>(db, 'rlb-'),
    ctx.store.docsWithPrefix<CouchDoc>(db, 'rsb-'),
  ]);
  const byWebsite = (entry: OpmlSubscription) => entry.url === entry.websiteUrl;
  const known = new Set(subscriptions.filter(isSubscription).map((s) => String(s.url)));
  const knownSites = new Set(subscriptions.filter(isSubscription).map((s) => String(s.website_url ?? '')));
  const labelIds = new Map<string, string>();
  for (const label of labels)
    if (label.klass === 'ReaderLabel' && label._deleted !== true && typeof label.name === 'string')
      labelIds.set(label.name, label._id);
  const now = ctx.now();
  const stamp = (doc: Record<string, unknown>) => stampRecord(doc, user._id, now);
  const newLabels: Record<string, unknown>[] = [];
  const labelFor = (name: string): string | null => {
    const cut = name.slice(0, 80).trim();
    if (!cut) return null;
    for (const [existing, id] of labelIds) if (sameName(existing, cut)) return id;
    const label = stamp({ _id: newId('ReaderLabel'), klass: 'ReaderLabel', name: cut, kind: 'topic' });
    if (validateRecord(readerLabels, label).hasErrors) return null;
    labelIds.set(cut, label._id as string);
    newLabels.push(label);
    return label._id as string;
  };
  const fresh = entries.filter((e) => !known.has(e.url) && !(byWebsite(e) && knownSites.has(e.url)));
  let skipped = entries.length - fresh.length + leftOut.length;
  if (fresh.length > OPML_MAX_SUBSCRIPTIONS) {
    skipped += fresh.length - OPML_MAX_SUBSCRIPTIONS;
    fresh.length = OPML_MAX_SUBSCRIPTIONS;
  }
  let invalid = 0;
  const newSubscriptions: Record<string, unknown>[] = [];
  for (const entry of fresh) {
    const doc = stamp({
      _id: newId('ReaderSubscription'),
      klass: 'ReaderSubscription',
      url: entry.url,
      // The feed's own title replaces the file's at the first fetch, unless the person changes it.
      title: entry.title.slice(0, 255),
      customize_title: false,
      ...(entry.websiteUrl ? { website_url: entry.websiteUrl } : {}),
      active: true,
      labels: [...new Set(entry.labels.flatMap((name) => labelFor(name) ?? []))].slice(0, 50),
    });
    if (!doc.title) delete doc.title;
    if (validateRecord(readerSubscriptions, doc).hasErrors) invalid++;
    else newSubscriptions.push(doc);
  }
  const usedLabels = new Set(newSubscriptions.flatMap((s) => s.labels as string[]));
  const labelsToWrite = newLabels.filter((l) => usedLabels.has(l._id as string));
  const docs = [...labelsToWrite, ...newSubscriptions];
  for (let start = 0; start < docs.length; start += WRITE_BATCH) {
    await ctx.store.must(`/${encodeURIComponent(db)}/_bulk_docs`, {
      method: 'POST',
      body: { docs: docs.slice(start, start + WRITE_BATCH) },
    });
  }
  if (newSubscriptions.length > 0) {
    const { due } = await syncFeeds(
      ctx,
      db,
      newSubscriptions.map((s) => s._id as string),
      usesReader(await readSettings(ctx, db)),
    );
    if (due > 0) await ctx.jobs.enqueue(READER_WAKE_JOB, {});
  }
  return {
    subscriptions_created: newSubscriptions.length,
    labels_created: labelsToWrite.length,
    skipped,
    invalid,
    by_website: newSubscriptions.filter((s) => s.url === s.website_url).length,
    skipped_entries: leftOut.slice(0, SKIPPED_NAMED),
  };
}

/** The group's subscriptions as OPML, a folder per label. */
export async function exportOpml(ctx: AppContext, db: string): Promise<string> {
  const [labels, subscriptions, settings] = await Promise.all([
    ctx.store.docsWithPrefix<CouchDoc>(db, 'rlb-'),
    ctx.store.docsWithPrefix<CouchDoc>(db, 'rsb-'),
    readSettings(ctx, db),
  ]);
  const names = new Map(
    labels.filter((l) => l.klass === 'ReaderLabel' && typeof l.name === 'string').map((l) => [l._id, String(l.name)]),
  );
  const entries: OpmlSubscription[] = subscriptions.filter(isSubscription).flatMap((s) =>
    typeof s.url === 'string' && s.url
      ? [
          {
            url: s.url,
            title: typeof s.title === 'string' ? s.title : '',
            websiteUrl: typeof s.website_url === 'string' && s.website_url ? s.website_url : null,
            labels: (Array.isArray(s.labels) ? s.labels : []).flatMap((id) => names.get(String(id)) ?? []),
          },
        ]
      : [],
  );
  const name = typeof settings.name === 'string' && settings.name ? settings.name : 'Moneta';
  return writeOpml(`${name} — feeds`, entries, ctx.now());
}
