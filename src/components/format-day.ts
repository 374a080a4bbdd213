import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);
// `Do`: the day with an ordinal, as the spec shows item dates ("Nov 22nd, 2026").
dayjs.extend(advancedFormat);

// Formatting a date in a language costs dayjs a copy of it: a list drawn again (sync, the next
// page) asks for the same few hundred dates, kept here once made.
const formatted = new Map<string, string>();
const FORMATTED_MAX = 5000;

/** dayjs's locale names are lower case. */
function dayjsLocale(language: string): string {
  return language.toLowerCase() === 'pt-br' ? 'pt-br' : 'en';
}

/**
 * Date and time in the interface language, in the format its translation file gives
 * ("Jun 9th, 2025 4:05 PM", "9 de jun de 2025, 16:05"); empty for missing values.
 */
export function useFormatDay() {
  const { i18n, t } = useTranslation();
  const format = t('formats.dateTime');
  return useCallback(
    (iso: unknown) => {
      if (typeof iso !== 'string' || !iso) return '';
      const key = `${i18n.language}|${format}|${iso}`;
      let text = formatted.get(key);
      if (text === undefined) {
        const date = dayjs(iso);
        text = date.isValid() ? date.locale(dayjsLocale(i18n.language)).format(format) : iso;
        if (formatted.size >= FORMATTED_MAX) formatted.clear();
        formatted.set(key, text);
      }
      return text;
    },
    [i18n.language, format],
  );
}
