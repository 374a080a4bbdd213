import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { setCurrentRouteName } from '../data/route-name.ts';
import { lazyPart } from '../components/lazy-part.ts';
import { PAGES, type PageRoute } from './pages.tsx';
import { RequireAuth } from './require-auth.tsx';
import { lastHandle } from './route-handle.ts';
import { shellRoutes } from './shell-routes.tsx';

/** Each route's code, to start loading the first page's before the app has rendered. */
const loaders = new Map<RouteObject, () => Promise<unknown>>();

function toRoutes({ paths, handle, load, auth }: PageRoute): RouteObject[] {
  const Page = lazyPart(load);
  const element = auth ? (
    <RequireAuth>
      <Page />
    </RequireAuth>
  ) : (
    <Page />
  );
  return paths.map((path) => {
    const route = { path, handle, element };
    loaders.set(route, Page.preload);
    return route;
  });
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
    children: children.map((child) => {
      const { path, handle, element } = child;
      const route: RouteObject = path === '' ? { index: true, handle, element } : { path, handle, element };
      loaders.set(route, loaders.get(child)!);
      return route;
    }),
  };
  loaders.set(route, GroupLayout.preload);
  return route;
}

const ROUTES = shellRoutes([...PAGES.filter((page) => !page.group).flatMap(toRoutes), groupRoutes()]);

const firstMatches = matchRoutes(ROUTES, window.location) ?? [];

/**
 * The first page's code, fetched now, alongside the texts and the session check, instead of
 * after them: React would only ask for it at the first render. Settles (never fails) once here.
 */
export const firstPageCode: Promise<unknown> = Promise.all(
  firstMatches.map((match) =>
    loaders
      .get(match.route)?.()
      .catch(() => undefined),
  ),
);
// A group's page also opens the group's replica already on this device, beside the session check.
const firstGroup = firstMatches.find((m) => m.params.accountId)?.params.accountId;
if (firstGroup) void import('../data/warm-replica.ts').then((m) => m.warmReplica(firstGroup)).catch(() => undefined);

export const router = createBrowserRouter(ROUTES);

// Updated before the new page renders, so its first calls already carry the new route name.
setCurrentRouteName(lastHandle(router.state.matches)?.name ?? '');
router.subscribe((state) => setCurrentRouteName(lastHandle(state.matches)?.name ?? ''));
