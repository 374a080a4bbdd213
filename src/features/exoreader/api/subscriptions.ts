// What only the server knows about subscriptions (its fetches), and OPML in and out.
import { request } from '../../../data/http-client.ts';
import { queryView } from '../../../data/records.ts';
import { FEED_VIEW, type ReaderItem } from './feed.ts';

export interface FetchStatus {
  id: string;
  last_fetch_at: string | null;
  /** In plain words, as the fetcher wrote it; null after a good fetch. */
  last_error: string | null;
  /** Its kind, for the person's language (src/server/API.md lists them). */
  last_error_code: string | null;
  next_at: string | null;
  /** The subscription that already reads the same feed (`last_error_code` `duplicate_feed`). */
  duplicate_of?: string | null;
}

const groupPath = (accountId: string) => `/api/groups/${encodeURIComponent(accountId)}/reader`;

/** The server's fetches of the group's subscriptions (online only). */
export async function fetchStatuses(accountId: string): Promise<FetchStatus[]> {
  const { subscriptions } = await request<{ subscriptions: FetchStatus[] }>(
    'GET',
    `${groupPath(accountId)}/subscriptions/status`,
    { quiet: true },
  );
  return subscriptions;
}

/** A subscription's items on this device: all, and unread. */
export async function itemCounts(accountId: string, subscriptionId: string): Promise<{ all: number; unread: number }> {
  const rows = await queryView(accountId, FEED_VIEW, {
    startkey: [subscriptionId],
    endkey: [subscriptionId, {}],
    group_level: 2,
  });
  let all = 0;
  let unread = 0;
  for (const { key, value } of rows as Array<{ key: unknown[]; value: number }>) {
    all += value;
    if (key[1] === 0) unread += value;
  }
  return { all, unread };
}

export interface OpmlImport {
  subscriptions_created: number;
  labels_created: number;
  skipped: number;
  invalid: number;
  /** Subscribed by an entry's website: the server finds its feed. */
  by_website: number;
  /** Entries with neither a feed nor a website, by name. */
  skipped_entries: string[];
}

export function importOpml(accountId: string, text: string): Promise<OpmlImport> {
  return request('POST', `${groupPath(accountId)}/opml`, { raw: { content: text, type: 'text/x-opml' } });
}

export const opmlExportPath = (accountId: string) => `${groupPath(accountId)}/opml`;

/** Items retention took off the devices, kept on the server: ten, newest first, before `before`. */
export async function archivedItems(
  accountId: string,
  options: { subscription: string | null; before: string | null },
): Promise<ReaderItem[]> {
  const { items } = await request<{ items: ReaderItem[] }>('GET', `${groupPath(accountId)}/archive`, {
    query: { subscription: options.subscription ?? undefined, before: options.before ?? undefined },
  });
  return items.map((item) => ({ ...item, read: true }));
}
