// Sending a classified `/db` request to the store and its answer back. The store's URL is built
// here from the parsed endpoint alone, each segment encoded, with the parameters endpoints.ts let
// through; the answer's headers are chosen, never copied wholesale; the store's errors leave as
// `{ error, reason }`, never as its error page or a stack trace.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Request, Response } from 'express';
import { MESSAGES } from '../../domain/errors.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/http-error.ts';
import { isUnavailableStatus, storeUnavailable } from '../store/couch-client.ts';
import type { DbTarget } from './endpoints.ts';

const enc = encodeURIComponent;

/** The store path of an endpoint inside database `db`, rebuilt from its parts. */
export function storePath(db: string, target: DbTarget): string {
  const base = `/${enc(db)}`;
  switch (target.kind) {
    case 'info':
      return base;
    case 'all_docs':
    case 'changes':
    case 'bulk_get':
    case 'revs_diff':
    case 'bulk_docs':
    case 'find':
    case 'ensure_full_commit':
      return `${base}/_${target.kind}`;
    case 'local':
      return `${base}/_local/${enc(target.name)}`;
    case 'doc':
      return target.design ? `${base}/_design/${enc(target.id.slice('_design/'.length))}` : `${base}/${enc(target.id)}`;
    case 'attachment':
      return `${base}/${enc(target.id)}/${target.name.map(enc).join('/')}`;
    case 'view':
      return `${base}/_design/${enc(target.ddoc)}/_view/${enc(target.view)}`;
    case 'update':
      return `${base}/_design/${enc(target.ddoc)}/_update/${enc(target.handler)}/${enc(target.id)}`;
  }
}

/** Image types a browser only ever renders as a picture: served inline. Everything else downloads. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
const RESPONSE_HEADERS = ['content-type', 'etag', 'x-couch-update-newrev', 'x-couch-request-id'];
const ERROR_BODY_LIMIT = 64 * 1024;

export interface ForwardOptions {
  method: string;
  path: string;
  params?: URLSearchParams;
  /** A JSON body (serialised here) or raw bytes with their type. */
  json?: unknown;
  raw?: { bytes: Buffer; type: string };
  /** An attachment read: served so that it can never run as a page of our origin. */
  attachment?: boolean;
  signal?: AbortSignal;
}

/** Calls the store for a proxied request. Network failures become 503 `store_unavailable`. */
export async function callStore(ctx: AppContext, options: ForwardOptions): Promise<globalThis.Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw) {
    headers['content-type'] = options.raw.type || 'application/octet-stream';
    body = new Uint8Array(options.raw.bytes);
  }
  const query = options.params?.toString();
  return ctx.store.fetch(`${options.path}${query ? `?${query}` : ''}`, {
    method: options.method,
    headers,
    body,
    signal: options.signal,
    proxied: true,
  });
}

/**
 * The store's error as our envelope, by its status. A 4xx is about the request: it leaves with the
 * store's own `{ error, reason }` (404, 409, 412…). Only a store that cannot serve now (a gateway
 * before it answering 502/503/504) is 503 `store_unavailable`, which the app retries; any other
 * failure is 502 `store_error`, since retrying the same request would fail the same way. The
 * store's 401 and 403 are about our server's credentials, never the caller's, so they must not
 * look like a lost session to the app.
 */
export async function storeFailure(upstream: globalThis.Response): Promise<Error> {
  let parsed: { error?: unknown; reason?: unknown } = {};
  try {
    const text = (await upstream.text()).slice(0, ERROR_BODY_LIMIT);
    if ((upstream.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON (an HTML error page): only the status is kept.
  }
  if (isUnavailableStatus(upstream.status)) return storeUnavailable(`store answered ${upstream.status}`);
  if (upstream.status >= 500 || upstream.status === 401 || upstream.status === 403) {
    return new HttpError(502, MESSAGES.storeRefused, 'store_error');
  }
  const reason = typeof parsed.reason === 'string' && parsed.reason.length <= 500 ? parsed.reason : undefined;
  const code = typeof parsed.error === 'string' && /^[a-z_]{1,50}$/.test(parsed.error) ? parsed.error : undefined;
  return new HttpError(upstream.status, reason ?? MESSAGES.storeRefused, code);
}

/** Copies the chosen headers and streams the body; errors and HEAD end it cleanly. */
export async function relay(res: Response, upstream: globalThis.Response, options: ForwardOptions): Promise<void> {
  if (upstream.status >= 400) throw await storeFailure(upstream);
  res.status(upstream.status);
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) res.setHeader(name, value);
  }
  if (options.attachment) {
    const type = (upstream.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    res.setHeader('Content-Disposition', INLINE_TYPES.has(type) ? 'inline' : 'attachment');
  }
  if (!upstream.body || options.method === 'HEAD') {
    await upstream.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  await pipeBody(res, upstream.body as WebReadableStream);
}

export function pipeBody(res: Response, body: WebReadableStream): Promise<void> {
  return new Promise((resolve) => {
    const stream = Readable.fromWeb(body);
    const done = () => resolve();
    stream.on('error', () => {
      res.destroy();
      done();
    });
    res.on('close', () => {
      stream.destroy();
      done();
    });
    stream.on('end', done);
    stream.pipe(res);
  });
}

/** A request that needs the store but may not wait on a client that left. */
export function clientSignal(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  req.on('aborted', () => controller.abort());
  return controller.signal;
}
