// The reader's screen as rules (spec 001 §2, §4, §9): its filters and their defaults, the page of
// ten items a filter shows, the page links, unread counts per subscription and per label, and the
// timings of the highlight an item flashes when closed. Items come as the rows of the
// `reader-items/feed` view: [subscription, read, starred, published], each with its item's id.

export const READ_FILTERS = ['unread', 'read', 'all'] as const;
export const STARRED_FILTERS = ['all', 'starred', 'unstarred'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];
export type StarredFilter = (typeof STARRED_FILTERS)[number];

export const FEED_PAGE_SIZE = 10;
/** A closed item flashes: on and off every 500 ms, for 1500 ms in all. */
export const HIGHLIGHT_STEP_MS = 500;
export const HIGHLIGHT_TOTAL_MS = 1500;

export interface FeedFilter {
  read: ReadFilter;
  starred: StarredFilter;
  /** One subscription's items, or one label's subscriptions' items, or (neither) every item. */
  subscription: string | null;
  label: string | null;
  /** 1-based. */
  page: number;
}

export interface FeedRow {
  id: string;
  key: unknown;
}

interface ItemKey {
  subscription: string;
  read: boolean;
  starred: boolean;
  at: string;
}

function itemKey(key: unknown): ItemKey | null {
  if (!Array.isArray(key) || key.length < 4 || typeof key[0] !== 'string') return null;
  return { subscription: key[0], read: key[1] === 1, starred: key[2] === 1, at: String(key[3] ?? '') };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The filter a reader address says (`?read=all&starred=starred&label=rlb-…&page=2`), defaults for the rest. */
export function parseFeedFilter(params: URLSearchParams): FeedFilter {
  const page = Number(params.get('page'));
  return {
    read: oneOf(READ_FILTERS, params.get('read'), 'unread'),
    starred: oneOf(STARRED_FILTERS, params.get('starred'), 'all'),
    subscription: params.get('subscription') || null,
    label: params.get('label') || null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for a filter: defaults left out, so the plain address is the default view. */
export function feedFilterQuery(filter: FeedFilter): string {
  const params = new URLSearchParams();
  if (filter.read !== 'unread') params.set('read', filter.read);
  if (filter.starred !== 'all') params.set('starred', filter.starred);
  if (filter.subscription) params.set('subscription', filter.subscription);
  else if (filter.label) params.set('label', filter.label);
  if (filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface SubscriptionLabels {
  _id: string;
  labels?: unknown;
}

/** The subscriptions carrying a label. */
export function subscriptionsWithLabel(subscriptions: readonly SubscriptionLabels[], label: string): Set<string> {
  return new Set(subscriptions.filter((s) => Array.isArray(s.labels) && s.labels.includes(label)).map((s) => s._id));
}

/**
 * One page of the filter's items, newest first (ties by id, so pages never overlap), and how many
 * the filter holds. Items of a subscription the group no longer has are left out (the server
 * removes them later).
 */
export function feedPage(
  rows: readonly FeedRow[],
  filter: FeedFilter,
  subscriptions: readonly SubscriptionLabels[],
): { ids: string[]; total: number } {
  const scope = filter.subscription
    ? new Set([filter.subscription])
    : filter.label
      ? subscriptionsWithLabel(subscriptions, filter.label)
      : new Set(subscriptions.map((s) => s._id));
  const matching: Array<{ id: string; at: string }> = [];
  for (const row of rows) {
    const key = itemKey(row.key);
    if (!key || !scope.has(key.subscription)) continue;
    if (filter.read !== 'all' && key.read !== (filter.read === 'read')) continue;
    if (filter.starred !== 'all' && key.starred !== (filter.starred === 'starred')) continue;
    matching.push({ id: row.id, at: key.at });
  }
  matching.sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  const start = (filter.page - 1) * FEED_PAGE_SIZE;
  return { ids: matching.slice(start, start + FEED_PAGE_SIZE).map((m) => m.id), total: matching.length };
}

/** Links under the page (spec 001 §2): previous, each earlier page by number, the current one, next. */
export function feedPageLinks(
  page: number,
  shown: number,
): { previous: number | null; earlier: number[]; next: number | null } {
  return {
    previous: page > 1 ? page - 1 : null,
    earlier: Array.from({ length: page - 1 }, (_, i) => i + 1),
    next: shown < FEED_PAGE_SIZE ? null : page + 1,
  };
}

/**
 * Unread items per subscription and per label, from the view grouped at level 2
 * ([subscription, read] → count). A label counts each of its subscriptions' unread items once.
 */
export function unreadCounts(
  grouped: ReadonlyArray<{ key: unknown; value: number }>,
  subscriptions: readonly SubscriptionLabels[],
): { bySubscription: Map<string, number>; byLabel: Map<string, number>; total: number } {
  const bySubscription = new Map<string, number>();
  const known = new Set(subscriptions.map((s) => s._id));
  let total = 0;
  for (const { key, value } of grouped) {
    if (!Array.isArray(key) || typeof key[0] !== 'string' || key[1] !== 0 || !known.has(key[0])) continue;
    bySubscription.set(key[0], (bySubscription.get(key[0]) ?? 0) + value);
    total += value;
  }
  const byLabel = new Map<string, number>();
  for (const subscription of subscriptions) {
    const unread = bySubscription.get(subscription._id) ?? 0;
    if (!Array.isArray(subscription.labels)) continue;
    for (const label of new Set(subscription.labels.filter((l): l is string => typeof l === 'string')))
      byLabel.set(label, (byLabel.get(label) ?? 0) + unread);
  }
  return { bySubscription, byLabel, total };
}

/** The state a person's action leaves an item in (and opening marks read when the setting says so). */
export const ITEM_ACTIONS = ['read', 'unread', 'star', 'unstar'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

export const isItemAction = (name: string): name is ItemAction => (ITEM_ACTIONS as readonly string[]).includes(name);

export function itemChange(action: ItemAction): { read?: boolean; starred?: boolean } {
  switch (action) {
    case 'read':
      return { read: true };
    case 'unread':
      return { read: false };
    case 'star':
      return { starred: true };
    case 'unstar':
      return { starred: false };
  }
}

/** The group setting (spec 001 §3) and its default: opening an unread item marks it read. */
export const MARK_READ_ON_OPENING = 'reader_mark_as_read_on_opening';

export function marksReadOnOpening(settings: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return settings?.[MARK_READ_ON_OPENING] !== 'disabled';
}
