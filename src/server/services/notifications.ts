// System notifications: the configured Mastodon-compatible statuses, fetched by the server (no
// CORS or third-party request from the browser) and kept for a few minutes. Every instance keeps
// its own copy, which is fine for a cache.
import type { AppContext } from '../context.ts';

export interface Status {
  id: string;
  created_at: string;
  language: string | null;
  content: string;
  url: string | null;
}

const TTL_MS = 5 * 60_000;
let cached: { url: string; at: number; statuses: Status[] } | null = null;

export async function systemNotifications(ctx: AppContext): Promise<Status[]> {
  const url = ctx.config.notificationsUrl;
  if (!url) return [];
  const now = Date.now();
  if (cached && cached.url === url && now - cached.at < TTL_MS) return cached.statuses;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const body = (await res.json()) as unknown;
    const statuses = (Array.isArray(body) ? body : []).flatMap((s: Record<string, unknown>) =>
      typeof s?.created_at === 'string' && typeof s?.content === 'string'
        ? [
            {
              id: String(s.id ?? s.created_at),
              created_at: s.created_at,
              language: typeof s.language === 'string' ? s.language : null,
              content: s.content,
              url: typeof s.url === 'string' ? s.url : null,
            },
          ]
        : [],
    );
    cached = { url, at: now, statuses };
    return statuses;
  } catch (error) {
    // No notifications is better than a broken dashboard; keep the last good copy if any.
    ctx.config.log(`notifications: could not read ${new URL(url).host}: ${(error as Error).message}`);
    return cached?.url === url ? cached.statuses : [];
  }
}
