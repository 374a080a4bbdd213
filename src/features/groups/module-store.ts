import { create } from 'zustand';
import { readSessionValue, writeSessionValue } from '../../data/preferences.ts';

const KEY = 'moneta.module';

interface ModuleState {
  /** The module chosen in this browser session (spec 000 §1); null means the group's own kind. */
  chosen: string | null;
  choose: (module: string) => void;
}

export const useModuleStore = create<ModuleState>()((set) => ({
  chosen: readSessionValue(KEY),
  choose: (module) => {
    writeSessionValue(KEY, module);
    set({ chosen: module });
  },
}));
