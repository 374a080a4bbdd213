// Turns any thrown value into what the error box shows: a code for the title, a sentence for
// the detail, and field reasons for the inputs (spec 000 §8). Kept free of React for testing.
import { type FieldReasons, isFieldReasons, MESSAGES } from '../domain/errors.ts';

export interface DescribedError {
  code: string;
  reason: string | null;
  fields: FieldReasons | null;
}

const FALLBACK_CODE = 'undefined_error';

export function describeError(error: unknown): DescribedError {
  if (typeof error === 'string') return { code: FALLBACK_CODE, reason: error, fields: null };
  if (typeof error !== 'object' || error === null)
    return { code: FALLBACK_CODE, reason: MESSAGES.undefinedError, fields: null };
  const { error: code, reason, message } = error as { error?: unknown; reason?: unknown; message?: unknown };
  const knownCode = typeof code === 'string' && code ? code : FALLBACK_CODE;
  // CouchDB's own "Document update conflict." says less than the spec's sentence.
  if (knownCode === 'conflict') return { code: knownCode, reason: MESSAGES.conflict, fields: null };
  if (isFieldReasons(reason)) return { code: knownCode, reason: null, fields: reason };
  if (typeof reason === 'string' && reason) return { code: knownCode, reason, fields: null };
  if (typeof message === 'string' && message) return { code: knownCode, reason: message, fields: null };
  return { code: knownCode, reason: MESSAGES.undefinedError, fields: null };
}

/** Splits field reasons into those a form can show under its inputs and the rest, for the error box. */
export function splitFieldReasons(
  fields: FieldReasons,
  shown: readonly string[],
): { shown: FieldReasons; other: FieldReasons | null } {
  const inForm: FieldReasons = {};
  const other: FieldReasons = {};
  for (const [field, messages] of Object.entries(fields)) (shown.includes(field) ? inForm : other)[field] = messages;
  return { shown: inForm, other: Object.keys(other).length ? other : null };
}
