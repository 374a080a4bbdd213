// A feed's items as ReaderItem records of the group. Each is checked with the domain's own rules
// before it is stored, and what fails them is trimmed or left out: the door judges the whole
// document on every later write, so an item stored with a too-long title or a `ftp:` link could
// never be marked read. Items are only ever added: one already there (even one removed by
// retention, whose tombstone stays) is left as it is, with the read and starred state its people set.
import { readerItems, readerSubscriptions } from '../../../domain/modules/exoreader/records.ts';
import { FIELD_TYPES } from '../../../domain/records/field-types.ts';
import {
  DEFAULT_MAX_LENGTH,
  LONG_MAX_LENGTH,
  type ResourceSpec,
  validateRecord,
} from '../../../domain/records/schema.ts';
import type { ParsedFeed, ParsedItem } from './feeds/parse-feed.ts';
import { readerItemId } from './feeds/item-id.ts';
import { sanitizeHtml, textOf } from './feeds/sanitize.ts';
import type { AppContext } from '../../context.ts';
import type { CouchDoc } from '../../store/couch-client.ts';

/** Who the stamps name for what the server writes by itself (no person asked for it). */
export const SERVER_WRITER = 'server';

const SUMMARY_MAX = 2000;
const CONTENT_MAX = 100_000;
const WRITE_BATCH = 200;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The longest text a field takes: its own limit, else its type's (as the rules count it). */
function maxLengthOf(spec: ResourceSpec, name: string): number | null {
  const field = spec.fields.find((f) => f.name === name);
  if (!field) return null;
  return field.maxLength ?? (FIELD_TYPES[field.type].long ? LONG_MAX_LENGTH : DEFAULT_MAX_LENGTH);
}

/**
 * The record as the domain accepts it: fields its rules refuse are shortened when too long, else
 * left out; null when even then it would be refused (a required field missing).
 */
export function fitRecord(spec: ResourceSpec, doc: Record<string, unknown>): Record<string, unknown> | null {
  const fitted = { ...doc };
  for (let round = 0; round < 2; round++) {
    const errors = validateRecord(spec, fitted);
    if (!errors.hasErrors) return fitted;
    for (const field of Object.keys(errors.reasons)) {
      const value = fitted[field];
      const max = maxLengthOf(spec, field);
      if (round === 0 && typeof value === 'string' && max !== null && value.length > max)
        fitted[field] = cut(value, max);
      else delete fitted[field];
    }
  }
  return validateRecord(spec, fitted).hasErrors ? null : fitted;
}

/** One item of the feed as the group's record, or null when nothing storable is left of it. */
export function itemRecord(
  subscriptionId: string,
  item: ParsedItem,
  feedUrl: string,
  now: string,
): Record<string, unknown> | null {
  let content = item.content ?? '';
  // Cut HTML is sanitised again, so a tag cut in half is closed rather than left open (with
  // room left for the closing tags that adds back).
  if (content.length > CONTENT_MAX)
    content =
      item.contentType === 'html' ? sanitizeHtml(cut(content, CONTENT_MAX - 1000), feedUrl) : cut(content, CONTENT_MAX);
  const plain = item.contentType === 'html' ? textOf(content) : content;
  const summary = cut((item.summary ?? plain).replace(/\s+/g, ' ').trim(), SUMMARY_MAX);
  const doc: Record<string, unknown> = {
    _id: readerItemId(subscriptionId, item.guid),
    klass: 'ReaderItem',
    subscription_id: subscriptionId,
    title: item.title,
    url: item.url ?? undefined,
    point_at: item.publishedAt ?? now,
    summary: summary || undefined,
    content: content || undefined,
    content_type: content ? (item.contentType ?? 'text') : undefined,
    enclosures: item.enclosures.length
      ? item.enclosures.map((e) => ({ url: e.url, type: e.type ?? undefined, length: e.length ?? undefined }))
      : undefined,
    read: false,
    starred: false,
    created_at: now,
    created_by: SERVER_WRITER,
    updated_at: now,
    updated_by: SERVER_WRITER,
  };
  for (const key of Object.keys(doc)) if (doc[key] === undefined || doc[key] === '') delete doc[key];
  return fitRecord(readerItems, doc);
}

/**
 * Adds the feed's items that the group does not have yet; returns how many were added. Ids come
 * from the subscription and the guid, so another instance writing the same item at the same moment
 * makes a conflict here, not a copy.
 */
export async function addItems(
  ctx: AppContext,
  db: string,
  subscriptionId: string,
  feed: ParsedFeed,
  feedUrl: string,
): Promise<number> {
  const now = ctx.now().toISOString();
  const records = feed.items.flatMap((item): Record<string, unknown>[] => {
    const record = itemRecord(subscriptionId, item, feedUrl, now);
    return record ? [record] : [];
  });
  let added = 0;
  for (let start = 0; start < records.length; start += WRITE_BATCH) {
    const batch = records.slice(start, start + WRITE_BATCH);
    const known = await ctx.store.must<{ rows: Array<{ key: string; error?: string }> }>(
      `/${encodeURIComponent(db)}/_all_docs`,
      { method: 'POST', body: { keys: batch.map((r) => r._id) } },
    );
    // Rows for deleted documents carry a value too: an item retention removed is not brought back.
    const fresh = new Set(known.rows.filter((r) => r.error === 'not_found').map((r) => r.key));
    const docs = batch.filter((record) => fresh.has(record._id as string));
    if (docs.length === 0) continue;
    const results = await ctx.store.must<Array<{ ok?: boolean; error?: string }>>(
      `/${encodeURIComponent(db)}/_bulk_docs`,
      { method: 'POST', body: { docs } },
    );
    added += results.filter((r) => r.ok).length;
  }
  return added;
}

/**
 * What the fetch learnt about the subscription itself: the feed's own title (unless the person
 * chose one) and website, and where its feed is when it was given a website's address. Returns the
 * fields to change, empty when none.
 */
export function subscriptionChanges(
  subscription: CouchDoc,
  feed: ParsedFeed | null,
  found: { feedUrl: string; pageUrl: string } | null,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (found) {
    changes.url = found.feedUrl;
    if (!subscription.website_url) changes.website_url = found.pageUrl;
  }
  if (feed) {
    if (subscription.customize_title !== true && feed.title && feed.title !== subscription.title)
      changes.title = feed.title;
    if (!subscription.website_url && !changes.website_url && feed.websiteUrl) changes.website_url = feed.websiteUrl;
  }
  if (Object.keys(changes).length === 0) return changes;
  const fitted = fitRecord(readerSubscriptions, { ...subscription, ...changes });
  if (!fitted) return {};
  return Object.fromEntries(
    Object.keys(changes).flatMap((key) => (fitted[key] === undefined ? [] : [[key, fitted[key]] as const])),
  );
}
