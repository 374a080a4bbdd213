// The modules' screens, found by convention: each module's src/features/<module>/module.tsx (its
// parts of the shell, the dashboard and the lists; its parts of the record screens are
// record-modules.ts's, its own pages module-pages.ts's). Nothing here names a module: adding one
// adds its folder.
import { type FeatureModule, mergeModules } from '../components/resource/module-parts.tsx';

const found = import.meta.glob<{ default: FeatureModule }>('../features/*/module.tsx', { eager: true });

export const FEATURE_MODULES: readonly FeatureModule[] = Object.values(found).map((m) => m.default);

export function featureModule(kind: string | null | undefined): FeatureModule | null {
  return FEATURE_MODULES.find((m) => m.kind === kind) ?? null;
}

/** What every module adds to the generic lists, by resource. */
export const RESOURCE_MODULES = mergeModules(FEATURE_MODULES.map((m) => m.parts ?? {}));
