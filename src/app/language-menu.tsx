import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const LanguageMenuList = lazy(() => import('./language-menu-items.tsx'));

/** The navbar's language button; its menu's code loads on the first click. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('language.label')}
        title={t('language.label')}
        aria-haspopup="menu"
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        <TranslateIcon />
      </IconButton>
      {wanted && (
        <Suspense>
          <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
