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
      // The mode is read from storage in the first drawing, not after it: MUI's later update
      // changed the theme under a page still being taken over, which made React take the whole
      // page over in one blocking task (docs/benchmarks.md). The markup does not depend on the
      // mode (colours are CSS variables; the theme switch's pressed state waits, useAfterTakeover).
      noSsr
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
