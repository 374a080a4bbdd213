import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_ATTRIBUTE } from './theme-script.ts';

/** Deep teal: steady and trustworthy for money, warm enough for a service business. */
const BRAND = { light: '#0b6b5d', dark: '#4fbfa9' } as const;

/**
 * One theme for both schemes, as CSS variables: the markup is the same in light and dark (the
 * public pages are rendered at build time), the attribute on <html> picks the colours.
 */
let made: Theme | null = null;

/** The app's theme, made at its first use (main.tsx makes it in a task of its own). */
export function appTheme(): Theme {
  made ??= createAppTheme();
  return made;
}

function createAppTheme(): Theme {
  return createTheme({
    cssVariables: { colorSchemeSelector: THEME_ATTRIBUTE },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: BRAND.light, contrastText: '#ffffff' },
          secondary: { main: '#9a6b12' },
          background: { default: '#f4f7f6', paper: '#ffffff' },
        },
      },
      dark: {
        palette: {
          primary: { main: BRAND.dark, contrastText: '#062a24' },
          secondary: { main: '#e0b45c' },
          background: { default: '#0e1513', paper: '#151f1c' },
        },
      },
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
