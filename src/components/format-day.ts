import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);
// `Do`: the day with an ordinal, as the spec shows item dates ("Nov 22nd, 2026").
dayjs.extend(advancedFormat);

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
      const date = dayjs(iso);
      return date.isValid() ? date.locale(dayjsLocale(i18n.language)).format(format) : iso;
    },
    [i18n.language, format],
  );
}
