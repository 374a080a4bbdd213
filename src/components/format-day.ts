import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

/** dayjs's locale names are lower case. */
function dayjsLocale(language: string): string {
  return language.toLowerCase() === 'pt-br' ? 'pt-br' : 'en';
}

/** Date and time with dayjs in the interface language ("Jun 9, 2025 4:05 PM"); empty for missing values. */
export function useFormatDay() {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: unknown) => {
      if (typeof iso !== 'string' || !iso) return '';
      const date = dayjs(iso);
      return date.isValid() ? date.locale(dayjsLocale(i18n.language)).format('lll') : iso;
    },
    [i18n.language],
  );
}
