import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  type Theme,
  Toolbar,
  Typography,
  useColorScheme,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { openedOnDemand } from '../components/on-demand.tsx';
import { useLoadingStore } from '../data/loading-store.ts';
import { useAfterTakeover } from '../components/use-after-takeover.ts';
import { useLasting } from './use-lasting.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { BrandMark } from './brand-mark.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { THEME_ATTRIBUTE } from './theme-script.ts';

// The signed-in parts and the drawer load apart from the public pages' shell (signed-in-shell.tsx).
const shell = () => import('./signed-in-shell.tsx');
const SignedInMenus = lazy(() => shell().then((m) => ({ default: m.SignedInMenus })));
const SignedInStatus = lazy(() => shell().then((m) => ({ default: m.SignedInStatus })));
const SignedInUserMenu = lazy(() => shell().then((m) => ({ default: m.SignedInUserMenu })));
// The drawer (phones' menus) loads apart again, when first opened: most visits never open it.
const AppDrawer = openedOnDemand(() => import('./app-drawer.tsx').then((m) => m.AppDrawer));

function LoadingIndicator() {
  const { t } = useTranslation();
  const pending = useLoadingStore((s) => s.pending > 0);
  // A call answered at once (the session check of every page load) shows no spinner; the space
  // still says it is busy, for assistive technology and for tests waiting on a settled page.
  const busy = useLasting(pending);
  // The space stays reserved so the toolbar does not shift when a call starts.
  return (
    <Box
      sx={{ width: 32, display: 'flex', justifyContent: 'center' }}
      aria-live="polite"
      aria-busy={pending || undefined}
    >
      {busy && <CircularProgress size={20} color="inherit" aria-label={t('nav.loading')} />}
    </Box>
  );
}

// The icon follows the attribute on <html> through CSS: the scheme is known on the device only,
// and the markup must be the same as the page rendered at build time.
const DARK_ONLY = (theme: Theme) => ({ display: 'none', ...theme.applyStyles('dark', { display: 'inline-block' }) });
const LIGHT_ONLY = (theme: Theme) => theme.applyStyles('dark', { display: 'none' });

function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, systemMode, setMode } = useColorScheme();
  // Unknown in a page rendered ahead until it is taken over: then pressed or not.
  const known = useAfterTakeover(() => true, false);
  const current = known ? (mode === 'system' ? systemMode : mode) : undefined;
  const label = t('nav.darkTheme');
  return (
    // A native title rather than MUI's Tooltip: Popper would weigh on every public page.
    <IconButton
      color="inherit"
      aria-label={label}
      title={label}
      aria-pressed={current ? current === 'dark' : undefined}
      // The attribute, not `current`: a tap held before the takeover is played before MUI knows the mode.
      onClick={() => setMode(document.documentElement.getAttribute(THEME_ATTRIBUTE) === 'dark' ? 'light' : 'dark')}
    >
      <DarkModeIcon sx={LIGHT_ONLY} />
      <LightModeIcon sx={DARK_ONLY} />
    </IconButton>
  );
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
          // Named even where the word is hidden (phones, signed in), so the link is never empty.
          aria-label="Moneta"
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
          <Suspense>
            <SignedInMenus />
          </Suspense>
        )}
        <Box sx={{ flex: 1 }} />
        {user && (
          <Suspense>
            <SignedInStatus />
          </Suspense>
        )}
        <LoadingIndicator />
        <ThemeToggle />
        <Box sx={{ display: { xs: user ? 'none' : 'inline-flex', sm: 'inline-flex' } }}>
          <LanguageMenu />
        </Box>
        {user ? (
          // The avatar's room is kept while its code loads, so the toolbar does not shift.
          <Suspense fallback={<Box sx={{ width: 48, height: 48 }} />}>
            <SignedInUserMenu user={user} />
          </Suspense>
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
