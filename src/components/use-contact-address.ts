import { useAfterTakeover } from './use-after-takeover.ts';

const browserHost = () => window.location.hostname;

/**
 * The contact address follows the domain the app is served from (spec 000 §2). It is known in
 * the browser only: a page rendered ahead (src/app/prerender.tsx) gets it once taken over.
 */
export function useContactAddress(): string | undefined {
  const host = useAfterTakeover(browserHost, '');
  return host ? `contact@${host}` : undefined;
}
