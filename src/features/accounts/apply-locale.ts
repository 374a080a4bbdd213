import i18next from 'i18next';
import { storeLocale } from '../../data/preferences.ts';
import type { Locale } from '../../domain/locale.ts';

/** Switches the interface language and remembers it for the next visit before the session loads. */
export async function applyLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  document.documentElement.lang = locale;
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
}
