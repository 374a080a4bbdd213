// The language menu, apart from its button: menus and popovers load when first opened.
import { Menu } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { languageItems } from './language-items.tsx';
import { useLanguage } from './use-language.ts';

export default function LanguageMenuList({
  open,
  anchor,
  onClose,
}: {
  open: boolean;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { current, change } = useLanguage();
  return (
    <Menu anchorEl={anchor} open={open} onClose={onClose}>
      {languageItems(t, current, (locale) => {
        onClose();
        void change(locale);
      })}
    </Menu>
  );
}
