// Request bodies are read only where a handler asks for them, after authentication, with the
// limit of that endpoint; an instance-wide budget bounds the bytes held in memory at once, so a
// burst of large bodies is refused (503, try again) rather than growing the heap without bound.
import type { Request } from 'express';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors.ts';
import { badRequest, HttpError } from './http-error.ts';

export const MAX_JSON_DEPTH = 32;

/**
 * True when the JSON text nests arrays and objects deeper than `max`. A scan, not a parse: deep
 * nesting must be refused before anything recursive (JSON.stringify, the store) sees it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export const KB = 1024;
export const MB = 1024 * KB;

export const TOO_DEEP = `is nested too deeply (maximum is ${MAX_JSON_DEPTH} levels)`;

/** Bytes of request bodies held at once by this instance. */
export class BodyBudget {
  private used = 0;
  readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  reserve(bytes: number): boolean {
    if (this.used + bytes > this.max) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  get inUse(): number {
    return this.used;
  }
}

const tooLarge = () => new HttpError(413, MESSAGES.tooLarge);
const busy = () => new HttpError(503, MESSAGES.busy, 'service_unavailable');

/** The raw body, at most `limit` bytes; 413 beyond, before reading it when the length is announced. */
export async function readRawBody(req: Request, limit: number, budget: BodyBudget): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (req.readableEnded) return Buffer.alloc(0);
  const reserved = Number.isFinite(declared) ? declared : limit;
  if (!budget.reserve(reserved)) throw busy();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const cleanup = () => {
        req.off('data', onData);
        req.off('end', onEnd);
        req.off('error', onError);
        req.off('aborted', onAborted);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          cleanup();
          req.pause();
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = () => {
        cleanup();
        resolve(Buffer.concat(chunks, size));
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onAborted = () => onError(new Error('request aborted'));
      req.on('data', onData);
      req.on('end', onEnd);
      req.on('error', onError);
      req.on('aborted', onAborted);
    });
  } finally {
    budget.release(reserved);
  }
}

export function isJsonType(req: Request): boolean {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Parses JSON text with the nesting bound; 400 with a clear reason otherwise. */
export function parseJson(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw badRequest({ body: [TOO_DEEP] });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(MESSAGES.invalidJson);
  }
}

/**
 * A JSON body: 415 for another content type, 413 past the limit, 400 when malformed or nested
 * too deeply. An empty body is `undefined` when `optional`, 400 otherwise.
 */
export async function readJsonBody(
  req: Request,
  limit: number,
  budget: BodyBudget,
  { optional = false } = {},
): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  const hasBody = (Number.isFinite(declared) && declared > 0) || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody && optional) return undefined;
  if (!isJsonType(req)) throw new HttpError(415, MESSAGES.jsonOnly);
  const raw = await readRawBody(req, limit, budget);
  const text = raw.toString('utf8');
  if (text.trim() === '') {
    if (optional) return undefined;
    throw badRequest({ body: [FIELD_MESSAGES.blank] });
  }
  return parseJson(text);
}

/** A JSON object (not an array, not a scalar), or 400. */
export function asObject(value: unknown, field = 'body'): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest({ [field]: [FIELD_MESSAGES.invalid] });
  return value as Record<string, unknown>;
}
