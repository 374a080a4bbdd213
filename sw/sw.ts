// Precaches the app shell and serves index.html for in-app navigations. It never answers the
// server's routes (/db, /api) or the static legal pages, and it activates a new build only when
// the page asks (SKIP_WAITING), after the user chose to reload.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST } from './navigation';

// No `/// <reference lib="webworker" />`: a lib reference applies to the whole program and would
// leak worker globals into the app's typecheck. The few worker members used here are declared instead.
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
