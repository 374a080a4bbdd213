// The language menu's entries, apart from its button: menus and popovers load when first opened.
import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Locale, LOCALES } from '../domain/locale.ts';
import { useLanguage } from './use-language.ts';

/**
 * The language entries, as plain elements rather than a component: MUI menus read their
 * direct children's props for keyboard focus and selection.
 */
export function languageItems(t: TFunction, current: Locale, pick: (locale: Locale) => void) {
  return LOCALES.map((locale) => (
    <MenuItem key={locale} lang={locale} selected={locale === current} onClick={() => pick(locale)}>
      <ListItemIcon>{locale === current && <CheckIcon fontSize="small" />}</ListItemIcon>
      <ListItemText>{t(`language.names.${locale}`)}</ListItemText>
    </MenuItem>
  ));
}

export default function LanguageMenuList({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { current, change } = useLanguage();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {languageItems(t, current, (locale) => {
        onClose();
        void change(locale);
      })}
    </Menu>
  );
}
