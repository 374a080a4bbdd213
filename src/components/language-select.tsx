import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, LOCALES } from '../domain/locale.ts';

interface LanguageSelectProps {
  value: string;
  onChange: (locale: Locale) => void;
  size?: 'small' | 'medium';
}

/** A native select: usable with a keyboard, a screen reader and a phone's own picker. */
export function LanguageSelect({ value, onChange, size = 'small' }: LanguageSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size={size}
      label={t('language.label')}
      value={value}
      onChange={(event) => {
        if (isLocale(event.target.value)) onChange(event.target.value);
      }}
      slotProps={{ select: { native: true }, htmlInput: { name: 'locale' } }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </TextField>
  );
}
