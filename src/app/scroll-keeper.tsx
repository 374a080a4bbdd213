// Where each page was scrolled to, kept per history entry: back and forward (and a reload) return
// to it; a new page starts at its top, or at the element its address's #hash names.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'moneta.scroll';
/** Entries kept across a reload: the most recent ones. */
const KEPT = 50;

type Positions = Map<string, number>;

/**
 * Where a page drawn after `action` is scrolled to: a position, an element's id, or the top.
 * The document's first page (`initial`) is left where it is unless a position was kept for it:
 * a page rendered ahead may have been scrolled before the app took it over.
 */
export function scrollTarget(
  action: NavigationType,
  location: Pick<Location, 'key' | 'hash'>,
  positions: Positions,
  initial = false,
): { y: number } | { id: string } | null {
  const saved = action === NavigationType.Pop ? positions.get(location.key) : undefined;
  if (saved !== undefined) return { y: saved };
  const id = location.hash.length > 1 ? elementId(location.hash) : null;
  if (id !== null) return { id };
  return initial ? null : { y: 0 };
}

/** The id an address's #hash names; a hash that is not valid percent-encoding names none. */
function elementId(hash: string): string | null {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

function readPositions(): Positions {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function savePositions(positions: Positions): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-KEPT)));
  } catch {
    // Storage full or refused: the positions last for this page's life only.
  }
}

export function ScrollKeeper(): null {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Positions | null>(null);
  const current = useRef(location.key);
  const drawn = useRef(false);

  useEffect(() => {
    const kept = (positions.current ??= readPositions());
    const manual = () => (history.scrollRestoration = 'manual');
    // Each scroll is written to the entry shown: by the time the next page is drawn, its own.
    const onScroll = () => {
      kept.delete(current.current);
      kept.set(current.current, window.scrollY);
    };
    // Leaving the document (a reload, another site): the browser restores what it can itself then.
    const onHide = () => {
      savePositions(kept);
      history.scrollRestoration = 'auto';
    };
    manual();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', manual);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', manual);
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const initial = !drawn.current;
    drawn.current = true;
    const target = scrollTarget(action, location, (positions.current ??= readPositions()), initial);
    if (!target) return;
    if ('id' in target) {
      const element = document.getElementById(target.id);
      if (element) element.scrollIntoView();
      else window.scrollTo(0, 0);
    } else window.scrollTo(0, target.y);
    // Only a new history entry moves the page: a redraw of the same one leaves it where it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
