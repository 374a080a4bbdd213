import { create } from 'zustand';
import { readThemeMode, storeThemeMode, type ThemeMode } from '../data/preferences.ts';

interface ThemeState {
  mode: ThemeMode;
  toggle: () => void;
}

const darkScheme = globalThis.matchMedia?.('(prefers-color-scheme: dark)');

/**
 * The device's own light or dark setting until the person picks one here (spec 000 §4 says light
 * by default; a phone set to dark at night should not flash white at a customer's door).
 */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  mode: readThemeMode() ?? (darkScheme?.matches ? 'dark' : 'light'),
  toggle: () => {
    const mode = get().mode === 'light' ? 'dark' : 'light';
    storeThemeMode(mode);
    set({ mode });
  },
}));

darkScheme?.addEventListener?.('change', (event) => {
  if (readThemeMode() === null) useThemeStore.setState({ mode: event.matches ? 'dark' : 'light' });
});
