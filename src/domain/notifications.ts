// System notifications on the dashboard (spec 000 §2, §9): posts of a Mastodon-compatible
// statuses feed, under 16 days old and in the language of the user's locale.

export const NOTIFICATION_MAX_AGE_DAYS = 16;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SystemNotification {
  created_at: string;
  language: string | null;
  /** HTML, as the feed sends it. */
  content: string;
  url: string;
}

/** The primary part of a locale or language tag: pt-BR → pt. */
export function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0]!.toLowerCase();
}

function isNotification(value: unknown): value is SystemNotification {
  if (typeof value !== 'object' || value === null) return false;
  const post = value as Record<string, unknown>;
  return typeof post.created_at === 'string' && typeof post.content === 'string' && typeof post.url === 'string';
}

/** Whatever the feed answered, the posts to show, newest first. */
export function recentNotifications(feed: unknown, locale: string, now: Date): SystemNotification[] {
  if (!Array.isArray(feed)) return [];
  const language = primaryLanguage(locale);
  const oldest = now.getTime() - NOTIFICATION_MAX_AGE_DAYS * DAY_MS;
  return feed
    .filter(isNotification)
    .filter((post) => {
      const at = Date.parse(post.created_at);
      return (
        Number.isFinite(at) &&
        at > oldest &&
        typeof post.language === 'string' &&
        primaryLanguage(post.language) === language
      );
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
