import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChangeDoc, recordLabel } from '../domain/recent-changes.ts';

/** How a record is named to a person: a setting by its key's name, anything else by its label. */
export function useRecordName() {
  const { t } = useTranslation();
  return useCallback(
    (doc: ChangeDoc | null | undefined, id: string) => {
      const settingKey = doc?.klass === 'Adjustment' && typeof doc.key === 'string' ? doc.key : null;
      return settingKey ? t(`settingNames.${settingKey}`, settingKey) : recordLabel(doc ?? undefined) || id;
    },
    [t],
  );
}
