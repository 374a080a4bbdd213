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

/** The last middleware: every failure leaves as `{ error, reason }`, and only real bugs as 500. */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    // A body left unread (refused before reading it) is not drained: the connection closes instead.
    if (!req.complete) res.setHeader('Connection', 'close');
    if (err instanceof HttpError) {
      res.status(err.status).json({ error: err.error, reason: err.reason });
      return;
    }
    if (err instanceof StoreError && err.status === 409) {
      res.status(409).json({ error: 'conflict', reason: MESSAGES.conflict });
      return;
    }
    if (err instanceof StoreError && err.status === 503) {
      // The store is restarting or stalled: the app keeps the person's work and tries again.
      log(`store unavailable: ${String(err.body.reason ?? '')}`);
      res.setHeader('Retry-After', '2');
      res.status(503).json({ error: 'store_unavailable', reason: MESSAGES.storeUnavailable });
      return;
    }
    // body-parser's errors carry a status (malformed JSON, too large, bad charset).
    const status = (err as { status?: number; type?: string }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const reason = status === 400 ? MESSAGES.invalidJson : (err as Error).message;
      res.status(status).json({ error: CODES[status] ?? 'bad_request', reason });
      return;
    }
    log(`error: ${(err as Error)?.stack ?? String(err)}`);
    res.status(500).json({ error: 'internal_server_error', reason: MESSAGES.undefinedError });
  };
}
