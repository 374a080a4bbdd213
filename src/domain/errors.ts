// One error envelope for every failure, CouchDB style: `{ error, reason }`, where reason is
// either a sentence or an object mapping field names to messages (spec 000 §8).

export type FieldReasons = Record<string, string[]>;

export interface ErrorBody {
  error: string;
  reason: string | FieldReasons;
}

/** Standard field messages (spec 000 §5, spec 001 §5). */
export const FIELD_MESSAGES = {
  blank: "can't be blank",
  invalid: 'is invalid',
  taken: 'has already been taken',
  accepted: 'must be accepted',
  mismatch: "doesn't match",
  inclusion: 'is not included in the list',
  tooShort: 'is too short',
  tooLong: 'is too long',
  notFound: 'must exist',
  notAllowed: 'is not allowed',
  regexRefused: 'cannot use $regex',
} as const;

export const MESSAGES = {
  conflict: 'This record was updated by someone else, please refresh',
  badCredentials: 'Email or password is incorrect',
  missingCredentials: 'Please provide username and password',
  confirmFirst: 'Please, confirm your email first',
  loginAgain: 'Please, login again',
  forbidden: 'You are not allowed to access this data',
  permissionDenied: 'Permission denied',
  tokenUsed: 'Token already used or expired, please request a new one',
  needsConfirmedEmail: 'You need to confirm your email to use this feature',
  tooManyRequests: 'Too many requests, please try again later',
  notFound: 'Not found',
  undefinedError: 'Undefined error',
  networkError: 'Network error',
  invalidOrNotSet: 'Invalid or not set',
  noStorageSpace: 'There is no more storage space on this device: nothing was lost, free some space and try again',
  storeUnavailable: 'The database is not available right now; your changes are kept, please try again in a moment',
  storeRefused: 'The database refused this request',
  busy: 'The server is busy, please try again in a moment',
  tooLarge: 'The request is too large',
  invalidJson: 'Invalid JSON',
  invalidPath: 'Invalid path',
  methodNotAllowed: 'Method not allowed',
  jsonOnly: 'Send the body as application/json',
  crossSite: 'Requests from other sites are not accepted',
} as const;

/**
 * The i18n key for a server reason or field message: spaces become hyphens; apostrophes,
 * dots and commas are removed (spec 000 §8).
 */
export function reasonKey(reason: string): string {
  return reason
    .trim()
    .replace(/['’.,]/g, '')
    .replace(/\s+/g, '-');
}

export function isFieldReasons(reason: unknown): reason is FieldReasons {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    !Array.isArray(reason) &&
    Object.values(reason).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}

/** Collects per-field messages; `hasErrors` tells whether anything was added. */
export class FieldErrors {
  readonly reasons: FieldReasons = {};

  add(field: string, message: string): this {
    (this.reasons[field] ??= []).push(message);
    return this;
  }

  get hasErrors(): boolean {
    return Object.keys(this.reasons).length > 0;
  }
}
