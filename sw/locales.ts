// Translations are cached by the worker when first used (runtime caching, as Excalidraw does),
// never precached: a person downloads the languages they use, not every one. Shared with the page,
// which asks the worker to keep a file it fetched before the worker controlled it.

/** The runtime cache of translation files: only the newest version of each file is kept. */
export const LOCALES_CACHE = 'moneta-locales';

/** Page → worker: `{ type: CACHE_LOCALES, urls: string[] }`. */
export const CACHE_LOCALES = 'CACHE_LOCALES';

/** `/locales/<lng>/<namespace>.json`: nothing else goes to the locales cache (never /db, /api). */
export function isLocalePath(pathname: string): boolean {
  return /^\/locales\/[\w-]+\/[\w-]+\.json$/.test(pathname);
}
