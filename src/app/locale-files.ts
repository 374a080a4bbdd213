// Translations are fetched at run time from /locales/<lng>/<namespace>.json?v=<content hash>
// (emitted by vite.config.ts) and kept by the service worker's runtime cache (sw/locales.ts):
// neither bundled into the JavaScript nor precached.
//
// Each language has a shared file (`translation`: what the shell and the generic screens show)
// and one per module (`<kind>`: what only that module's screens show), loaded with the module's
// screens (module-texts.tsx). A module's file repeats the keys' full paths, so `t()` calls read
// the same whichever file holds a text (i18n-options.ts: `fallbackNS`).
import type { BackendModule, ResourceKey } from 'i18next';
import { CACHE_LOCALES } from '../../sw/locales.ts';

/** The modules' namespaces: every file of the build but the shared one. */
export const MODULE_NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(__LOCALE_VERSIONS__).map((file) => file.slice(file.indexOf('/') + 1))),
].filter((ns) => ns !== 'translation');

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

// English's files as chunks of the build (precached with the app's code), each loaded only when
// its file cannot be fetched. mail.json is the server's.
const BUILT_ENGLISH = import.meta.glob<ResourceKey>(['../../locales/en/*.json', '!../../locales/en/mail.json'], {
  import: 'default',
});

/**
 * One language's texts. When the file cannot be had (a network error on a page the worker does
 * not control, a cache that was cleared while offline, or a module opened offline for the first
 * time), English comes from a chunk of the build, loaded only then, so the app never shows bare
 * keys; another language falls back to English through i18next's `fallbackLng`. English is the
 * only language kept in the build: it is the fallback of every other one.
 */
export async function loadTranslations(lng: string, ns = 'translation'): Promise<ResourceKey> {
  try {
    return await fetchTranslations(lng, ns);
  } catch (error) {
    const built = lng === 'en' ? BUILT_ENGLISH[`../../locales/en/${ns}.json`] : undefined;
    if (!built) throw error;
    return built();
  }
}

/**
 * How i18next reads what it was not given at start: another language when chosen, a module's
 * texts when its screens open (in the current language and English), and the open modules' texts
 * again when the language changes (i18next loads every namespace it has for the new language).
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    loadTranslations(lng, ns).then(
      (translations) => callback(null, translations),
      (error: Error) => callback(error, false),
    );
  },
};
