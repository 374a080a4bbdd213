import { useEffect, useState } from 'react';

/**
 * How long a wait goes unshown: a full page load from the device takes 80–200 ms, and a spinner
 * that flashes for that long only says something changed when nothing did.
 */
export const QUIET_WAIT_MS = 500;

/** True once `active` has held for `ms`: a quick wait shows nothing, a long one its spinner. */
export function useLasting(active: boolean, ms = QUIET_WAIT_MS): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setLasting(true), ms);
    // The next wait starts unshown again.
    return () => {
      clearTimeout(timer);
      setLasting(false);
    };
  }, [active, ms]);
  return active && lasting;
}
