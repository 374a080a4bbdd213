import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { appTheme } from './theme.ts';
import { THEME_STORAGE_KEY } from './theme-script.ts';

/** What every screen sits in: the theme, in the browser and in the pages rendered at build time. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={appTheme()}
      defaultMode="system"
      modeStorageKey={THEME_STORAGE_KEY}
      colorSchemeStorageKey={`${THEME_STORAGE_KEY}.scheme`}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
