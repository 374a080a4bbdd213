import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text.ts';
import type { FieldReasons } from '../../../domain/errors.ts';
import { specOfKlass } from '../../../domain/records/index.ts';

/** The server's reason for refusing a change, in the person's language, fields by their names. */
export function useRefusalText() {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  return useCallback(
    (reason: string | FieldReasons, klass: unknown) => {
      if (typeof reason === 'string') return detail(reason);
      const spec = specOfKlass(klass);
      return Object.entries(reason)
        .map(([field, messages]) => {
          const name = spec ? t(`records.${spec.resource}.fields.${field}`, field) : field;
          return `${name}: ${messages.map(detail).join(', ')}`;
        })
        .join('; ');
    },
    [t, detail],
  );
}
