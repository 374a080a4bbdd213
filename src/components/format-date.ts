import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates in the interface language; empty for missing values. */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string | null | undefined) => {
      if (!iso) return '';
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    },
    [i18n.language],
  );
}
