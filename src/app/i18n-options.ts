import type { InitOptions, Resource } from 'i18next';
import { LOCALES, type Locale } from '../domain/locale.ts';
import { MODULE_NAMESPACES } from './locale-files.ts';

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
    // A key not in the shared file is looked up in the modules' files loaded so far: the code
    // names a text the same wherever it is kept (locale-files.ts).
    fallbackNS: [...MODULE_NAMESPACES],
    // Reason keys are sentences turned into keys (errors.Email-or-password-is-incorrect): no ':' namespaces.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  };
}
