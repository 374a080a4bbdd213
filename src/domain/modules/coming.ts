// Modules whose screens are not built yet: known by kind, setting and home, so groups of their kind
// exist and switch on, but they show in no menu, tile or link until they land (each then gets its
// own folder here, like ticket/).
import type { ModuleDescription } from './kit.ts';

/** A module known before its screens: no menu, tile, page or view yet. */
export function coming(kind: string, setting: string, home: string): ModuleDescription {
  return {
    kind,
    feature: kind,
    setting,
    // Spec 000 §3: files and notes are on in a new group, ready for when they land.
    onByDefault: true,
    built: false,
    home,
    records: [],
    pages: [],
    menu: [],
    others: [],
    tiles: [],
    settings: [],
    indexes: [],
    views: [],
    counters: [],
  };
}

/** None now: the last one, text notes, landed with issue 33. */
export const COMING_MODULES: readonly ModuleDescription[] = [];
