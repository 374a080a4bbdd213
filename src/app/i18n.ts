import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en/translation.json';
import ptBR from '../../locales/pt-BR/translation.json';
import { readStoredLocale } from '../data/preferences';
import { defaultLocale, LOCALES, type Locale } from '../domain/locale';

export const resources = { en: { translation: en }, 'pt-BR': { translation: ptBR } } as const;

/** Signed out: the last choice on this device, else the browser's languages (spec 000 §5). */
export function initialLocale(): Locale {
  return readStoredLocale() ?? defaultLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

export function initI18n(): typeof i18next {
  const lng = initialLocale();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: LOCALES,
    // Reason keys are sentences turned into keys (errors.Email-or-password-is-incorrect): no ':' namespaces.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    // A key missing from en is a bug: shout in development (Excalidraw habit), the test catches the rest.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, _ns, key) => console.error(`Missing translation key: ${key}`),
  });
  return i18next;
}
