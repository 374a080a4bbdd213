// Translations are fetched at run time from /locales/<lng>/<namespace>.json?v=<content hash>
// (emitted by vite.config.ts) and kept by the service worker's runtime cache (sw/locales.ts):
// neither bundled into the JavaScript nor precached.
import type { ResourceKey } from 'i18next';
import { CACHE_LOCALES } from '../../sw/locales.ts';

/** File → content hash (`en/translation` → `3f9c…`), defined at build time by vite.config.ts. */
declare const __LOCALE_VERSIONS__: Record<string, string>;

export function localeUrl(lng: string, ns = 'translation'): string {
  return `/locales/${lng}/${ns}.json?v=${__LOCALE_VERSIONS__[`${lng}/${ns}`] ?? 'none'}`;
}

/**
 * A page the worker does not control yet (the first visit) fetched the file past the worker's
 * cache: it asks the worker to keep it, so that the next visit, offline, has the texts.
 */
function keepForOffline(url: string): void {
  const sw = globalThis.navigator?.serviceWorker;
  if (!import.meta.env.PROD || !sw || sw.controller) return;
  void sw.ready.then((registration) => registration.active?.postMessage({ type: CACHE_LOCALES, urls: [url] }));
}

async function fetchTranslations(lng: string, ns: string): Promise<ResourceKey> {
  const url = localeUrl(lng, ns);
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const translations = (await response.json()) as ResourceKey;
  keepForOffline(url);
  return translations;
}

/**
 * One language's texts. When the file cannot be had (a network error on a page the worker does
 * not control, or a cache that was cleared while offline), English comes from a chunk of the
 * build, loaded only then, so the app never shows bare keys; another language falls back to
 * English through i18next's `fallbackLng`. English is the only language kept in the build: it is
 * the fallback of every other one.
 */
export async function loadTranslations(lng: string, ns = 'translation'): Promise<ResourceKey> {
  try {
    return await fetchTranslations(lng, ns);
  } catch (error) {
    if (lng !== 'en' || ns !== 'translation') throw error;
    return (await import('../../locales/en/translation.json')).default;
  }
}
