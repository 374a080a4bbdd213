import type { InitOptions, Resource } from 'i18next';
import { LOCALES, type Locale } from '../domain/locale.ts';

/** How the app's i18next is set up, in the browser and for the pages rendered at build time alike. */
export function i18nOptions(lng: Locale, resources: Resource): InitOptions {
  return {
    resources,
    // The first language comes with init; the others are read through the backend when chosen.
    partialBundledLanguages: true,
    lng,
    fallbackLng: 'en',
    supportedLngs: LOCALES,
    ns: ['translation'],
    // Reason keys are sentences turned into keys (errors.Email-or-password-is-incorrect): no ':' namespaces.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  };
}
