// A local web server playing feed publishers for the reader's integration tests: each path answers
// as the test says (a feed with validators, an error, a redirect, a slow or huge answer, a page
// announcing its feed), and every request is recorded, so tests can count what reached it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FeedHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** The status answered (0 while the answer is still being written, or when it never was). */
  status: number;
}

export interface FeedItem {
  guid: string;
  title: string;
  /** ISO date; now when absent. */
  date?: string;
  description?: string;
}

export function rss(title: string, items: readonly FeedItem[], link = 'https://example.org/'): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${escape(title)}</title><link>${escape(link)}</link>
${items
  .map(
    (i) => `<item><guid isPermaLink="false">${escape(i.guid)}</guid><title>${escape(i.title)}</title>
<link>${escape(new URL(i.guid, link).href)}</link><pubDate>${new Date(i.date ?? Date.now()).toUTCString()}</pubDate>
<description>${escape(i.description ?? `About ${i.title}`)}</description></item>`,
  )
  .join('\n')}
</channel></rss>`;
}

/** A feed that answers 304 to a request carrying its current ETag; `content()` is read on every request. */
export function conditionalFeed(content: () => { etag: string; body: string }): FeedHandler {
  return (req, res) => {
    const { etag, body } = content();
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag }).end(body);
  };
}

export class FeedServer {
  readonly requests: SeenRequest[] = [];
  private readonly routes = new Map<string, FeedHandler>();
  private readonly server: Server;
  url = '';

  private constructor() {
    this.server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://feeds.invalid').pathname;
      const seen: SeenRequest = { path, headers: req.headers, status: 0 };
      this.requests.push(seen);
      res.on('finish', () => (seen.status = res.statusCode));
      const handler = this.routes.get(path);
      if (!handler) {
        res.writeHead(404).end('not here');
        return;
      }
      Promise.resolve(handler(req, res)).catch(() => res.destroy());
    });
  }

  static async start(): Promise<FeedServer> {
    const feeds = new FeedServer();
    await new Promise<void>((resolve) => feeds.server.listen(0, '127.0.0.1', resolve));
    feeds.url = `http://127.0.0.1:${(feeds.server.address() as AddressInfo).port}`;
    return feeds;
  }

  /** Answers `path` with `handler` from now on. */
  route(path: string, handler: FeedHandler): string {
    this.routes.set(path, handler);
    return this.url + path;
  }

  /** The requests that reached `path`. */
  seen(path: string): SeenRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls `probe` until it returns something truthy, or fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
