import { create } from 'zustand';
import { readThemeMode, storeThemeMode, type ThemeMode } from '../data/preferences.ts';

interface ThemeState {
  mode: ThemeMode;
  toggle: () => void;
}

/** Light unless the user chose dark on this device (spec 000 §4). */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  mode: readThemeMode(),
  toggle: () => {
    const mode = get().mode === 'light' ? 'dark' : 'light';
    storeThemeMode(mode);
    set({ mode });
  },
}));
