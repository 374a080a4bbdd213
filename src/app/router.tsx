import type { RouteMatch, RouteObject } from 'react-router';
import { nextTask } from '../data/idle.ts';
import { setCurrentRouteName } from '../data/route-name.ts';
import { lazyPart } from '../components/lazy-part.ts';
import { PAGES, type PageRoute } from './pages.tsx';
import { RequireAuth } from './require-auth.tsx';
import { lastHandle } from './route-handle.ts';
import { matchesFor } from './routed.tsx';
import { shellRoutes } from './shell-routes.tsx';

/**
 * Each route's code, by the route's element (the router copies the route objects it is given, not
 * their elements), to start loading the first page's before the app has rendered.
 */
const loaders = new Map<unknown, () => Promise<unknown>>();

function toRoutes({ paths, handle, load, auth }: PageRoute): RouteObject[] {
  const Page = lazyPart(load);
  const element = auth ? (
    <RequireAuth>
      <Page />
    </RequireAuth>
  ) : (
    <Page />
  );
  loaders.set(element, Page.preload);
  return paths.map((path) => ({ path, handle, element }));
}

const GROUP_PATH = '/account/:accountId';
// The group's screens need its replica: PouchDB comes with them, not with the public pages.
const loadGroupLayout = () => import('./group-layout.tsx').then((m) => ({ default: m.GroupLayout }));
const GroupLayout = lazyPart(loadGroupLayout);

/** Group pages share one layout route, so the group loads once while moving between its pages. */
function groupRoutes(): RouteObject {
  const children = PAGES.filter((page) => page.group).flatMap((page) =>
    toRoutes({ ...page, auth: false, paths: page.paths.map((path) => path.slice(GROUP_PATH.length + 1)) }),
  );
  const route: RouteObject = {
    path: GROUP_PATH,
    element: (
      <RequireAuth>
        <GroupLayout />
      </RequireAuth>
    ),
    children: children.map(({ path, handle, element }) =>
      path === '' ? { index: true, handle, element } : { path, handle, element },
    ),
  };
  loaders.set(route.element, GroupLayout.preload);
  return route;
}

export const ROUTES = shellRoutes([...PAGES.filter((page) => !page.group).flatMap(toRoutes), groupRoutes()]);

// Matched in a task of its own, after the rest of the app's modules have run: one long task less
// at start (the modules that need the first match, app.tsx and main.tsx, wait for it). The first
// drawing finds this match kept (matchesFor).
await nextTask();
const firstMatches = matchesFor(ROUTES, window.location.pathname);

/**
 * The first page's code, fetched now, alongside the texts and the session check, instead of
 * after them: React would only ask for it at the first render. Settles (never fails) once here.
 */
export const firstPageCode: Promise<unknown> = Promise.all(
  firstMatches.map((match) =>
    loaders
      .get(match.route.element)?.()
      .catch(() => undefined),
  ),
);
// A group's page also opens the group's replica already on this device, beside the session check.
const firstGroup = firstMatches.find((m) => m.params.accountId)?.params.accountId;
if (firstGroup) void import('../data/warm-replica.ts').then((m) => m.warmReplica(firstGroup)).catch(() => undefined);

/** Set while a page is drawn, so its first calls already carry the new route name. */
export function nameRoute(matches: readonly RouteMatch[]): void {
  setCurrentRouteName(lastHandle(matches)?.name ?? '');
}
nameRoute(firstMatches);
