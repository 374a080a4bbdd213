import { type FieldReasons, isFieldReasons, MESSAGES } from '../domain/errors.ts';

/** A failed call: the server's `{ error, reason }` envelope plus the HTTP status (0 without a response). */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly reason: string | FieldReasons;

  constructor(status: number, error: string, reason: string | FieldReasons) {
    super(typeof reason === 'string' ? reason : error);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.reason = reason;
  }
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
};

export function errorCodeForStatus(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'internal_server_error' : 'undefined_error');
}

/** Builds the error from whatever body came back: proxies and crashes may not answer with the envelope. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const error = typeof envelope.error === 'string' && envelope.error ? envelope.error : errorCodeForStatus(status);
  const reason = envelope.reason;
  if (typeof reason === 'string' && reason) return new ApiError(status, error, reason);
  if (isFieldReasons(reason) && Object.keys(reason).length > 0) return new ApiError(status, error, reason);
  return new ApiError(status, error, status === 404 ? MESSAGES.notFound : MESSAGES.undefinedError);
}

export function networkError(): ApiError {
  return new ApiError(0, 'undefined_error', MESSAGES.networkError);
}

/** Client-side validation failures look exactly like the server's 422, so forms show both the same way. */
export function validationError(reasons: FieldReasons): ApiError {
  return new ApiError(422, 'unprocessable_entity', reasons);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
