import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;
const browserHost = () => window.location.hostname;
const noHost = () => '';

/**
 * The contact address follows the domain the app is served from (spec 000 §2). It is known in
 * the browser only: a page rendered ahead (src/app/prerender.tsx) gets it once taken over.
 */
export function useContactAddress(): string | undefined {
  const host = useSyncExternalStore(noChanges, browserHost, noHost);
  return host ? `contact@${host}` : undefined;
}
