import { type ComponentType, lazy } from 'react';
import { markNewVersion } from '../data/version-store.ts';

/**
 * A route module loaded on demand. A chunk that fails to load usually means a new build replaced
 * the old files, so the new-version notice is raised (spec 000 §4) before the error propagates.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      markNewVersion();
      throw error;
    }),
  );
}
