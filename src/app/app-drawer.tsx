import AddIcon from '@mui/icons-material/Add';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageSelect } from '../components/language-select';
import { useSessionStore } from '../features/accounts/session-store';
import { useLogout } from '../features/accounts/use-logout';
import { useLanguage } from './use-language';

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
}

/** Navigation for narrow screens, where the app bar has no room for links. */
export function AppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const logout = useLogout();
  const { current, change } = useLanguage();
  const entries: Entry[] = signedIn
    ? [
        { to: '/', label: t('nav.home'), icon: <HomeIcon /> },
        { to: '/account/new', label: t('nav.newGroup'), icon: <AddIcon /> },
        { to: '/user/profile', label: t('nav.profile'), icon: <PersonIcon /> },
      ]
    : [
        { to: '/user/login', label: t('nav.login'), icon: <LoginIcon /> },
        { to: '/user/register', label: t('nav.register'), icon: <PersonAddIcon /> },
      ];

  return (
    <Drawer open={open} onClose={onClose}>
      <Box sx={{ width: 280 }} role="navigation" aria-label={t('nav.menu')}>
        <Typography variant="h6" component="p" sx={{ px: 2, py: 2, fontWeight: 700 }}>
          Moneta
        </Typography>
        <Divider />
        <List>
          {entries.map((entry) => (
            <ListItemButton key={entry.to} component={RouterLink} to={entry.to} onClick={onClose}>
              <ListItemIcon>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.label} />
            </ListItemButton>
          ))}
          {signedIn && (
            <ListItemButton
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary={t('nav.logout')} />
            </ListItemButton>
          )}
        </List>
        <Divider />
        <Box sx={{ p: 2 }}>
          <LanguageSelect value={current} onChange={(locale) => void change(locale)} />
        </Box>
      </Box>
    </Drawer>
  );
}
