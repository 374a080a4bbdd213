import { startTransition, useEffect, useState } from 'react';

/** A page rendered ahead (src/app/prerender.tsx) being taken over, or the prerender itself. */
const renderedAhead = (): boolean =>
  __PRERENDER__ ||
  (globalThis.document?.documentElement.hasAttribute('data-visitor') === true &&
    !globalThis.document.documentElement.hasAttribute('data-running'));

/**
 * A value only the browser knows (the host, the colour mode read from storage): on a page
 * rendered ahead, `ahead` while React takes the page over, so the drawing matches the HTML, then
 * the browser's value in a transition, drawn again in the component alone. Not
 * `useSyncExternalStore` with a server snapshot: its correction after a takeover is a synchronous
 * update, and one reaching the page before its Suspense boundary had been taken over made React
 * take over the whole page in one blocking task (about a second on a slowed phone,
 * docs/benchmarks.md). Elsewhere the browser's value at once.
 */
export function useAfterTakeover<T>(inBrowser: () => T, ahead: T): T {
  const [value, setValue] = useState<T>(() => (renderedAhead() ? ahead : inBrowser()));
  useEffect(() => {
    const now = inBrowser();
    if (!Object.is(now, value)) startTransition(() => setValue(now));
    // Read once: what it reads does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
