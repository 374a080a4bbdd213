import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openedOnDemand } from '../components/on-demand.tsx';

const LanguageMenuList = openedOnDemand(() => import('./language-menu-items.tsx').then((m) => m.default));

/** The navbar's language button; its menu's code loads on the first click. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('language.label')}
        title={t('language.label')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <TranslateIcon />
      </IconButton>
      <LanguageMenuList open={Boolean(anchor)} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
