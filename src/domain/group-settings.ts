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
// Type aliases (not interfaces), so generic list screens can treat them as records. A deleted
// entry stays in the list, marked (`marktodelete`, spec 000 §3): two devices editing the list at
// once then merge entry by entry (mergeEntryLists, merge.ts) instead of one list replacing the
// other, which would bring a deleted entry back or lose one added meanwhile.
export type PhoneEntry = {
  id: string;
  main: boolean;
  marktodelete?: boolean;
  description: string;
  number: string;
};

export type AddressEntry = {
  id: string;
  main: boolean;
  marktodelete?: boolean;
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

/** Only `true` is written: entries never deleted read as they always did. */
function marked(e: Record<string, unknown>): { marktodelete?: true } {
  return e.marktodelete === true ? { marktodelete: true } : {};
}

/** The entries still in use, without those marked for deletion. */
export function liveEntries<T extends { marktodelete?: boolean }>(list: readonly T[]): T[] {
  return list.filter((e) => e.marktodelete !== true);
}

/** Every entry of the list as stored, those marked for deletion included: what an edit writes back. */
export function parsePhoneEntries(json: string | undefined): PhoneEntry[] {
  return parseList(json).map((e, i) => ({
    id: text(e.id) || `phone-${i}`,
    main: e.main === true,
    ...marked(e),
    description: text(e.description),
    number: text(e.number),
  }));
}

export function parseAddressEntries(json: string | undefined): AddressEntry[] {
  return parseList(json).map((e, i) => ({
    id: text(e.id) || `address-${i}`,
    main: e.main === true,
    ...marked(e),
    ...(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(e[f])])) as Pick<
      AddressEntry,
      (typeof ADDRESS_FIELDS)[number]
    >),
  }));
}

/** The group's phones, as shown and printed. */
export function parsePhones(json: string | undefined): PhoneEntry[] {
  return liveEntries(parsePhoneEntries(json));
}

export function parseAddresses(json: string | undefined): AddressEntry[] {
  return liveEntries(parseAddressEntries(json));
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

/** Marks an entry for deletion, keeping it in the list (see PhoneEntry); it is no longer the main one. */
export function markEntryDeleted<T extends { id: string; main: boolean; marktodelete?: boolean }>(
  list: readonly T[],
  id: string,
): T[] {
  return list.map((e) => (e.id === id ? { ...e, main: false, marktodelete: true } : e));
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
