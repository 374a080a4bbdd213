// Fetching a feed the way a polite, careful client does: conditional requests (ETag,
// Last-Modified), a time limit and a size cap, compressed answers, a few redirects, Retry-After
// honoured, a User-Agent that says who asks. Every connection goes through a DNS lookup that
// refuses non-public addresses, so the address checked is the address connected to (a name that
// answers differently a second time cannot slip a private address in), on every redirect too.
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { FeedError } from './parse-feed.ts';
import { isPublicAddress, privateAddressError, unknownHostError } from './safe-address.ts';

export interface FetchFeedOptions {
  /** A server on a home or office network may read feeds there when its administrator says so. */
  allowPrivate: boolean;
  /** The validators of the last answer, sent back so an unchanged feed costs a 304. */
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export type FetchFeedResult =
  | {
      kind: 'fetched';
      /** Where the feed was found, after redirects. */
      url: string;
      body: Uint8Array;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    }
  | { kind: 'not_modified'; url: string };

export const FETCH_DEFAULTS = {
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  userAgent: 'Moneta-Exoreader/1 (feed reader; +https://github.com/)',
} as const;

const PROTOCOLS = new Set(['http:', 'https:']);

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** DNS as Node does it, refusing the answer when any address is not public. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
        return callback(
          Object.assign(new Error(`${hostname} is on a private network`), {
            code: 'EPRIVATE',
          }) as NodeJS.ErrnoException,
          [],
        );
      }
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Seconds or an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function decoded(response: IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip());
    case 'br':
      return response.pipe(createBrotliDecompress());
    case 'deflate':
      return response.pipe(createInflate());
    default:
      return response;
  }
}

const header = (response: IncomingMessage, name: string): string | null => {
  const value = response.headers[name];
  return typeof value === 'string' ? value : null;
};

function networkError(error: NodeJS.ErrnoException, host: string): FeedError {
  if (error.code === 'EPRIVATE') return privateAddressError(host);
  if (error.code === 'ENOTFOUND' || error.code === 'ENODATA') return unknownHostError(host, error);
  return new FeedError('network', `Could not reach ${host} (${error.code ?? error.message}).`, { cause: error });
}

/** One request, no redirect followed: the answer's status, headers and (capped) body. */
function once(
  url: URL,
  options: Required<Pick<FetchFeedOptions, 'timeoutMs' | 'maxBytes' | 'userAgent' | 'allowPrivate'>> &
    Pick<FetchFeedOptions, 'etag' | 'lastModified'>,
  deadline: number,
): Promise<{ response: IncomingMessage; body: Uint8Array | null }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    // A literal address never meets the lookup: it is checked here.
    if (isIP(host) && !options.allowPrivate && !isPublicAddress(host)) return reject(privateAddressError(host));
    const left = Math.max(1, deadline - Date.now());
    const req = request(url, {
      method: 'GET',
      lookup: guardedLookup(options.allowPrivate) as never,
      headers: {
        'user-agent': options.userAgent,
        accept:
          'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.5, */*;q=0.1',
        'accept-encoding': 'gzip, br, deflate',
        ...(options.etag ? { 'if-none-match': options.etag } : {}),
        ...(options.lastModified ? { 'if-modified-since': options.lastModified } : {}),
      },
      timeout: left,
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), left);
    const fail = (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error instanceof FeedError) return reject(error);
      if (error.code === 'ETIMEDOUT')
        return reject(
          new FeedError('timeout', `${host} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`),
        );
      reject(networkError(error, host));
    };
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', fail);
    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        // Redirects, 304 and errors carry nothing the reader keeps.
        response.resume();
        clearTimeout(timer);
        return resolve({ response, body: null });
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        req.destroy();
        clearTimeout(timer);
        return reject(tooLarge(host, options.maxBytes));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const stream = decoded(response);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Counted after decompression: a small gzip can hide a huge feed.
        if (size > options.maxBytes) {
          req.destroy();
          stream.destroy();
          clearTimeout(timer);
          reject(tooLarge(host, options.maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (error: NodeJS.ErrnoException) => fail(error));
      stream.on('end', () => {
        clearTimeout(timer);
        resolve({ response, body: new Uint8Array(Buffer.concat(chunks)) });
      });
    });
    req.end();
  });
}

const tooLarge = (host: string, maxBytes: number) =>
  new FeedError('too_large', `The feed at ${host} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);

/**
 * Fetches `address`: the feed's bytes, or that it has not changed since the validators given.
 * Every failure is a FeedError whose message a person can act on; a 429 or 503 carries the
 * server's Retry-After.
 */
export async function fetchFeed(address: string, options: FetchFeedOptions): Promise<FetchFeedResult> {
  const settings = {
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? FETCH_DEFAULTS.maxBytes,
    userAgent: options.userAgent ?? FETCH_DEFAULTS.userAgent,
    etag: options.etag,
    lastModified: options.lastModified,
  };
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const deadline = Date.now() + settings.timeoutMs;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FeedError('network', `“${address}” is not a web address.`);
  }
  for (let hop = 0; ; hop++) {
    if (!PROTOCOLS.has(url.protocol)) throw new FeedError('network', `Only http and https addresses are read.`);
    const { response, body } = await once(url, settings, deadline);
    const status = response.statusCode ?? 0;
    const location = header(response, 'location');
    if (status >= 300 && status < 400 && status !== 304 && location) {
      if (hop >= maxRedirects)
        throw new FeedError('too_many_redirects', `The feed's address redirects more than ${maxRedirects} times.`);
      url = new URL(location, url);
      continue;
    }
    if (status === 304) return { kind: 'not_modified', url: url.href };
    if (status === 200 && body)
      return {
        kind: 'fetched',
        url: url.href,
        body,
        contentType: header(response, 'content-type'),
        etag: header(response, 'etag'),
        lastModified: header(response, 'last-modified'),
      };
    throw new FeedError('http_error', `The feed's server answered ${status} ${response.statusMessage ?? ''}.`.trim(), {
      retryAfterMs:
        status === 429 || status === 503 ? retryAfterMs(header(response, 'retry-after') ?? undefined) : null,
    });
  }
}
