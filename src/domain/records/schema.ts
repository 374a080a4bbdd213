// A record kind described once: its fields, how they are validated, listed, searched and sorted.
// The generic resource screens, the server's write checks and the search view all read these
// descriptions, so a rule written here holds on the device and on the server alike.
import { FIELD_MESSAGES as M, FieldErrors } from '../errors.ts';
import { localDay } from '../days.ts';
import { type IdPrefix, type Klass, ID_PREFIXES, isId } from '../ids.ts';
import { checkField, coerceValue, type FieldSpec, isBlank } from './field-types.ts';

export {
  atLeast,
  atMost,
  coerceValue,
  DEFAULT_MAX_LENGTH,
  type FieldSpec,
  type FieldType,
  isValidDate,
  LONG_MAX_LENGTH,
  NUMBER_MESSAGES,
  tooLong,
} from './field-types.ts';

export type SortDirection = 'asc' | 'desc';

type Doc = Readonly<Record<string, unknown>>;

/** What a rule about a change may know besides the record: the group's settings and the day. */
export interface RuleContext {
  /** The group's settings by key (null when unknown: a rule needing them lets the write through). */
  settings: Readonly<Record<string, unknown>> | null;
  /** The day of the write, YYYY-MM-DD. */
  today: string;
  /**
   * The records the spec's `lookups` point at (a transfer's wallets), by id, as stored where the
   * write is judged; a pointed-at record absent here does not exist there. Undefined when the
   * caller did not look them up: rules about them then let the write through.
   */
  records?: ReadonlyMap<string, Doc>;
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
  /** A number people say aloud (a service order's `3-17`), shown as `#3-17` before the title. */
  numberField?: string;
  /** How the recent-changes timeline names a record, when the title field alone says too little. */
  label?: (doc: Doc) => string;
  /** The whole resource hides while this group feature is off (maintenances). */
  feature?: string;
  /**
   * Only the server creates and removes these (a feed's items): people may change them as
   * `transition` allows, never add or delete one.
   */
  serverCreates?: boolean;
  /**
   * Changes are not written to the group's history (DocumentChange): marking a feed item read is
   * someone's reading, and thousands of them would bury the changes people look for.
   */
  noHistory?: boolean;
  /** Its generic screens; all four when unsaid (comments are written from the record they are about: no new, no edit). */
  screens?: readonly ('index' | 'new' | 'show' | 'edit')[];
  /**
   * Rules for what no form field describes (e.g. a signed receipt kept on a record): adds its reasons,
   * keyed by field path, so the device and the server refuse alike.
   */
  check?: (doc: Readonly<Record<string, unknown>>, errors: FieldErrors, context?: RuleContext) => void;
  /**
   * Reference fields whose records the rules read (an income's wallet, whose currency its amount
   * counts in): the device and the server look them up and hand them over in `RuleContext.records`.
   */
  lookups?: readonly string[];
  /**
   * Rules about a change, which see the stored version beside the new one (a closed order only
   * reopens): they add reasons as `check` does. Judged on the device before writing and on the
   * server on every write path.
   */
  transition?: (before: Doc, after: Doc, errors: FieldErrors, context: RuleContext) => void;
  /** Why the stored record may not be deleted (a confirmed expense), or null. */
  canDelete?: (stored: Doc, context: RuleContext) => string | null;
  /**
   * Fields only the server writes (a disk file's versions, which name contents in a byte store
   * shared by every group): a person's write may neither set them on a new record nor change them.
   * The server's own writes do not pass through `judgeRecordWrite`.
   */
  serverFields?: readonly string[];
  /**
   * False for records whose contents live elsewhere (a disk file's, in the server's byte store):
   * nothing may be attached to them through the database, whoever writes.
   */
  attachments?: false;
}

/** Bookkeeping every record carries (spec 001 §3): written by the product, not in forms. */
export const STAMP_FIELDS = ['created_at', 'created_by', 'updated_at', 'updated_by'] as const;

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
  context?: RuleContext,
): FieldErrors {
  const errors = new FieldErrors();
  // The id's prefix names the kind: a record stored under another kind's prefix would be found
  // by the wrong lists and references.
  const prefix = (ID_PREFIXES as Partial<Record<string, IdPrefix>>)[spec.klass];
  if (prefix && doc._id !== undefined && !isId(doc._id, prefix)) errors.add('_id', M.invalid);
  for (const field of spec.fields) {
    const value = doc[field.name];
    if (!fieldEnabled(field, features)) {
      if (!isBlank(value)) checkField(errors, field.name, { ...field, required: false }, value, doc);
      continue;
    }
    checkField(errors, field.name, field, value, doc);
  }
  spec.check?.(doc, errors, context);
  return errors;
}

/** The ids of the records a write's rules read (its spec's `lookups`), to fetch before judging it. */
export function lookupIds(spec: ResourceSpec | null, doc: Readonly<Record<string, unknown>>): string[] {
  return (spec?.lookups ?? []).flatMap((field) => (typeof doc[field] === 'string' ? [doc[field] as string] : []));
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
  const errors = validateRecord(spec, next, features, context);
  const live = stored && stored._deleted !== true ? stored : null;
  for (const field of spec.serverFields ?? [])
    if (JSON.stringify(live?.[field]) !== JSON.stringify(next[field])) errors.add(field, M.notAllowed);
  if (live) spec.transition?.(live, next, errors, context);
  return errors;
}

/** Why the stored record may not be deleted, or null when it may. */
export function judgeRecordDelete(spec: ResourceSpec, stored: Doc | null, context: RuleContext): string | null {
  return stored && stored._deleted !== true ? (spec.canDelete?.(stored, context) ?? null) : null;
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

/** A date field's `initial` meaning the day the form opens (an expense is usually today's). */
export const TODAY = 'today';

/** The values a new record's form starts with, some from the group's settings (its currency). */
export function initialValues(
  spec: ResourceSpec,
  settings: Readonly<Record<string, unknown>> | null = null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of spec.fields) {
    const fromSetting = field.initialSetting ? settings?.[field.initialSetting] : undefined;
    const initial = fromSetting !== undefined && fromSetting !== '' ? fromSetting : field.initial;
    if (initial === TODAY) {
      values[field.name] = localDay(new Date());
      continue;
    }
    if (initial !== undefined) values[field.name] = initial;
  }
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
