// A part of a screen drawn just after the rest, in a task of its own.
import { type ReactNode, useEffect, useState } from 'react';

/** A page rendered ahead is taken over as it is: whatever it holds is drawn at once. */
const takenOver = (): boolean =>
  __PRERENDER__ || globalThis.document?.documentElement.hasAttribute('data-visitor') === true;

/**
 * Renders `children` once the rest of the screen has been drawn (after its first paint): what sits
 * below the fold (the footer) then costs the phone a task of its own, not a share of the first
 * screen's. A page rendered ahead holds it already and keeps it.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(takenOver);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown ? children : null;
}
