/** What every route declares: its spec name (sent as X-Route-Name) and its title key. */
export interface RouteHandle {
  name: string;
  title: string;
  /** Generic resource screens: which described resource (src/domain/records). */
  resource?: string;
}

/** Accepts both `useMatches()` and the router state's matches (where the handle sits on the route). */
export function lastHandle(
  matches: readonly ({ handle?: unknown } | { route: { handle?: unknown } })[],
): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const raw = match && ('route' in match ? match.route.handle : match.handle);
    const handle = raw as Partial<RouteHandle> | undefined;
    if (handle?.name && handle.title) return handle as RouteHandle;
  }
  return null;
}
