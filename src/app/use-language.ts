import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '../domain/locale.ts';
import { useChangeLanguage } from '../features/accounts/use-change-language.ts';

/** The current interface language and the switch that applies (and, signed in, saves) another. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const change = useChangeLanguage();
  const current = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return { current, change };
}
