export const LOCALES = ['en', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Without a session: en, or pt-BR when the browser's languages include it (spec 000 §5). */
export function defaultLocale(browserLanguages: readonly string[]): Locale {
  return browserLanguages.some((lang) => lang.toLowerCase() === 'pt-br') ? 'pt-BR' : DEFAULT_LOCALE;
}
