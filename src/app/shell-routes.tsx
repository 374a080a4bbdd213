import type { RouteObject } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { PageOrError } from './route-error.tsx';

/** The pages inside the app's shell, as the browser's router and the pages rendered at build time have them. */
export function shellRoutes(pages: RouteObject[]): RouteObject[] {
  return [{ element: <AppShell />, children: [{ element: <PageOrError />, children: pages }] }];
}
