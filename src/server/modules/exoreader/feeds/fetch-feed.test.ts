import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed, retryAfterMs } from './fetch-feed.ts';
import type { FeedError } from './parse-feed.ts';

const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';
const seen: Array<{ path: string; headers: IncomingMessage['headers'] }> = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/feed': (req, res) => {
    if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
    res.writeHead(200, {
      'content-type': 'application/rss+xml',
      etag: '"v1"',
      'last-modified': 'Tue, 24 Nov 2026 10:00:00 GMT',
    });
    res.end(FEED);
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    res.end(gzipSync(FEED));
  },
  '/r1': (_req, res) => void res.writeHead(301, { location: '/r2' }).end(),
  '/r2': (_req, res) => void res.writeHead(302, { location: '/feed' }).end(),
  '/loop': (_req, res) => void res.writeHead(302, { location: '/loop' }).end(),
  '/broken': (_req, res) => void res.writeHead(500).end('oops'),
  '/busy': (_req, res) => void res.writeHead(503, { 'retry-after': '120' }).end(),
  '/slow': () => undefined,
  '/big-declared': (_req, res) => {
    res.writeHead(200, { 'content-length': String(2_000_000) });
    res.end(Buffer.alloc(2_000_000, 32));
  },
  '/big-chunked': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    for (let i = 0; i < 40; i++) res.write(Buffer.alloc(50_000, 32));
    res.end();
  },
  '/bomb': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(5_000_000, 32)));
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = { allowPrivate: true };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: FeedError) => ({ code: error.code, retryAfterMs: error.retryAfterMs }),
  );

describe('fetching a feed', () => {
  it('sends the validators back, so an unchanged feed is a 304, and says who asks', async () => {
    const first = await fetchFeed(`${base}/feed`, local);
    expect(first).toMatchObject({ kind: 'fetched', url: `${base}/feed`, etag: '"v1"' });
    expect(first.kind === 'fetched' && new TextDecoder().decode(first.body)).toBe(FEED);
    expect(first.kind === 'fetched' && first.lastModified).toBe('Tue, 24 Nov 2026 10:00:00 GMT');
    expect(await fetchFeed(`${base}/feed`, { ...local, etag: '"v1"' })).toEqual({
      kind: 'not_modified',
      url: `${base}/feed`,
    });
    const asked = seen.filter((s) => s.path === '/feed').at(-1)!.headers;
    expect(asked['user-agent']).toMatch(/Exoreader/);
    expect(asked['accept-encoding']).toContain('gzip');
  });

  it('reads compressed answers and follows a few redirects to where the feed is', async () => {
    const gz = await fetchFeed(`${base}/gzip`, local);
    expect(gz.kind === 'fetched' && new TextDecoder().decode(gz.body)).toBe(FEED);
    expect(await fetchFeed(`${base}/r1`, local)).toMatchObject({ kind: 'fetched', url: `${base}/feed` });
    expect(await failure(fetchFeed(`${base}/loop`, { ...local, maxRedirects: 3 }))).toMatchObject({
      code: 'too_many_redirects',
    });
  });

  it('says what went wrong, with the Retry-After of a busy server', async () => {
    expect(await failure(fetchFeed(`${base}/broken`, local))).toEqual({ code: 'http_error', retryAfterMs: null });
    expect(await failure(fetchFeed(`${base}/busy`, local))).toEqual({ code: 'http_error', retryAfterMs: 120_000 });
    expect(await failure(fetchFeed(`${base}/slow`, { ...local, timeoutMs: 300 }))).toMatchObject({ code: 'timeout' });
    expect(await failure(fetchFeed('ftp://example.com/feed', local))).toMatchObject({ code: 'network' });
  });

  it('stops reading past the size cap, declared, streamed or compressed', async () => {
    const capped = { ...local, maxBytes: 1_000_000 };
    for (const path of ['/big-declared', '/big-chunked', '/bomb'])
      expect(await failure(fetchFeed(`${base}${path}`, capped)), path).toMatchObject({ code: 'too_large' });
  });

  it('refuses addresses off the Internet, literal or by name, unless allowed', async () => {
    const before = seen.length;
    expect(await failure(fetchFeed(`${base}/feed`, { allowPrivate: false }))).toMatchObject({
      code: 'private_address',
    });
    const port = new URL(base).port;
    expect(await failure(fetchFeed(`http://localhost:${port}/feed`, { allowPrivate: false }))).toMatchObject({
      code: 'private_address',
    });
    expect(seen.length).toBe(before);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('30')).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:01:00 GMT', Date.parse('2026-11-25T12:00:00Z'))).toBe(60_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});
