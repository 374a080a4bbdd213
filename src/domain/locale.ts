export const LOCALES = ['en', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/**
 * The cookie the browser keeps the language picked on the device in (beside its storage), for
 * the server to send the public pages rendered ahead in it.
 */
export const LOCALE_COOKIE = 'moneta_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Without a session: en, or pt-BR when the browser's languages include it (spec 000 §5). */
export function defaultLocale(browserLanguages: readonly string[]): Locale {
  return browserLanguages.some((lang) => lang.toLowerCase() === 'pt-br') ? 'pt-BR' : DEFAULT_LOCALE;
}
