// What stays in a group's replica, so phones stay light: starred items forever, unread items
// until read, read items for the days the group keeps (30 by default). Older read items are
// removed by the server; the feed itself still has them for a while, online.

export const DEFAULT_KEEP_READ_DAYS = 30;

export interface RetainedItem {
  starred?: unknown;
  read?: unknown;
  /** When the item was published, else when it was fetched (ISO). */
  point_at?: unknown;
  created_at?: unknown;
}

function itemTime(item: RetainedItem): number | null {
  for (const value of [item.point_at, item.created_at]) {
    if (typeof value !== 'string') continue;
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return time;
  }
  return null;
}

/** Whether the item stays; an item without a readable date stays (it cannot be told old). */
export function isRetained(item: RetainedItem, now: number, keepReadDays = DEFAULT_KEEP_READ_DAYS): boolean {
  if (item.starred === true || item.read !== true) return true;
  const time = itemTime(item);
  return time === null || now - time <= keepReadDays * 86_400_000;
}

/** The group's setting as days: a whole number from 1 to 3650, else the default. */
export function keepReadDays(setting: unknown): number {
  const days = typeof setting === 'string' ? Number(setting) : typeof setting === 'number' ? setting : NaN;
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_KEEP_READ_DAYS;
}
