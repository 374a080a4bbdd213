// Code loaded on demand: a route's page, or a part of a screen (a chart) once it comes into view.
import { type ComponentType, lazy } from 'react';
import { markNewVersion } from '../data/version-store.ts';

/**
 * A component loaded on demand. A chunk that fails to load usually means a new build replaced
 * the old files, so the new-version notice is raised (spec 000 §4) before the error propagates.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint.
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      markNewVersion();
      throw error;
    }),
  );
}
