// The modules' screens, found by convention: each module's src/features/<module>/module.tsx (its
// parts of the shared screens and shell; its own pages are module-pages.ts's). Nothing here
// names a module: adding one adds its folder.
import { type FeatureModule, mergeModules } from '../components/resource/module-parts.tsx';

const found = import.meta.glob<{ default: FeatureModule }>('../features/*/module.tsx', { eager: true });

export const FEATURE_MODULES: readonly FeatureModule[] = Object.values(found).map((m) => m.default);

export function featureModule(kind: string | null | undefined): FeatureModule | null {
  return FEATURE_MODULES.find((m) => m.kind === kind) ?? null;
}

/** What every module adds to the generic resource screens, by resource. */
export const RESOURCE_MODULES = mergeModules(FEATURE_MODULES.map((m) => m.parts ?? {}));
