// Every record kind with generic screens, by resource (route segment) and by klass.
import type { ResourceSpec } from './schema';
import { TICKET_RESOURCES } from './ticket-module';

export const RESOURCES: readonly ResourceSpec[] = [...TICKET_RESOURCES];

const BY_RESOURCE = new Map(RESOURCES.map((spec) => [spec.resource, spec]));
const BY_KLASS = new Map(RESOURCES.map((spec) => [spec.klass as string, spec]));

export function resourceSpec(resource: string): ResourceSpec | null {
  return BY_RESOURCE.get(resource) ?? null;
}

export function specOfKlass(klass: unknown): ResourceSpec | null {
  return typeof klass === 'string' ? (BY_KLASS.get(klass) ?? null) : null;
}

export * from './schema';

/** How a record is named in links, pickers and titles. */
export function recordTitle(doc: Readonly<Record<string, unknown>> | null | undefined): string {
  if (!doc) return '';
  const spec = specOfKlass(doc.klass);
  const title = spec ? doc[spec.titleField] : undefined;
  const text = typeof title === 'string' || typeof title === 'number' ? String(title) : '';
  const short = text.split('\n')[0]!.slice(0, 80);
  return doc.klass === 'Ticket' && doc.number ? `#${String(doc.number)} ${short}` : short;
}
