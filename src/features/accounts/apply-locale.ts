import i18next from 'i18next';
import { storeLocale, writeFlag } from '../../data/preferences.ts';
import type { Locale } from '../../domain/locale.ts';

/**
 * Whose word the language is: the person's account (their saved setting, read with the session)
 * or this device (a pick made signed out). Only an account's language is given up when the server
 * no longer confirms the account (see signed-out-locale.ts).
 */
export type LocaleSource = 'account' | 'device';

/** The flag (src/data/preferences.ts) saying the stored language came with an account. */
export const ACCOUNT_LOCALE_FLAG = 'locale-from-account';

/** Switches the interface language and remembers it for the next visit before the session loads. */
export async function applyLocale(locale: Locale, source: LocaleSource = 'device'): Promise<void> {
  storeLocale(locale);
  writeFlag(ACCOUNT_LOCALE_FLAG, source === 'account');
  document.documentElement.lang = locale;
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
}
