// Precaches the app shell and serves index.html for in-app navigations; caches translation files
// when first used (sw/locales.ts). It never answers the server's routes (/db, /api) or the static
// legal pages, and it activates a new build only when the page asks (SKIP_WAITING), after the
// user chose to reload.
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { CACHE_LOCALES, isLocalePath, LOCALES_CACHE } from './locales.ts';
import { NAVIGATION_DENYLIST } from './navigation.ts';

// No `/// <reference lib="webworker" />`: a lib reference applies to the whole program and would
// leak worker globals into the app's typecheck. The few worker members used here are declared instead.
interface ExtendableMessageEvent extends MessageEvent<unknown> {
  waitUntil(promise: Promise<unknown>): void;
}

interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
// The first visit's page is taken under the worker once the build is precached: the code it has
// not loaded yet (a page not visited, a menu or dialog not opened) then comes from the device when
// the connection drops, in that same session, not only after a reload. A new build's worker still
// waits for the person's consent (SKIP_WAITING) before it takes over open pages.
clientsClaim();
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));

/** A file's URL carries its content hash (`?v=`): a new version replaces the older ones. */
const newestVersionOnly: WorkboxPlugin = {
  async cacheDidUpdate({ cacheName, request }) {
    const cache = await caches.open(cacheName);
    const { pathname } = new URL(request.url);
    for (const old of await cache.keys()) {
      if (old.url !== request.url && new URL(old.url).pathname === pathname) await cache.delete(old);
    }
  },
};

/**
 * Offline right after an update, the new version of a file is not cached yet: the previous one
 * is better than no text at all (a key missing from it falls back to English on the page).
 */
const previousVersionWhenOffline: WorkboxPlugin = {
  async handlerDidError({ request }) {
    return (await caches.open(LOCALES_CACHE)).match(request, { ignoreSearch: true });
  },
};

const locales = new StaleWhileRevalidate({
  cacheName: LOCALES_CACHE,
  plugins: [newestVersionOnly, previousVersionWhenOffline],
});

// Same origin and /locales/ only: /db and /api match no route, so they always go to the network.
registerRoute(({ url, sameOrigin }) => sameOrigin && isLocalePath(url.pathname), locales);

function sameOriginLocale(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  const parsed = new URL(url, self.location.origin);
  return parsed.origin === self.location.origin && isLocalePath(parsed.pathname);
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Files the page fetched before this worker controlled it (the first visit).
  if (data?.type === CACHE_LOCALES && Array.isArray(data.urls)) {
    const urls = data.urls.filter(sameOriginLocale);
    event.waitUntil(Promise.all(urls.map((request) => locales.handle({ event, request }).catch(() => undefined))));
  }
});
