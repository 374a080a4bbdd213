import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../data/preferences.ts';

/** Deep teal: steady and trustworthy for money, warm enough for a service business. */
const BRAND = { light: '#0b6b5d', dark: '#4fbfa9' } as const;

export function createAppTheme(mode: ThemeMode): Theme {
  const light = mode === 'light';
  return createTheme({
    palette: {
      mode,
      primary: { main: BRAND[mode], contrastText: light ? '#ffffff' : '#062a24' },
      secondary: { main: light ? '#9a6b12' : '#e0b45c' },
      background: light ? { default: '#f4f7f6', paper: '#ffffff' } : { default: '#0e1513', paper: '#151f1c' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 700 },
      h5: { fontWeight: 650 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // A thumb needs 44 px (WCAG 2.5.5); a mouse keeps the compact sizes.
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { '@media (pointer: coarse)': { minHeight: 44 } } },
      },
      MuiIconButton: { styleOverrides: { root: { '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiCard: { styleOverrides: { root: { borderRadius: 14 } } },
    },
  });
}

export const THEME_COLOR = BRAND.light;
