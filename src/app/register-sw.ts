import { loadChunk } from '../components/lazy-part.ts';
import { whenIdle } from '../data/idle.ts';
import { useVersionStore } from '../data/version-store.ts';

const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;
const RELOAD_FALLBACK_MS = 10_000;

function whenInstalled(worker: ServiceWorker, then: () => void): void {
  if (worker.state === 'installed') then();
  else worker.addEventListener('statechange', () => worker.state === 'installed' && then());
}

/**
 * Reload onto the newest build. A plain reload is not enough: the old worker would keep serving
 * the old precached index.html, so the new worker is fetched if needed and activated first.
 */
async function reloadOntoNewest(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration?.update().catch(() => undefined);
  const worker = registration?.waiting ?? registration?.installing;
  if (!worker) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
  whenInstalled(worker, () => worker.postMessage(SKIP_WAITING));
}

/** Production builds only: in development Vite serves modules the worker would cache stale. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Loaded apart: the worker registers after the page's load event anyway (workbox's default).
  // Without it this page would never install the worker, and the next visit offline would fail.
  await whenIdle();
  const loaded = await loadChunk(() => import('workbox-window')).catch(() => null);
  if (!loaded) return;
  const { Workbox } = loaded;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const store = useVersionStore.getState();
  store.setReload(() => void reloadOntoNewest());
  // The new worker waits until the user agrees to reload (it asks before updating).
  workbox.addEventListener('waiting', () => {
    const { setReload, markAvailable } = useVersionStore.getState();
    setReload(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
    markAvailable();
  });
  // Without a worker (blocked, private mode) the app still works online; nothing to report.
  workbox.register().catch(() => undefined);
}
