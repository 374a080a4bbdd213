import { fetchExternalJson } from '../../../data/http-client.ts';
import { keepNotifications } from '../../../data/mailbox.ts';
import { recentNotifications, type SystemNotification } from '../../../domain/notifications.ts';
import { useServerInfoStore } from '../server-info-store.ts';

/** The feed's recent posts in the user's language; any failure means nothing to show. */
export async function listNotifications(url: string, locale: string, now: Date): Promise<SystemNotification[]> {
  try {
    return recentNotifications(await fetchExternalJson(url), locale, now);
  } catch {
    return [];
  }
}

/**
 * The server's feed, if it names one (`notifications_url` of `GET /db/`), fetched and kept in the
 * device's mailbox, so a post stays there after the feed stops showing it.
 */
export async function fetchNotifications(locale: string): Promise<SystemNotification[]> {
  const info = await useServerInfoStore.getState().load();
  const url = info?.notifications_url;
  const found = typeof url === 'string' && url ? await listNotifications(url, locale, new Date()) : [];
  // The card and the mailbox still show what was fetched when the device's storage refuses it.
  if (found.length > 0) await keepNotifications(found).catch(() => undefined);
  return found;
}

/** The feed's HTML as plain text: posts come from another site and are never injected as markup. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>|<\/p>/gi, '\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
}
