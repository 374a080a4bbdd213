// The kinds of field a record may have, each described once: how a stored value is checked
// (on the device and on the server alike) and how a form's text becomes the stored value. The
// screens keep the other half of each entry in src/components/resource/: its input in
// field-type-inputs.tsx, its display in field-type-displays.tsx. A module needing a new kind of
// field adds one entry here and one in each of those.
import { FIELD_MESSAGES as M, type FieldErrors } from '../errors.ts';
import { type Klass, ID_PREFIXES, isId } from '../ids.ts';
import { isCurrency, isMinorUnits, type MoneyError, moneyTextError } from '../money.ts';
import { normalizeTags } from '../tags.ts';

export interface FieldSpec {
  name: string;
  type: FieldType;
  required?: boolean;
  /** `select`: the values allowed. */
  options?: readonly string[];
  /** `reference`, `references`: the kind of record pointed at. */
  ref?: Klass;
  /** Numbers: inclusive bounds (money: in minor units). */
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
  /** A new record starts with this group setting's value (an estimate's currency). */
  initialSetting?: string;
  /** `rows`: where a row leads when tapped (an address to a map), or null. */
  rowLink?: (row: Readonly<Record<string, unknown>>) => string | null;
  /** `money`: the record's field naming its currency (default `currency`). */
  currencyField?: string;
}

type Doc = Readonly<Record<string, unknown>>;

export interface FieldTypeRules {
  /** Checks a value that is not blank, reporting under `key`; `record` is the whole record. */
  check(errors: FieldErrors, key: string, field: FieldSpec, value: unknown, record: Doc): void;
  /** A form's non-blank text as stored; absent: the trimmed text. */
  coerce?(text: string, field: FieldSpec): unknown;
  /** Long text: line breaks kept, a longer default limit. */
  long?: boolean;
}

export const DEFAULT_MAX_LENGTH = 255;
export const LONG_MAX_LENGTH = 100_000;

export const NUMBER_MESSAGES = {
  notANumber: 'is not a number',
  notAnInteger: 'must be an integer',
} as const;

/** Money given as text: the reasons its field shows while the amount is typed. */
export const MONEY_MESSAGES: Readonly<Record<MoneyError, string>> = {
  notANumber: NUMBER_MESSAGES.notANumber,
  tooPrecise: 'has too many decimals for its currency',
  tooLarge: 'is too large an amount',
};

export function tooLong(max: number): string {
  return `${M.tooLong} (maximum is ${max} characters)`;
}
export function atLeast(min: number): string {
  return `must be greater than or equal to ${min}`;
}
export function atMost(max: number): string {
  return `must be less than or equal to ${max}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER = /^[-+]?\d+$/;
const DECIMAL = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

export function isValidDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function bounds(errors: FieldErrors, key: string, field: FieldSpec, value: number): void {
  if (field.min !== undefined && value < field.min) errors.add(key, atLeast(field.min));
  else if (field.max !== undefined && value > field.max) errors.add(key, atMost(field.max));
}

/** A string of bounded length, matching `valid` when given. */
function text(valid?: (value: string, field: FieldSpec) => boolean, long = false): FieldTypeRules {
  return {
    long,
    check(errors, key, field, value) {
      if (typeof value !== 'string') return errors.add(key, M.invalid);
      const max = field.maxLength ?? (long ? LONG_MAX_LENGTH : DEFAULT_MAX_LENGTH);
      if (value.length > max) return errors.add(key, tooLong(max));
      if (valid && !valid(value, field)) errors.add(key, field.type === 'select' ? M.inclusion : M.invalid);
    },
  };
}

const numeric = (integer: boolean): FieldTypeRules => ({
  check(errors, key, field, value) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return errors.add(key, NUMBER_MESSAGES.notANumber);
    if (integer && !Number.isInteger(value)) return errors.add(key, NUMBER_MESSAGES.notAnInteger);
    bounds(errors, key, field, value);
  },
  coerce(raw) {
    if (integer) return INTEGER.test(raw) ? Number(raw) : raw;
    return DECIMAL.test(raw) ? Number(raw.replace(',', '.')) : raw;
  },
});

const MAX_REFERENCES = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const COLOR = /^#[0-9a-f]{6}$/i;

const FIELD_TYPE_RULES = {
  text: text(),
  textarea: text(undefined, true),
  markdown: text(undefined, true),
  lines: text(undefined, true),
  email: text((v) => EMAIL.test(v.trim())),
  /** A phone number as people write it ("+55 11 4002-8922", "ramal 23" kept): shown as a link to call. */
  phone: text(),
  url: text((v) => URL_PATTERN.test(v.trim())),
  date: text(isValidDate),
  color: { ...text((v) => COLOR.test(v)), coerce: (raw) => raw.toLowerCase() },
  select: text((v, field) => field.options?.includes(v) ?? false),
  reference: text((v, field) => !field.ref || isId(v, ID_PREFIXES[field.ref])),
  /** Several records of the `ref` kind (a subscription's labels), each once, at most 50. */
  references: {
    check(errors, key, field, value) {
      const prefix = field.ref ? ID_PREFIXES[field.ref] : undefined;
      if (
        !Array.isArray(value) ||
        value.length > MAX_REFERENCES ||
        new Set(value).size !== value.length ||
        !value.every((id) => (prefix ? isId(id, prefix) : isId(id)))
      )
        errors.add(key, M.invalid);
    },
    coerce(raw) {
      const ids = [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
      return ids.length > 0 ? ids : undefined;
    },
  },
  member: text((v) => isId(v, 'usr')),
  /** A 3-letter ISO 4217 code (BRL, USD, EUR). */
  currency: { ...text((v) => isCurrency(v)), coerce: (raw) => raw.toUpperCase() },
  integer: numeric(true),
  decimal: numeric(false),
  /**
   * Exact money: a safe integer of the currency's minor units; the currency is the record's own
   * (its `currencyField`). The form's input hands over minor units already parsed in the
   * person's language, and the text it could not read as typed: refused for the same reason.
   */
  money: {
    check(errors, key, field, value, record) {
      if (typeof value === 'string') {
        return errors.add(key, MONEY_MESSAGES[moneyTextError(value, String(record[currencyFieldOf(field)]))]);
      }
      if (!isMinorUnits(value)) return errors.add(key, NUMBER_MESSAGES.notANumber);
      bounds(errors, key, field, value);
    },
  },
  boolean: {
    check(errors, key, _field, value) {
      if (typeof value !== 'boolean') errors.add(key, M.invalid);
    },
  },
  tags: {
    check(errors, key, _field, value) {
      if (!Array.isArray(value) || !value.every((t) => typeof t === 'string')) errors.add(key, M.invalid);
    },
    coerce(raw) {
      const tags = normalizeTags(raw);
      return tags.length > 0 ? tags : undefined;
    },
  },
  /** A list of parts (an estimate's items), each checked against the field's `rows` columns. */
  rows: {
    check(errors, key, field, value, record) {
      if (!Array.isArray(value) || !value.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
        return errors.add(key, M.invalid);
      }
      value.forEach((row: Record<string, unknown>, index) => {
        for (const column of field.rows ?? [])
          checkField(errors, `${key}.${index}.${column.name}`, column, row[column.name], record);
      });
    },
  },
} satisfies Record<string, FieldTypeRules>;

export type FieldType = keyof typeof FIELD_TYPE_RULES;

export const FIELD_TYPES: Readonly<Record<FieldType, FieldTypeRules>> = FIELD_TYPE_RULES;

export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** One field's value: required when blank, else its type's rules. */
export function checkField(errors: FieldErrors, key: string, field: FieldSpec, value: unknown, record: Doc): void {
  if (isBlank(value)) {
    if (field.required) errors.add(key, M.blank);
    return;
  }
  FIELD_TYPES[field.type].check(errors, key, field, value, record);
}

/** Form text to stored values: trimmed text, numbers as numbers, blanks as absent. */
export function coerceValue(field: FieldSpec, raw: unknown): unknown {
  if (typeof raw !== 'string') {
    if (field.type === 'rows' && Array.isArray(raw)) {
      return raw.map((row: Record<string, unknown>) => coerceRow(field.rows ?? [], row));
    }
    return raw;
  }
  const rules: FieldTypeRules = FIELD_TYPES[field.type];
  const text = rules.long ? raw : raw.trim();
  if (text.trim() === '') return undefined;
  return rules.coerce ? rules.coerce(text, field) : text;
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

/** The field naming a money field's currency on its record. */
export function currencyFieldOf(field: FieldSpec): string {
  return field.currencyField ?? 'currency';
}

/** The ids a field's value points at: one for a reference, each for references, none otherwise. */
export function referencedIds(field: FieldSpec, value: unknown): string[] {
  if (field.type === 'reference') return typeof value === 'string' && value ? [value] : [];
  if (field.type === 'references')
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return [];
}

/** Whether a field points at other records (the screens load their titles). */
export function isReferenceField(field: FieldSpec): boolean {
  return field.type === 'reference' || field.type === 'references';
}
