import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
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

export function LanguageMenu() {
  const { t } = useTranslation();
  const { current, change } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton
          color="inherit"
          aria-label={t('language.label')}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languageItems(t, current, (locale) => {
          setAnchor(null);
          void change(locale);
        })}
      </Menu>
    </>
  );
}
