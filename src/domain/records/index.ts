// Every record kind with generic screens, by resource (route segment) and by klass: the records
// of every module (src/domain/modules).
import { MODULE_RECORDS } from '../modules/index.ts';
import type { ResourceSpec } from './schema.ts';

export const RESOURCES: readonly ResourceSpec[] = MODULE_RECORDS;

const BY_RESOURCE = new Map(RESOURCES.map((spec) => [spec.resource, spec]));
const BY_KLASS = new Map(RESOURCES.map((spec) => [spec.klass as string, spec]));

export function resourceSpec(resource: string): ResourceSpec | null {
  return BY_RESOURCE.get(resource) ?? null;
}

export function specOfKlass(klass: unknown): ResourceSpec | null {
  return typeof klass === 'string' ? (BY_KLASS.get(klass) ?? null) : null;
}

export * from './schema.ts';

/** How a record is named in links, pickers and titles. */
export function recordTitle(doc: Readonly<Record<string, unknown>> | null | undefined): string {
  if (!doc) return '';
  const spec = specOfKlass(doc.klass);
  const title = spec ? doc[spec.titleField] : undefined;
  const text = typeof title === 'string' || typeof title === 'number' ? String(title) : '';
  const short = text.split('\n')[0]!.slice(0, 80);
  const number = spec?.numberField ? doc[spec.numberField] : undefined;
  return typeof number === 'string' && number ? `#${number} ${short}` : short;
}

/**
 * A record written straight to the server (an API client, a script) without its bookkeeping gets
 * it there: lists and the board sort on these fields, and an index leaves out documents without
 * them, so an unstamped record would be stored but never listed. Replicated revisions are kept
 * as they are: their content is what the device hashed.
 */
export function completeStamps<T extends object>(record: T, userId: string, now: Date): T {
  const doc = record as Readonly<Record<string, unknown>>;
  if (!specOfKlass(doc.klass) || doc._deleted === true || (doc.created_at && doc.updated_at)) return record;
  const at = now.toISOString();
  const updatedAt = typeof doc.updated_at === 'string' && doc.updated_at ? doc.updated_at : undefined;
  const createdAt = typeof doc.created_at === 'string' && doc.created_at ? doc.created_at : undefined;
  return {
    ...doc,
    created_at: createdAt ?? updatedAt ?? at,
    created_by: doc.created_by ?? userId,
    updated_at: updatedAt ?? at,
    updated_by: doc.updated_by ?? userId,
  } as T;
}
