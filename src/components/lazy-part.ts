// Code loaded on demand: a route's page, or a part of a screen (a chart) once it comes into view.
import { type ComponentType, lazy } from 'react';
import { markNewVersion } from '../data/version-store.ts';

interface Connection {
  events: Pick<EventTarget, 'addEventListener'>;
  online: () => boolean;
}

const BROWSER: Connection = { events: globalThis, online: () => globalThis.navigator?.onLine !== false };

/**
 * `load()`, and while the browser is offline, again each time it is back online: a chunk asked
 * for just as the connection dropped (a technician walking into a basement, before the service
 * worker had it) arrives on return instead of failing for good. Online, a failure is thrown.
 */
export async function loadChunk<T>(load: () => Promise<T>, connection: Connection = BROWSER): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (connection.online()) throw error;
      await new Promise((resolve) => connection.events.addEventListener('online', resolve, { once: true }));
    }
  }
}

/**
 * A component loaded on demand. A chunk that fails to load while online usually means a new
 * build replaced the old files, so the new-version notice is raised (spec 000 §4) before the
 * error propagates; offline, it waits for the connection instead (loadChunk).
 *
 * `preload()` fetches the code ahead; once it is here, the component renders at once instead of
 * suspending for a turn (a thenable that answers synchronously): a page rendered ahead is taken
 * over without its fallback showing (main.tsx).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint.
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  let loaded: { default: C } | undefined;
  let loading: Promise<{ default: C }> | undefined;
  const fetchCode = () =>
    (loading ??= loadChunk(load).then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        markNewVersion();
        throw error;
      },
    ));
  const part = lazy(
    () =>
      (loaded ? { then: (resolve: (module: { default: C }) => void) => resolve(loaded!) } : fetchCode()) as Promise<{
        default: C;
      }>,
  );
  return Object.assign(part, { preload: () => fetchCode().then(() => undefined) });
}
