// The reader's reads and writes on the group's replica: a page of items for a filter, the unread
// counts, and an item's state changed by a person (offline too: the replica syncs it later).
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { writeOptions } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { getRecords, listFew, queryView, viewRows } from '../../../data/records.ts';
import { memoBySeq } from '../../../data/seq-memo.ts';
import { isApiError } from '../../../data/api-error.ts';
import { writeRecord } from '../../../data/resource-writes.ts';
import {
  type FeedFilter,
  feedPage,
  type ItemAction,
  itemChange,
  unreadCounts,
} from '../../../domain/modules/exoreader/feed.ts';
import { type FeedItemFields, readerItems } from '../../../domain/modules/exoreader/records.ts';

export const FEED_VIEW = 'reader-items/feed';

export interface ReaderItem extends PouchDoc, FeedItemFields {
  read?: boolean;
  starred?: boolean;
}

export interface Subscription extends PouchDoc {
  title?: string;
  url: string;
  website_url?: string;
  active?: boolean;
  labels?: string[];
}

export interface Label extends PouchDoc {
  name: string;
  kind?: string;
}

export interface Sources {
  subscriptions: Subscription[];
  labels: Label[];
  unread: ReturnType<typeof unreadCounts>;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
export const subscriptionName = (s: Pick<Subscription, 'title' | 'url'>) => s.title || s.url;

/** The group's subscriptions, read once per replica state for the sources and the page alike. */
function readSubscriptions(dbName: string): Promise<Subscription[]> {
  return memoBySeq(dbName, 'reader:subscriptions', () => listFew<Subscription>(dbName, 'ReaderSubscription'));
}

/** Subscriptions and labels by name, with their unread items. */
export async function readSources(dbName: string): Promise<Sources> {
  const [shared, labels, grouped] = await Promise.all([
    readSubscriptions(dbName),
    listFew<Label>(dbName, 'ReaderLabel'),
    queryView(dbName, FEED_VIEW, { group_level: 2 }),
  ]);
  const subscriptions = [...shared].sort((a, b) => byName(subscriptionName(a), subscriptionName(b)));
  labels.sort((a, b) => byName(a.name, b.name));
  return {
    subscriptions,
    labels,
    unread: unreadCounts(grouped as Array<{ key: unknown; value: number }>, subscriptions),
  };
}

/** The ids of one page of a filter's items, and how many items the filter holds. */
export async function readFeedIds(dbName: string, filter: FeedFilter): Promise<{ ids: string[]; total: number }> {
  const [rows, subscriptions] = await Promise.all([viewRows(dbName, FEED_VIEW), readSubscriptions(dbName)]);
  return feedPage(rows, filter, subscriptions);
}

/** The items themselves, whole (their bodies too: a page is ten), in the order asked. */
export async function readItems(dbName: string, ids: readonly string[]): Promise<ReaderItem[]> {
  const docs = await getRecords<ReaderItem>(dbName, ids);
  return docs.filter((d): d is ReaderItem => d !== null && d.klass === 'ReaderItem');
}

/** Reads, stars… an item: judged by the same rules as on the server, saved on the device, synced later. */
export async function changeItem(env: ResourceEnv, item: ReaderItem, action: ItemAction): Promise<ReaderItem> {
  try {
    return await writeRecord(env.accountId, readerItems, { ...item, ...itemChange(action) }, writeOptions(env));
  } catch (error) {
    // Sync brought a newer version meanwhile (the server's, or another device's mark): a state
    // change applies as well to that one.
    if (!isApiError(error) || error.status !== 409) throw error;
    const [latest] = await readItems(env.accountId, [item._id]);
    if (!latest) throw error;
    return writeRecord(env.accountId, readerItems, { ...latest, ...itemChange(action) }, writeOptions(env));
  }
}
