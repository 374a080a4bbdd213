import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import {
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../components/user-avatar.tsx';
import { VisuallyHidden } from '../components/visually-hidden.tsx';
import type { PublicUser } from '../domain/user.ts';
import { MenuOnDemand } from '../components/on-demand.tsx';
import { LogoutDialog } from '../features/accounts/components/logout-dialog-on-demand.ts';
import { languageItems } from './language-items.tsx';
import { useGroupNav } from './use-group-nav.ts';
import { useLanguage } from './use-language.ts';

export function UserMenu({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { current, change } = useLanguage();
  const { modules, module, openModule } = useGroupNav();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} sx={{ p: 0.5 }}>
        <VisuallyHidden>{t('nav.userMenu')}</VisuallyHidden>
        <UserAvatar user={user} size={40} decorative />
      </IconButton>
      <MenuOnDemand anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {user.fullname || user.label}
          </Typography>
          <Typography noWrap variant="body2" color="text.secondary">
            {user.email ?? user.unconfirmed_email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/user/profile" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.profile')}</ListItemText>
        </MenuItem>
        {module && modules.length > 0 && <ListSubheader>{t('nav.modules')}</ListSubheader>}
        {module &&
          modules.map((entry) => (
            <MenuItem
              key={entry}
              selected={entry === module}
              onClick={() => {
                close();
                openModule(entry);
              }}
            >
              <ListItemIcon>{entry === module && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{t(`modules.${entry}`)}</ListItemText>
            </MenuItem>
          ))}
        <ListSubheader>{t('language.label')}</ListSubheader>
        {languageItems(t, current, (locale) => {
          close();
          void change(locale);
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setConfirmingLogout(true);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.logout')}</ListItemText>
        </MenuItem>
      </MenuOnDemand>
      <LogoutDialog open={confirmingLogout} onClose={() => setConfirmingLogout(false)} />
    </>
  );
}
