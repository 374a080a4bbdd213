// The modules' own pages, found by convention (src/features/<module>/pages/<page>.tsx) and each
// loaded when opened: apart from feature-modules.ts, so a page's code is asked for at once, not
// after every module's parts.
import type { ComponentType } from 'react';
import type { ModulePageProps } from '../components/resource/module-parts.tsx';
import type { ModuleDescription, PageSpec } from '../domain/modules/index.ts';

// A page's component test sits beside it: not a page, and never to be built nor precached (it
// brought the testing libraries into the build, 137 KB gzipped, that every installed app fetched).
const pages = import.meta.glob<{ default: ComponentType<ModulePageProps> }>([
  '../features/*/pages/*.tsx',
  '!../features/*/pages/*.test.tsx',
]);

/** The loader of a module's page: src/features/<feature>/pages/<name with # as ->.tsx. */
export function pageLoader(module: Pick<ModuleDescription, 'kind' | 'feature'>, page: Pick<PageSpec, 'name'>) {
  const file = `../features/${module.feature}/pages/${page.name.replace('#', '-')}.tsx`;
  const load = pages[file];
  if (!load) throw new Error(`${module.kind}: no page file ${file}`);
  return load;
}
