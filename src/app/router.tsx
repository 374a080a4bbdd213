import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { setCurrentRouteName } from '../data/route-name.ts';
import { type ModuleDescription, MODULES } from '../domain/modules/index.ts';
import { RESOURCES } from '../domain/records/index.ts';
import type { ResourceSpec } from '../domain/records/schema.ts';
import { AppShell } from './app-shell.tsx';
import { lazyPart } from '../components/lazy-part.ts';
import { RequireAuth } from './require-auth.tsx';
import { RouteError } from './route-error.tsx';
import { lastHandle, type RouteHandle } from './route-handle.ts';

interface PageRoute {
  paths: string[];
  handle: RouteHandle;
  load: () => Promise<{ default: ComponentType }>;
  auth?: boolean;
  /** Under /account/:accountId: needs a session and the group loaded (requiresAccount). */
  group?: boolean;
}

// Spec 000 §2 route table; names are sent as X-Route-Name.
const PAGES: PageRoute[] = [
  {
    paths: ['/', '/app', '/app.html'],
    handle: { name: 'home', title: 'home.title' },
    // Visitors see the public home page; signed-in users are sent on (spec 000 §2 redirect).
    load: () => import('./routes/home.tsx'),
  },
  {
    paths: ['/user/login'],
    handle: { name: 'user#login', title: 'login.title' },
    load: () => import('./routes/user-login.tsx'),
  },
  {
    paths: ['/user/register'],
    handle: { name: 'user#register', title: 'register.title' },
    load: () => import('./routes/user-register.tsx'),
  },
  {
    paths: ['/user/profile'],
    handle: { name: 'user#profile', title: 'profile.title' },
    load: () => import('./routes/user-profile.tsx'),
    auth: true,
  },
  {
    paths: ['/user/confirm/new'],
    handle: { name: 'confirm#new', title: 'confirmNew.title' },
    load: () => import('./routes/confirm-new.tsx'),
  },
  {
    paths: ['/user/confirm/:token'],
    handle: { name: 'confirm#new', title: 'confirmToken.title' },
    load: () => import('./routes/confirm-token.tsx'),
  },
  {
    paths: ['/user/password/new'],
    handle: { name: 'password#new', title: 'passwordNew.title' },
    load: () => import('./routes/password-new.tsx'),
  },
  {
    paths: ['/user/password/:token'],
    handle: { name: 'password#new', title: 'passwordReset.title' },
    load: () => import('./routes/password-token.tsx'),
  },
  {
    paths: ['/account/new'],
    handle: { name: 'account#new', title: 'accountNew.title' },
    load: () => import('./routes/account-new.tsx'),
    auth: true,
  },
  {
    paths: ['/account/:accountId'],
    handle: { name: 'dashboard', title: 'dashboard.title' },
    load: () => import('./routes/account-dashboard.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/admin'],
    handle: { name: 'admin', title: 'admin.title' },
    load: () => import('./routes/account-admin.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships'],
    handle: { name: 'memberships#index', title: 'memberships.title' },
    load: () => import('./routes/memberships-index.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships/new'],
    handle: { name: 'memberships#new', title: 'memberships.new' },
    load: () => import('./routes/memberships-new.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships/:recordId'],
    handle: { name: 'memberships#show', title: 'memberships.detail' },
    load: () => import('./routes/memberships-show.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships/:recordId/edit'],
    handle: { name: 'memberships#edit', title: 'memberships.edit' },
    load: () => import('./routes/memberships-edit.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/users/:recordId'],
    handle: { name: 'users#show', title: 'memberships.detail' },
    load: () => import('./routes/memberships-show.tsx'),
    group: true,
  },
  ...MODULES.filter((module) => module.built).flatMap(modulePages),
  ...RESOURCES.flatMap(resourcePages),
  {
    // Group screens of later issues: not found, inside the group's shell.
    paths: ['/account/:accountId/*'],
    handle: { name: 'not_found', title: 'errorTitles.not_found' },
    load: () => import('./routes/not-found.tsx'),
    group: true,
  },
  {
    paths: ['/errors/:code'],
    handle: { name: 'errors#show', title: 'errorTitles.undefined_error' },
    load: () => import('./routes/error.tsx'),
  },
  {
    paths: ['*'],
    handle: { name: 'not_found', title: 'errorTitles.not_found' },
    load: () => import('./routes/not-found.tsx'),
  },
];

/** A module's own pages (a board, a print page), with what the group's screens have. */
function modulePages(module: ModuleDescription): PageRoute[] {
  return module.pages.map((page) => ({
    paths: [`/account/:accountId/${page.path}`],
    handle: { name: page.name, title: page.title },
    // The modules' screens (feature-modules.ts) load with the page, not with the app.
    load: async () => {
      const [{ pageLoader }, { ModulePage }] = await Promise.all([
        import('./feature-modules.ts'),
        import('./module-page.tsx'),
      ]);
      const { default: Page } = await pageLoader(module, page)();
      return { default: () => <ModulePage page={Page} /> };
    },
    group: true,
  }));
}

/** The generic screens of each described resource (spec 001 §2): index, new, show, edit. */
function resourcePages({ resource, screens = ['index', 'new', 'show', 'edit'] }: ResourceSpec): PageRoute[] {
  const base = `/account/:accountId/${resource}`;
  const page = (path: string, action: string, title: string, load: PageRoute['load']): PageRoute => ({
    paths: [path],
    handle: { name: `${resource}#${action}`, title, resource },
    load,
    group: true,
  });
  const all = {
    index: page(base, 'index', `records.${resource}.title`, () => import('./routes/resource-index.tsx')),
    new: page(`${base}/new`, 'new', `records.${resource}.new`, () => import('./routes/resource-form.tsx')),
    show: page(`${base}/:recordId`, 'show', `records.${resource}.one`, () => import('./routes/resource-show.tsx')),
    edit: page(
      `${base}/:recordId/edit`,
      'edit',
      `records.${resource}.edit`,
      () => import('./routes/resource-form.tsx'),
    ),
  };
  // In this order: `new` before `:recordId`.
  return (['index', 'new', 'show', 'edit'] as const).filter((s) => screens.includes(s)).map((s) => all[s]);
}

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
    loaders.set(route, load);
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
  loaders.set(route, loadGroupLayout);
  return route;
}

const ROUTES: RouteObject[] = [
  {
    element: <AppShell />,
    // The pathless child keeps the shell (navbar, new-version notice) around a failed page.
    children: [
      {
        errorElement: <RouteError />,
        children: [...PAGES.filter((page) => !page.group).flatMap(toRoutes), groupRoutes()],
      },
    ],
  },
];

// The first page's code is fetched now, alongside the texts and the session check, instead of
// after them: React would only ask for it at the first render.
for (const match of matchRoutes(ROUTES, window.location) ?? [])
  void loaders
    .get(match.route)?.()
    .catch(() => undefined);
// A group's page also opens the group's replica already on this device, beside the session check.
const firstGroup = matchRoutes(ROUTES, window.location)?.find((m) => m.params.accountId)?.params.accountId;
if (firstGroup) void import('../data/warm-replica.ts').then((m) => m.warmReplica(firstGroup)).catch(() => undefined);

export const router = createBrowserRouter(ROUTES);

// Updated before the new page renders, so its first calls already carry the new route name.
setCurrentRouteName(lastHandle(router.state.matches)?.name ?? '');
router.subscribe((state) => setCurrentRouteName(lastHandle(state.matches)?.name ?? ''));
