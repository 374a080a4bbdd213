// Mappings (spec 001 §3-5): "when the description contains 'POSTO', set the categories to
// 'fuel'". Active ones run in their order (then by creation), matching case-insensitively;
// each sees what the ones before it changed. Pure: the CSV preview, the save and the "apply to
// existing records" preview all call it.
import { normalizeTags } from '../../tags.ts';

type Doc = Readonly<Record<string, unknown>>;

export interface Mapping {
  active?: unknown;
  target?: unknown;
  field_to_watch?: unknown;
  kind_of_watch?: unknown;
  text_to_match?: unknown;
  field_to_change?: unknown;
  kind_of_change?: unknown;
  text_to_change?: unknown;
  order?: unknown;
  created_at?: unknown;
}

const TARGETS: Readonly<Record<string, string>> = {
  Income: 'income',
  Outgo: 'outgo',
  Transfer: 'transfer',
  Exchange: 'exchange',
};

/** The stored field a mapping's field means on this record: third_party is paid_to or paid_by. */
export function mappedField(field: unknown, klass: unknown): string | null {
  if (field === 'third_party') return klass === 'Income' ? 'paid_by' : klass === 'Outgo' ? 'paid_to' : null;
  return field === 'description' || field === 'categories' ? field : null;
}

const text = (value: unknown): string =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') : typeof value === 'string' ? value : '';

function matches(kind: unknown, value: string, wanted: string): boolean {
  const v = value.toLocaleLowerCase();
  const w = wanted.toLocaleLowerCase();
  if (w === '') return false;
  switch (kind) {
    case 'contains':
      return v.includes(w);
    case 'starts_with':
      return v.startsWith(w);
    case 'ends_with':
      return v.endsWith(w);
    case 'equals':
      return v === w;
    default:
      return false;
  }
}

function changed(kind: unknown, field: string, current: unknown, addition: string): unknown {
  if (field === 'categories') {
    const now = Array.isArray(current) ? current.filter((c): c is string => typeof c === 'string') : [];
    const added = normalizeTags(addition);
    if (kind === 'replace') return added;
    return normalizeTags((kind === 'prepend' ? [...added, ...now] : [...now, ...added]).join(','));
  }
  const now = text(current);
  if (kind === 'append') return now ? `${now} ${addition}` : addition;
  if (kind === 'prepend') return now ? `${addition} ${now}` : addition;
  return addition;
}

/** Active mappings for `klass`'s records, in execution order. */
export function mappingsFor(mappings: readonly Mapping[], klass: unknown): Mapping[] {
  const target = typeof klass === 'string' ? TARGETS[klass] : undefined;
  const order = (m: Mapping) => (typeof m.order === 'number' ? m.order : 0);
  return mappings
    .filter((m) => m.active !== false && m.target === target)
    .sort((a, b) => order(a) - order(b) || text(a.created_at).localeCompare(text(b.created_at)));
}

/** The record with every matching mapping applied, and which fields they changed. */
export function applyMappings<T extends Doc>(record: T, mappings: readonly Mapping[]): { record: T; fields: string[] } {
  let next: Record<string, unknown> = { ...record };
  const fields = new Set<string>();
  for (const mapping of mappingsFor(mappings, record.klass)) {
    const watched = mappedField(mapping.field_to_watch, record.klass);
    const target = mappedField(mapping.field_to_change, record.klass);
    if (!watched || !target || typeof mapping.text_to_change !== 'string') continue;
    if (!matches(mapping.kind_of_watch, text(next[watched]), text(mapping.text_to_match))) continue;
    const value = changed(mapping.kind_of_change, target, next[target], mapping.text_to_change);
    if (JSON.stringify(value) !== JSON.stringify(next[target])) {
      next = { ...next, [target]: value };
      fields.add(target);
    }
  }
  return { record: next as T, fields: [...fields] };
}

/** A stored record the mappings would change: the record as it would be, and which fields. */
export interface MappingChange<T extends Doc = Doc> {
  before: T;
  after: T;
  fields: string[];
}

/** What applying the mappings to existing records would change, leaving out the records it would not. */
export function mappingChanges<T extends Doc>(records: readonly T[], mappings: readonly Mapping[]): MappingChange<T>[] {
  return records.flatMap((before) => {
    const { record: after, fields } = applyMappings(before, mappings);
    return fields.length > 0 ? [{ before, after, fields }] : [];
  });
}

/** The kinds of record at least one active mapping is for (`Outgo` for target `outgo`). */
export function mappedKlasses(mappings: readonly Mapping[]): string[] {
  return Object.entries(TARGETS)
    .filter(([, target]) => mappings.some((m) => m.active !== false && m.target === target))
    .map(([klass]) => klass);
}
