import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, CircularProgress, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLoadingStore } from '../data/loading-store.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { AppDrawer } from './app-drawer.tsx';
import { BrandMark } from './brand-mark.tsx';
import { featureModule } from './feature-modules.ts';
import { GroupSwitcher } from './group-switcher.tsx';
import { ModuleMenu, OthersMenu } from './module-menus.tsx';
import { SyncStatus } from './sync-status.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { useThemeStore } from './theme-store.ts';
import { useGroupNav } from './use-group-nav.ts';
import { UserMenu } from './user-menu.tsx';

function LoadingIndicator() {
  const { t } = useTranslation();
  const busy = useLoadingStore((s) => s.pending > 0);
  // The space stays reserved so the toolbar does not shift when a call starts.
  return (
    <Box sx={{ width: 32, display: 'flex', justifyContent: 'center' }} aria-live="polite">
      {busy && <CircularProgress size={20} color="inherit" aria-label={t('nav.loading')} />}
    </Box>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, toggle } = useThemeStore();
  const label = mode === 'light' ? t('nav.darkTheme') : t('nav.lightTheme');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={toggle}>
        {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** What the open group's module shows in the navbar (a badge counting what is open). */
function GroupNavbarItem() {
  const { group, accountId } = useGroupNav();
  const Item = featureModule(group?.account.kind)?.NavbarItem;
  return Item && accountId ? <Item accountId={accountId} /> : null;
}

export function NavBar() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 0.5 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('nav.openMenu')}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            mr: { xs: 0.5, md: 2 },
          }}
        >
          <BrandMark />
          <Typography
            variant="h6"
            component="span"
            sx={{ fontWeight: 700, letterSpacing: 0.3, display: { xs: user ? 'none' : 'inline', sm: 'inline' } }}
          >
            Moneta
          </Typography>
        </Box>
        {user && (
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            <GroupSwitcher />
            <ModuleMenu />
            <OthersMenu />
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {user && <SyncStatus />}
        {user && <GroupNavbarItem />}
        <LoadingIndicator />
        <ThemeToggle />
        <Box sx={{ display: { xs: user ? 'none' : 'inline-flex', sm: 'inline-flex' } }}>
          <LanguageMenu />
        </Box>
        {user ? (
          <UserMenu user={user} />
        ) : (
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, ml: 1 }}>
            <Button color="inherit" component={RouterLink} to="/user/login">
              {t('nav.login')}
            </Button>
            <Button color="inherit" variant="outlined" component={RouterLink} to="/user/register">
              {t('nav.register')}
            </Button>
          </Box>
        )}
      </Toolbar>
      <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </AppBar>
  );
}
