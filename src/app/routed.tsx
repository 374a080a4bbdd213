// The app's routes drawn by React Router's declarative API. Its data router (createBrowserRouter)
// came with loaders, actions, fetchers and revalidation the app never used: about 18 KB gzipped
// of the entry's code (docs/benchmarks.md). What the app used of it, the matched routes' handles,
// is given here by a context of its own.
import { createContext, type ReactNode, use, useMemo } from 'react';
import { matchRoutes, renderMatches, type RouteMatch, type RouteObject, useLocation } from 'react-router';
import { lastHandle, type RouteHandle } from './route-handle.ts';

const RouteMatchesContext = createContext<readonly RouteMatch[]>([]);

/** The last address matched for each route table: the start matches the first one before React draws. */
const lastMatch = new WeakMap<readonly RouteObject[], { pathname: string; matches: RouteMatch[] }>();

/** The routes `pathname` opens, from the outermost (the shell) to the page. */
export function matchesFor(routes: RouteObject[], pathname: string): RouteMatch[] {
  const last = lastMatch.get(routes);
  if (last?.pathname === pathname) return last.matches;
  // Matching ranks every route of the table: once per address, not once per caller.
  const matches = matchRoutes(routes, pathname) ?? [];
  lastMatch.set(routes, { pathname, matches });
  return matches;
}

/**
 * The page the address opens, inside its parents. `onMatch` hears of each new match while it is
 * drawn, before the page's effects run.
 */
export function Routed({
  routes,
  onMatch,
}: {
  routes: RouteObject[];
  onMatch?: (matches: readonly RouteMatch[]) => void;
}): ReactNode {
  const { pathname } = useLocation();
  const matches = useMemo(() => {
    const found = matchesFor(routes, pathname);
    onMatch?.(found);
    return found;
  }, [routes, pathname, onMatch]);
  const page = useMemo(() => renderMatches(matches), [matches]);
  return <RouteMatchesContext value={matches}>{page}</RouteMatchesContext>;
}

/** The matched routes' handles, outermost first. */
export function useRouteMatches(): readonly RouteMatch[] {
  return use(RouteMatchesContext);
}

/** The current page's handle: its spec name and title. */
export function useRouteHandle(): RouteHandle | null {
  return lastHandle(useRouteMatches());
}
