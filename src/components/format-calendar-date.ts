import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(advancedFormat);

/**
 * A day in the interface language ("Nov 22nd, 2026", "22 de nov de 2026"), from a calendar date
 * (YYYY-MM-DD, read as that day wherever the person is) or a timestamp (its local day); empty
 * for missing values, the text itself when it is not a date.
 */
export function useFormatCalendarDate() {
  const { i18n, t } = useTranslation();
  const format = t('formats.date');
  const locale = i18n.language.toLowerCase() === 'pt-br' ? 'pt-br' : 'en';
  return useCallback(
    (value: unknown) => {
      if (typeof value !== 'string' || !value) return '';
      const date = dayjs(value);
      return date.isValid() ? date.locale(locale).format(format) : value;
    },
    [locale, format],
  );
}
