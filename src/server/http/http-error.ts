import type { ErrorRequestHandler } from 'express';
import { type FieldReasons, MESSAGES } from '../../domain/errors.ts';
import { StoreError } from '../store/couch-client.ts';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'request_entity_too_large',
  415: 'bad_content_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_server_error',
  503: 'service_unavailable',
};

export class HttpError extends Error {
  readonly status: number;
  readonly reason: string | FieldReasons;
  readonly error: string;
  constructor(status: number, reason: string | FieldReasons, error: string = CODES[status] ?? 'undefined_error') {
    super(typeof reason === 'string' ? reason : JSON.stringify(reason));
    this.status = status;
    this.reason = reason;
    this.error = error;
  }
}

export const badRequest = (reason: string | FieldReasons) => new HttpError(400, reason);
export const unauthorized = (reason: string = MESSAGES.loginAgain) => new HttpError(401, reason);
export const forbidden = (reason: string = MESSAGES.forbidden) => new HttpError(403, reason);
export const notFound = (reason: string = MESSAGES.notFound) => new HttpError(404, reason);
export const conflict = () => new HttpError(409, MESSAGES.conflict);
export const unprocessable = (reason: string | FieldReasons) => new HttpError(422, reason);

/** What a failure answers: its status and `{ error, reason }`; only real bugs are logged, as 500. */
export function errorEnvelope(
  err: unknown,
  log: (line: string) => void,
): { status: number; error: string; reason: string | FieldReasons; retryAfter?: string } {
  if (err instanceof HttpError) return { status: err.status, error: err.error, reason: err.reason };
  if (err instanceof StoreError && err.status === 409)
    return { status: 409, error: 'conflict', reason: MESSAGES.conflict };
  if (err instanceof StoreError && err.status === 503) {
    // The store is restarting or stalled: the app keeps the person's work and tries again.
    log(`store unavailable: ${String(err.body.reason ?? '')}`);
    return { status: 503, error: 'store_unavailable', reason: MESSAGES.storeUnavailable, retryAfter: '2' };
  }
  // body-parser's errors carry a status (malformed JSON, too large, bad charset).
  const status = (err as { status?: number; type?: string }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const reason = status === 400 ? MESSAGES.invalidJson : (err as Error).message;
    return { status, error: CODES[status] ?? 'bad_request', reason };
  }
  log(`error: ${(err as Error)?.stack ?? String(err)}`);
  return { status: 500, error: 'internal_server_error', reason: MESSAGES.undefinedError };
}

/** The last middleware: every failure leaves as `{ error, reason }`, and only real bugs as 500. */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    // A body left unread (refused before reading it) is not drained: the connection closes instead.
    if (!req.complete) res.setHeader('Connection', 'close');
    const { status, error, reason, retryAfter } = errorEnvelope(err, log);
    if (retryAfter) res.setHeader('Retry-After', retryAfter);
    res.status(status).json({ error, reason });
  };
}
