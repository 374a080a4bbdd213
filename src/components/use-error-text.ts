import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonKey } from '../domain/errors.ts';

/** Translates error codes and reasons; unknown reasons show as sent, never as a raw key. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  const title = useCallback(
    (code: string) => {
      const key = `errorTitles.${code}`;
      return i18n.exists(key) ? t(key) : t('errorTitles.undefined_error');
    },
    [t, i18n],
  );
  const detail = useCallback(
    (reason: string) => {
      const key = `errors.${reasonKey(reason)}`;
      return i18n.exists(key) ? t(key) : reason;
    },
    [t, i18n],
  );
  return { title, detail };
}
