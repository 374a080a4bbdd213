// The language entries of a menu (the navbar's language menu, the account menu), apart from any
// menu: importing them brings no menu's code.
import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { TFunction } from 'i18next';
import { type Locale, LOCALES } from '../domain/locale.ts';

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
