// A record kind described once: its fields, how they are validated, listed, searched and sorted.
// The generic resource screens, the server's write checks and the search view all read these
// descriptions, so a rule written here holds on the device and on the server alike.
import { FIELD_MESSAGES as M, FieldErrors } from '../errors';
import { type IdPrefix, type Klass, ID_PREFIXES, isId } from '../ids';
import { normalizeTags } from '../tags';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'email'
  | 'url'
  | 'date'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'select'
  | 'reference'
  | 'member'
  | 'color'
  | 'tags'
  | 'lines'
  | 'rows';

export interface FieldSpec {
  name: string;
  type: FieldType;
  required?: boolean;
  /** `select`: the values allowed. */
  options?: readonly string[];
  /** `reference`: the kind of record pointed at. */
  ref?: Klass;
  /** Numbers: inclusive bounds. */
  min?: number;
  max?: number;
  maxLength?: number;
  /** Shown greyed with a notice: data kept, to be deleted (spec 001 §3, Brazil-specific fields). */
  deprecated?: boolean;
  /** Hidden, and not required, while this group feature is off (e.g. `checklist`). */
  feature?: string;
  /** Written by the product, shown but never edited in forms. */
  readOnly?: boolean;
  /** Offered in the form only when creating. */
  createOnly?: boolean;
  /** `rows`: the columns of each row. */
  rows?: readonly FieldSpec[];
  /** The value a new record starts with. */
  initial?: unknown;
}

export type SortDirection = 'asc' | 'desc';

type Doc = Readonly<Record<string, unknown>>;

/** What a rule about a change may know besides the record: the group's settings and the day. */
export interface RuleContext {
  /** The group's settings by key (null when unknown: a rule needing them lets the write through). */
  settings: Readonly<Record<string, unknown>> | null;
  /** The day of the write, YYYY-MM-DD. */
  today: string;
}

export interface ResourceSpec {
  /** The route segment and i18n namespace: /account/{id}/{resource}. */
  resource: string;
  klass: Klass;
  fields: readonly FieldSpec[];
  /** The index table's columns, in order; the first one links to the record. */
  columns: readonly string[];
  /** Fields whose words the search view indexes (see src/couch/group/search). */
  search: readonly string[];
  /** Fields the advanced search may sort by; each is always present on stored records. */
  sort: readonly string[];
  defaultSort: { field: string; direction: SortDirection };
  /** The field that names a record in links and titles. */
  titleField: string;
  /** The whole resource hides while this group feature is off (maintenances). */
  feature?: string;
  /**
   * Rules for what no form field describes (e.g. a ticket's signed receipt): adds its reasons,
   * keyed by field path, so the device and the server refuse alike.
   */
  check?: (doc: Readonly<Record<string, unknown>>, errors: FieldErrors) => void;
  /**
   * Rules about a change, which see the stored version beside the new one (a closed ticket only
   * reopens): they add reasons as `check` does. Judged on the device before writing and on the
   * server on every write path.
   */
  transition?: (before: Doc, after: Doc, errors: FieldErrors, context: RuleContext) => void;
  /** Why the stored record may not be deleted (a confirmed expense), or null. */
  canDelete?: (stored: Doc, context: RuleContext) => string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COLOR = /^#[0-9a-f]{6}$/i;
const INTEGER = /^[-+]?\d+$/;
const DECIMAL = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

export const DEFAULT_MAX_LENGTH = 255;
export const LONG_MAX_LENGTH = 100_000;

export const NUMBER_MESSAGES = {
  notANumber: 'is not a number',
  notAnInteger: 'must be an integer',
} as const;

export function tooLong(max: number): string {
  return `${M.tooLong} (maximum is ${max} characters)`;
}
export function atLeast(min: number): string {
  return `must be greater than or equal to ${min}`;
}
export function atMost(max: number): string {
  return `must be less than or equal to ${max}`;
}

/** Bookkeeping every record carries (spec 001 §3): written by the product, not in forms. */
export const STAMP_FIELDS = ['created_at', 'created_by', 'updated_at', 'updated_by'] as const;

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

export function isValidDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function checkNumber(errors: FieldErrors, key: string, field: FieldSpec, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    errors.add(key, NUMBER_MESSAGES.notANumber);
    return;
  }
  if (field.type === 'integer' && !Number.isInteger(value)) errors.add(key, NUMBER_MESSAGES.notAnInteger);
  else if (field.min !== undefined && value < field.min) errors.add(key, atLeast(field.min));
  else if (field.max !== undefined && value > field.max) errors.add(key, atMost(field.max));
}

function checkText(errors: FieldErrors, key: string, field: FieldSpec, value: unknown): void {
  if (typeof value !== 'string') {
    errors.add(key, M.invalid);
    return;
  }
  const long = field.type === 'textarea' || field.type === 'markdown' || field.type === 'lines';
  const max = field.maxLength ?? (long ? LONG_MAX_LENGTH : DEFAULT_MAX_LENGTH);
  if (value.length > max) {
    errors.add(key, tooLong(max));
    return;
  }
  const pattern = { email: EMAIL, url: URL_PATTERN, color: COLOR }[field.type as 'email' | 'url' | 'color'];
  if (pattern && !pattern.test(value.trim())) errors.add(key, M.invalid);
  if (field.type === 'date' && !isValidDate(value)) errors.add(key, M.invalid);
  if (field.type === 'select' && !field.options?.includes(value)) errors.add(key, M.inclusion);
  if (field.type === 'reference' && field.ref && !isId(value, ID_PREFIXES[field.ref])) errors.add(key, M.invalid);
  if (field.type === 'member' && !isId(value, 'usr')) errors.add(key, M.invalid);
}

function checkField(errors: FieldErrors, key: string, field: FieldSpec, value: unknown): void {
  if (isBlank(value)) {
    if (field.required) errors.add(key, M.blank);
    return;
  }
  switch (field.type) {
    case 'integer':
    case 'decimal':
      return checkNumber(errors, key, field, value);
    case 'boolean':
      if (typeof value !== 'boolean') errors.add(key, M.invalid);
      return;
    case 'tags':
      if (!Array.isArray(value) || !value.every((t) => typeof t === 'string')) errors.add(key, M.invalid);
      return;
    case 'rows':
      if (!Array.isArray(value) || !value.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
        errors.add(key, M.invalid);
        return;
      }
      value.forEach((row: Record<string, unknown>, index) => {
        for (const column of field.rows ?? [])
          checkField(errors, `${key}.${index}.${column.name}`, column, row[column.name]);
      });
      return;
    default:
      return checkText(errors, key, field, value);
  }
}

/** Whether a field applies in a group with these settings (feature switches). */
export function fieldEnabled(field: FieldSpec, features: ReadonlySet<string> | null): boolean {
  return !field.feature || features === null || features.has(field.feature);
}

/**
 * Checks a record as it will be stored. `features` is the set of group features switched on
 * (null on the server, which keeps every field's rules whatever the switches say).
 */
export function validateRecord(
  spec: ResourceSpec,
  doc: Readonly<Record<string, unknown>>,
  features: ReadonlySet<string> | null = null,
): FieldErrors {
  const errors = new FieldErrors();
  // The id's prefix names the kind: a record stored under another kind's prefix would be found
  // by the wrong lists and references.
  const prefix = (ID_PREFIXES as Partial<Record<string, IdPrefix>>)[spec.klass];
  if (prefix && doc._id !== undefined && !isId(doc._id, prefix)) errors.add('_id', M.invalid);
  for (const field of spec.fields) {
    const value = doc[field.name];
    if (!fieldEnabled(field, features)) {
      if (!isBlank(value)) checkField(errors, field.name, { ...field, required: false }, value);
      continue;
    }
    checkField(errors, field.name, field, value);
  }
  spec.check?.(doc, errors);
  return errors;
}

/**
 * One judgement for a write, on the device and on the server alike: the record as it will be
 * stored, and, when one is stored now, the change from that version to this one.
 */
export function judgeRecordWrite(
  spec: ResourceSpec,
  stored: Doc | null,
  next: Doc,
  context: RuleContext,
  features: ReadonlySet<string> | null = null,
): FieldErrors {
  const errors = validateRecord(spec, next, features);
  if (stored && stored._deleted !== true) spec.transition?.(stored, next, errors, context);
  return errors;
}

/** Why the stored record may not be deleted, or null when it may. */
export function judgeRecordDelete(spec: ResourceSpec, stored: Doc | null, context: RuleContext): string | null {
  return stored && stored._deleted !== true ? (spec.canDelete?.(stored, context) ?? null) : null;
}

/** Form text to stored values: trimmed text, numbers as numbers, blanks as absent. */
export function coerceValue(field: FieldSpec, raw: unknown): unknown {
  if (typeof raw !== 'string') {
    if (field.type === 'rows' && Array.isArray(raw)) {
      return raw.map((row: Record<string, unknown>) => coerceRow(field.rows ?? [], row));
    }
    return raw;
  }
  if (field.type === 'tags') {
    const tags = normalizeTags(raw);
    return tags.length > 0 ? tags : undefined;
  }
  const text = field.type === 'textarea' || field.type === 'markdown' || field.type === 'lines' ? raw : raw.trim();
  if (text.trim() === '') return undefined;
  if (field.type === 'integer' && INTEGER.test(text)) return Number(text);
  if (field.type === 'decimal' && DECIMAL.test(text)) return Number(text.replace(',', '.'));
  if (field.type === 'color') return text.toLowerCase();
  return text;
}

function coerceRow(columns: readonly FieldSpec[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns.find((c) => c.name === key);
    const coerced = column ? coerceValue(column, value) : value;
    if (coerced !== undefined) out[key] = coerced;
  }
  return out;
}

/** Applies a form's values over the stored record (fields absent from the form are kept). */
export function coerceRecord(
  spec: ResourceSpec,
  stored: Readonly<Record<string, unknown>>,
  form: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const doc: Record<string, unknown> = { ...stored };
  for (const field of spec.fields) {
    if (field.readOnly || !(field.name in form)) continue;
    const value = coerceValue(field, form[field.name]);
    if (value === undefined) delete doc[field.name];
    else doc[field.name] = value;
  }
  return doc;
}

/** The values a new record's form starts with. */
export function initialValues(spec: ResourceSpec): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of spec.fields) if (field.initial !== undefined) values[field.name] = field.initial;
  return values;
}

/** Bookkeeping for a write: creator on the first one, modifier on every one. */
export function stampRecord(
  doc: Readonly<Record<string, unknown>>,
  userId: string,
  now: Date,
): Record<string, unknown> {
  const at = now.toISOString();
  const stamped: Record<string, unknown> = { ...doc, updated_at: at, updated_by: userId };
  if (!doc.created_at) {
    stamped.created_at = at;
    stamped.created_by = userId;
  }
  return stamped;
}
