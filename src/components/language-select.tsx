import { FormControl, InputLabel, NativeSelect, OutlinedInput } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, LOCALES } from '../domain/locale.ts';

interface LanguageSelectProps {
  value: string;
  onChange: (locale: Locale) => void;
  size?: 'small' | 'medium';
}

/**
 * A native select: usable with a keyboard, a screen reader and a phone's own picker. Built from
 * NativeSelect rather than TextField, whose Select brings menus and popovers to every page.
 */
export function LanguageSelect({ value, onChange, size = 'small' }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl size={size}>
      <InputLabel htmlFor={id}>{t('language.label')}</InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => {
          if (isLocale(event.target.value)) onChange(event.target.value);
        }}
        input={<OutlinedInput label={t('language.label')} />}
        inputProps={{ id, name: 'locale' }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`language.names.${locale}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
