import { fetchExternalJson } from '../../../data/http-client.ts';
import { recentNotifications, type SystemNotification } from '../../../domain/notifications.ts';

/** The feed's recent posts in the user's language; any failure means nothing to show. */
export async function listNotifications(url: string, locale: string, now: Date): Promise<SystemNotification[]> {
  try {
    return recentNotifications(await fetchExternalJson(url), locale, now);
  } catch {
    return [];
  }
}
