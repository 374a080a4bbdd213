import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mirrorLocaleCookie, readStoredLocale } from '../data/preferences.ts';
import { defaultLocale, type Locale } from '../domain/locale.ts';
import { i18nOptions } from './i18n-options.ts';
import { loadTranslations, localeBackend } from './locale-files.ts';

/** Signed out: the last choice on this device, else the browser's languages (spec 000 §5). */
export function initialLocale(): Locale {
  return readStoredLocale() ?? defaultLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/**
 * The first language's texts and English's (every language's fallback), fetched together: with
 * both in hand i18next is ready at once, and a language switch that fails offline still reads.
 * When the first language cannot be had, the app starts in English (see loadTranslations).
 */
async function loadFirstLocale(): Promise<{ lng: Locale; resources: Resource }> {
  const lng = initialLocale();
  const english = loadTranslations('en');
  const own = lng === 'en' ? english : loadTranslations(lng).catch(() => null);
  const [ownTexts, englishTexts] = await Promise.all([own, english]);
  if (!ownTexts) return { lng: 'en', resources: { en: { translation: englishTexts } } };
  return { lng, resources: { en: { translation: englishTexts }, [lng]: { translation: ownTexts } } };
}

// Awaited while the modules load, so the texts are there before the first render: main.tsx runs
// its body (initI18n, then render) only after this module has finished evaluating.
const first = await loadFirstLocale();

export function initI18n(): typeof i18next {
  const { lng, resources } = first;
  document.documentElement.lang = lng;
  // A choice made before the cookie existed reaches the server from now on.
  const stored = readStoredLocale();
  if (stored) mirrorLocaleCookie(stored);
  void i18next
    .use(initReactI18next)
    .use(localeBackend)
    .init({
      ...i18nOptions(lng, resources),
      // A key missing from en is a bug: shout in development (Excalidraw habit), the test catches the rest.
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (_lngs, _ns, key) => console.error(`Missing translation key: ${key}`),
    });
  return i18next;
}
