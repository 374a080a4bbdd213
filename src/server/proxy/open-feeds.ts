// Change feeds stay open for minutes, so being allowed when one opened is not enough: each open
// feed is judged again whenever the caller's user document or one of their tokens changes (a
// membership removed, a password changed, a session ended, a token revoked), and every 30 s in
// any case. One watcher per instance follows `moneta-users`; a feed that lost its access is cut
// within a second. Several instances each watch for their own feeds.
import { type AppContext, USERS_DB } from '../context.ts';

export interface OpenFeed {
  userId: string;
  /** Runs the request's authentication and authorisation again. */
  stillAllowed: () => Promise<boolean>;
  cut: () => void;
}

const RECHECK_MS = 30_000;

export class OpenFeeds {
  private readonly byUser = new Map<string, Set<OpenFeed>>();
  private controller: AbortController | null = null;
  private timer: NodeJS.Timeout | null = null;

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(feed: OpenFeed): () => void {
    let set = this.byUser.get(feed.userId);
    if (!set) this.byUser.set(feed.userId, (set = new Set()));
    set.add(feed);
    return () => {
      set.delete(feed);
      if (set.size === 0) this.byUser.delete(feed.userId);
    };
  }

  async recheckUser(userId: string): Promise<void> {
    const feeds = [...(this.byUser.get(userId) ?? [])];
    await Promise.all(feeds.map((feed) => this.recheck(feed)));
  }

  private async recheck(feed: OpenFeed): Promise<void> {
    let allowed = false;
    try {
      allowed = await feed.stillAllowed();
    } catch {
      // The store did not answer: nothing proves access any more, so the feed ends (the client retries).
    }
    if (!allowed) feed.cut();
  }

  /** Starts following `moneta-users` from now, and the periodic check. */
  start(ctx: AppContext): void {
    this.controller = new AbortController();
    void this.follow(ctx, this.controller.signal);
    this.timer = setInterval(() => {
      for (const userId of [...this.byUser.keys()]) void this.recheckUser(userId);
    }, RECHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    this.controller?.abort();
    if (this.timer) clearInterval(this.timer);
    for (const set of this.byUser.values()) for (const feed of set) feed.cut();
    this.byUser.clear();
  }

  private async follow(ctx: AppContext, signal: AbortSignal): Promise<void> {
    let since = 'now';
    let delay = 0;
    while (!signal.aborted) {
      try {
        const res = await ctx.store.request<{
          results: Array<{ id: string; doc?: { klass?: string; user_id?: string } }>;
          last_seq: string;
        }>(`/${USERS_DB}/_changes`, {
          query: { feed: 'longpoll', since, include_docs: true, heartbeat: 10_000 },
          signal,
        });
        if (!res) throw new Error('moneta-users has no changes feed');
        since = String(res.last_seq);
        delay = 0;
        const users = new Set<string>();
        for (const change of res.results) {
          if (change.id.startsWith('usr-')) users.add(change.id);
          else if (change.doc?.klass === 'UserToken' && change.doc.user_id) users.add(change.doc.user_id);
        }
        await Promise.all([...users].filter((u) => this.byUser.has(u)).map((u) => this.recheckUser(u)));
      } catch (error) {
        if (signal.aborted) return;
        delay = Math.min(delay === 0 ? 500 : delay * 2, 10_000);
        ctx.config.log(`feeds: watching moneta-users failed (${(error as Error).message}); again in ${delay} ms`);
        // Meanwhile nothing says who lost access: judge every open feed again.
        for (const userId of [...this.byUser.keys()]) void this.recheckUser(userId);
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }
}
