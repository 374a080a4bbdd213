import { readLanding } from '../data/launch-snapshot.ts';
import { lastSignedInUser } from '../features/accounts/session-store.ts';

/**
 * A page load at the start address `/` (the home screen's icon), by the person the device knew:
 * goes straight to where the redirect after a session load (spec 000 §2) led last time, before
 * the router starts, instead of drawing home, reading the person's groups and going there
 * after. The redirect's rule still runs once their groups are read, and moves on if it now leads
 * elsewhere (use-session-redirect.ts). Returns that address, or null when the page stays.
 */
function landAtStart(): string | null {
  if (typeof window === 'undefined') return null;
  const { pathname, search, hash } = window.location;
  if (pathname !== '/' || search || hash || document.documentElement.hasAttribute('data-visitor')) return null;
  const landing = readLanding();
  if (!landing || !lastSignedInUser()) return null;
  window.history.replaceState(window.history.state, '', landing);
  return landing;
}

/** The address this page load went to from the start address, if it did (once, at start). */
export const landedAt: string | null = landAtStart();
