import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setCurrentRouteName } from '../data/route-name';
import { AppShell } from './app-shell';
import { lazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { lastHandle, type RouteHandle } from './route-handle';

interface PageRoute {
  paths: string[];
  handle: RouteHandle;
  load: () => Promise<{ default: ComponentType }>;
  auth?: boolean;
}

// Spec 000 §2 route table; names are sent as X-Route-Name.
const PAGES: PageRoute[] = [
  {
    paths: ['/', '/app', '/app.html'],
    handle: { name: 'home', title: 'home.title' },
    load: () => import('./routes/home'),
    auth: true,
  },
  {
    paths: ['/user/login'],
    handle: { name: 'user#login', title: 'login.title' },
    load: () => import('./routes/user-login'),
  },
  {
    paths: ['/user/register'],
    handle: { name: 'user#register', title: 'register.title' },
    load: () => import('./routes/user-register'),
  },
  {
    paths: ['/user/profile'],
    handle: { name: 'user#profile', title: 'profile.title' },
    load: () => import('./routes/user-profile'),
    auth: true,
  },
  {
    paths: ['/user/confirm/new'],
    handle: { name: 'confirm#new', title: 'confirmNew.title' },
    load: () => import('./routes/confirm-new'),
  },
  {
    paths: ['/user/confirm/:token'],
    handle: { name: 'confirm#new', title: 'confirmToken.title' },
    load: () => import('./routes/confirm-token'),
  },
  {
    paths: ['/user/password/new'],
    handle: { name: 'password#new', title: 'passwordNew.title' },
    load: () => import('./routes/password-new'),
  },
  {
    paths: ['/user/password/:token'],
    handle: { name: 'password#new', title: 'passwordReset.title' },
    load: () => import('./routes/password-token'),
  },
  {
    paths: ['/account/new'],
    handle: { name: 'account#new', title: 'accountNew.title' },
    load: () => import('./routes/account-new'),
    auth: true,
  },
  {
    paths: ['/errors/:code'],
    handle: { name: 'errors#show', title: 'errorTitles.undefined_error' },
    load: () => import('./routes/error'),
  },
  {
    paths: ['*'],
    handle: { name: 'not_found', title: 'errorTitles.not_found' },
    load: () => import('./routes/not-found'),
  },
];

function toRoutes({ paths, handle, load, auth }: PageRoute): RouteObject[] {
  const Page = lazyPage(load);
  const element = auth ? (
    <RequireAuth>
      <Page />
    </RequireAuth>
  ) : (
    <Page />
  );
  return paths.map((path) => ({ path, handle, element }));
}

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    // The pathless child keeps the shell (navbar, new-version notice) around a failed page.
    children: [{ errorElement: <RouteError />, children: PAGES.flatMap(toRoutes) }],
  },
]);

// Updated before the new page renders, so its first calls already carry the new route name.
setCurrentRouteName(lastHandle(router.state.matches)?.name ?? '');
router.subscribe((state) => setCurrentRouteName(lastHandle(state.matches)?.name ?? ''));
