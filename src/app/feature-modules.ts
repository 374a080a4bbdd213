// The modules' screens, found by convention: each module's src/features/<module>/module.tsx (its
// parts of the shared screens and shell) and src/features/<module>/pages/<page>.tsx (its own
// pages, loaded when opened). Nothing here names a module: adding one adds its folder.
import type { ComponentType } from 'react';
import { type FeatureModule, mergeModules, type ModulePageProps } from '../components/resource/module-parts.tsx';
import type { ModuleDescription, PageSpec } from '../domain/modules/index.ts';

const found = import.meta.glob<{ default: FeatureModule }>('../features/*/module.tsx', { eager: true });

export const FEATURE_MODULES: readonly FeatureModule[] = Object.values(found).map((m) => m.default);

export function featureModule(kind: string | null | undefined): FeatureModule | null {
  return FEATURE_MODULES.find((m) => m.kind === kind) ?? null;
}

/** What every module adds to the generic resource screens, by resource. */
export const RESOURCE_MODULES = mergeModules(FEATURE_MODULES.map((m) => m.parts ?? {}));

const pages = import.meta.glob<{ default: ComponentType<ModulePageProps> }>('../features/*/pages/*.tsx');

/** The loader of a module's page: src/features/<feature>/pages/<name with # as ->.tsx. */
export function pageLoader(module: Pick<ModuleDescription, 'kind' | 'feature'>, page: Pick<PageSpec, 'name'>) {
  const file = `../features/${module.feature}/pages/${page.name.replace('#', '-')}.tsx`;
  const load = pages[file];
  if (!load) throw new Error(`${module.kind}: no page file ${file}`);
  return load;
}
