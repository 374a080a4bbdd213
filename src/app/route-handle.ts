import type { RouteMatch } from 'react-router';

/** What every route declares: its spec name (sent as X-Route-Name) and its title key. */
export interface RouteHandle {
  name: string;
  title: string;
  /** Generic resource screens: which described resource (src/domain/records). */
  resource?: string;
}

/** The innermost matched route that declares a name and a title. */
export function lastHandle(matches: readonly Pick<RouteMatch, 'route'>[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.route.handle as Partial<RouteHandle> | undefined;
    if (handle?.name && handle.title) return handle as RouteHandle;
  }
  return null;
}
