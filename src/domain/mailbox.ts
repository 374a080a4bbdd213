// The mailbox of system notifications (spec 001 §2): the posts the dashboard's card fetched
// (notifications.ts), kept on the device after the feed stops showing them (it shows 16 days),
// with the moment each was read. Pure: the device's storage is src/data/mailbox.ts.
import type { SystemNotification } from './notifications.ts';

export interface MailboxEntry extends SystemNotification {
  /** When it was first marked read on this device; null while unread. */
  read_at: string | null;
}

/** Kept at most: a year of a weekly post, and a small document. */
export const MAILBOX_SIZE = 60;

/** The kept entries with the fetched posts added or refreshed (edited posts), newest first. */
export function keepInMailbox(kept: readonly MailboxEntry[], fetched: readonly SystemNotification[]): MailboxEntry[] {
  const byUrl = new Map(kept.map((entry) => [entry.url, entry]));
  for (const post of fetched) {
    const known = byUrl.get(post.url);
    byUrl.set(post.url, {
      url: post.url,
      created_at: post.created_at,
      language: post.language,
      content: post.content,
      read_at: known?.read_at ?? null,
    });
  }
  return [...byUrl.values()].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)).slice(0, MAILBOX_SIZE);
}

export function markRead(kept: readonly MailboxEntry[], urls: readonly string[], at: string): MailboxEntry[] {
  const marking = new Set(urls);
  return kept.map((entry) => (marking.has(entry.url) && !entry.read_at ? { ...entry, read_at: at } : entry));
}

export function unreadCount(kept: readonly MailboxEntry[]): number {
  return kept.filter((entry) => !entry.read_at).length;
}
