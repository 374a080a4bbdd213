// A group's settings as the admin dashboard shows and edits them (spec 000 §2 "Admin dashboard",
// §3 Adjustment, phone and address entries, §5 account profile).
import { FIELD_MESSAGES as M, FieldErrors } from './errors.ts';
import { DEFAULT_GROUP_SETTINGS } from './groups.ts';
import { FEATURE_SWITCHES } from './modules/index.ts';
import { isCurrency } from './money.ts';

export interface AdjustmentDoc {
  _id: string;
  _rev?: string;
  key: string;
  value: unknown;
}

export type GroupSettings = Readonly<Record<string, string>>;

function settingText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** key → value, with the defaults for keys the group has not stored. */
export function settingsFromAdjustments(docs: readonly AdjustmentDoc[]): GroupSettings {
  const settings: Record<string, string> = { ...DEFAULT_GROUP_SETTINGS };
  for (const doc of docs) if (typeof doc.key === 'string') settings[doc.key] = settingText(doc.value);
  return settings;
}

export function isEnabled(settings: GroupSettings, key: string): boolean {
  return settings[key] === 'enabled';
}

/** The feature switches (of every module) that are on, as the screens and menus ask for them. */
export function enabledFeatures(settings: GroupSettings | null | undefined): Set<string> {
  return new Set(FEATURE_SWITCHES.filter((key) => settings && isEnabled(settings, key)));
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Account profile form: name required (at most 100 characters); billing_email optional but valid. */
export function validateAccountProfile(input: Record<string, unknown>): FieldErrors {
  const errors = new FieldErrors();
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.add('name', M.blank);
  else if (name.length > 100) errors.add('name', `${M.tooLong} (maximum is 100 characters)`);
  const email = typeof input.billing_email === 'string' ? input.billing_email.trim() : '';
  if (email && !EMAIL_PATTERN.test(email)) errors.add('billing_email', M.invalid);
  if (input.currency !== undefined && input.currency !== '' && !isCurrency(input.currency))
    errors.add('currency', M.inclusion);
  return errors;
}

// Phones and addresses are lists kept as JSON text in the `phones` and `addresses` settings.
// Type aliases (not interfaces), so generic list screens can treat them as records.
export type PhoneEntry = {
  id: string;
  main: boolean;
  description: string;
  number: string;
};

export type AddressEntry = {
  id: string;
  main: boolean;
  description: string;
  zip_code: string;
  street: string;
  number: string;
  neighborhood: string;
  complement: string;
  city: string;
  state: string;
};

export const PHONE_FIELDS = ['description', 'number'] as const;
export const ADDRESS_FIELDS = [
  'description',
  'zip_code',
  'street',
  'number',
  'neighborhood',
  'complement',
  'city',
  'state',
] as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function parseList(json: string | undefined): Record<string, unknown>[] {
  try {
    const parsed: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
      : [];
  } catch {
    return [];
  }
}

export function parsePhones(json: string | undefined): PhoneEntry[] {
  return parseList(json).map((e, i) => ({
    id: text(e.id) || `phone-${i}`,
    main: e.main === true,
    description: text(e.description),
    number: text(e.number),
  }));
}

export function parseAddresses(json: string | undefined): AddressEntry[] {
  return parseList(json).map((e, i) => ({
    id: text(e.id) || `address-${i}`,
    main: e.main === true,
    ...(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(e[f])])) as Omit<AddressEntry, 'id' | 'main'>),
  }));
}

export function validatePhone(input: Record<string, unknown>): FieldErrors {
  const errors = new FieldErrors();
  if (!text(input.number).trim()) errors.add('number', M.blank);
  return errors;
}

export function validateAddress(input: Record<string, unknown>): FieldErrors {
  const errors = new FieldErrors();
  if (!text(input.street).trim()) errors.add('street', M.blank);
  if (!text(input.city).trim()) errors.add('city', M.blank);
  return errors;
}

/** Adds or replaces an entry by id; a new main entry takes the flag from the others. */
export function upsertEntry<T extends { id: string; main: boolean }>(list: readonly T[], entry: T): T[] {
  const others = list.map((e) => (entry.main && e.id !== entry.id ? { ...e, main: false } : e));
  return others.some((e) => e.id === entry.id)
    ? others.map((e) => (e.id === entry.id ? entry : e))
    : [...others, entry];
}

export function removeEntry<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((e) => e.id !== id);
}

/** Counter tiles of the admin dashboard: resource (the list's path) and the klass counted. */
/** Rows of the count-by-klass view (group_level=1) as klass → count. */
export function countsByKlass(rows: unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  if (!Array.isArray(rows)) return counts;
  for (const row of rows as { key?: unknown; value?: unknown }[]) {
    if (typeof row?.key === 'string' && typeof row.value === 'number') counts[row.key] = row.value;
  }
  return counts;
}
