// Sending and receiving a file's bytes over HTTP, for the `/api` calls and WebDAV alike: ranges,
// validators (the ETag is the content's hash, so it changes with the content and only with it),
// and a stored content never served as a page of our origin.
import type { Request, Response } from 'express';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileVersion } from '../../../domain/modules/rdisk/records.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { ByteRange, StoredContent } from '../../services/byte-store.ts';
import { diskConfig } from './config.ts';

/**
 * A content's ETag: its SHA-256 in base64url (43 characters, not 64): clients copy ETags into `If`
 * headers beside lock tokens, and some cut those headers at 200 characters (litmus does).
 */
export const etagOf = (hash: string) => `"${Buffer.from(hash, 'hex').toString('base64url')}"`;

/**
 * The one range asked for (`bytes=a-b`, `bytes=a-`, `bytes=-n`), null for the whole content, or
 * 'unsatisfiable'. Several ranges at once are answered whole, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Whether `If-None-Match` / `If-Match` let the request go on, given the current ETag (null: none). */
export function preconditions(req: Request, etag: string | null, write: boolean): 'ok' | 304 | 412 {
  const match = req.headers['if-match'];
  if (match !== undefined) {
    const tags = match.split(',').map((t) => t.trim());
    if (etag === null || !(tags.includes('*') || tags.includes(etag))) return 412;
  }
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map((t) => t.trim());
    if (etag !== null && (tags.includes('*') || tags.includes(etag))) return write ? 412 : 304;
  }
  return 'ok';
}

/** A store's body that is not as long as the content's record says. */
export class WrongLength extends Error {}

/**
 * Passes exactly `length` bytes, and fails otherwise: a store whose body is shorter than the
 * record says would leave the client waiting for the rest of a `Content-Length` it was promised
 * (rclone waited a minute per try before calling it an unexpected EOF). Failing ends the response
 * with an error, so the client sees it at once and the log says which content.
 */
export function exactly(length: number, what: string): Transform {
  let passed = 0;
  const wrong = () => new WrongLength(`the store sent ${passed} bytes of ${what}, not ${length}`);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      passed += chunk.length;
      callback(passed > length ? wrong() : null, chunk);
    },
    flush(callback) {
      callback(passed === length ? null : wrong());
    },
  });
}

/** Answers GET or HEAD with a version's bytes (a range of them when asked). */
export async function sendContent(
  ctx: AppContext,
  req: Request,
  res: Response,
  version: FileVersion,
  options: { name: string; modifiedAt?: string; attachment: boolean },
): Promise<void> {
  const etag = etagOf(version.hash);
  res.setHeader('ETag', etag);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Last-Modified', new Date(options.modifiedAt ?? version.at).toUTCString());
  // Whatever was uploaded (HTML, SVG) is data here, never a page: dataHeaders sandbox it too.
  res.setHeader('Content-Type', version.content_type || 'application/octet-stream');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (options.attachment)
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(options.name)}`);
  const precondition = preconditions(req, etag, false);
  if (precondition !== 'ok') {
    res.status(precondition).end();
    return;
  }
  let range = parseRange(req.headers.range, version.size);
  // A range asked with If-Range of another version is answered whole.
  const ifRange = req.headers['if-range'];
  if (range && ifRange !== undefined && ifRange !== etag) range = null;
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${version.size}`);
    res.status(416).end();
    return;
  }
  const length = range ? range.end - range.start + 1 : version.size;
  res.setHeader('Content-Length', String(length));
  if (range) {
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${version.size}`);
    res.status(206);
  } else res.status(200);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  const stream = await ctx.bytes.get(version.hash, range ?? undefined);
  if (!stream) throw new HttpError(500, 'The content of this file is missing');
  try {
    await pipeline(stream, exactly(length, version.hash), res);
  } catch (error) {
    // The client went away (nothing to answer), or the store's body was not the content's length.
    if (error instanceof WrongLength) ctx.config.log(`disk: ${error.message}`);
  }
}

const tooLarge = () => new HttpError(413, 'This file is larger than the server accepts');

/**
 * Reads a request's body into the byte store as it arrives, at most `DISK_MAX_FILE_BYTES`: 413
 * before reading when the announced length is over, and as soon as the bytes read are.
 */
export async function receiveContent(ctx: AppContext, req: Request): Promise<StoredContent> {
  const max = diskConfig(ctx).maxFileBytes;
  if (Number(req.headers['content-length'] ?? 0) > max) throw tooLarge();
  let read = 0;
  let over = false;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read > max) {
        over = true;
        done(tooLarge());
      } else done(null, chunk);
    },
  });
  req.on('error', (error) => limited.destroy(error));
  try {
    return await ctx.bytes.put(req.pipe(limited));
  } catch (error) {
    if (over) throw tooLarge();
    throw error;
  }
}
