/**
 * Whether two answers hold the same data: arrays and plain objects compared by their contents,
 * dates by their time, anything else (a Map, a class instance, a function) only as the same one.
 * A screen that reads its records again (sync, another tab) keeps the answer it has when the new
 * one is equal: redrawing a page for nothing is the bulk of a held group's first seconds.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]));
}

function isPlain(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `previous` when `next` holds the same data (see sameData), else `next`: what a store keeps. */
export function keepSame<T>(previous: T, next: T): T {
  return sameData(previous, next) ? previous : next;
}
