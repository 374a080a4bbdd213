import { create } from 'zustand';

interface VersionState {
  /** A newer build is deployed (version header, failed lazy chunk or a waiting service worker). */
  available: boolean;
  dismissed: boolean;
  /** Replaced by the service worker registration so that Reload activates the waiting worker first. */
  reload: () => void;
  markAvailable: () => void;
  dismiss: () => void;
  setReload: (reload: () => void) => void;
}

export const useVersionStore = create<VersionState>()((set) => ({
  available: false,
  dismissed: false,
  reload: () => window.location.reload(),
  markAvailable: () => set((s) => (s.available ? s : { available: true, dismissed: false })),
  dismiss: () => set({ dismissed: true }),
  setReload: (reload) => set({ reload }),
}));

export function markNewVersion(): void {
  useVersionStore.getState().markAvailable();
}

/**
 * A file of the app's code failed to load. Online, a new build replaced it; offline, it is only
 * not on the device yet (a part opened before the service worker had it) and comes with the
 * connection (lazyPart waits for it): no new version to announce.
 */
export function markChunkFailed(): void {
  if (globalThis.navigator?.onLine !== false) markNewVersion();
}

/** 'dev' is what an unbuilt server answers; it says nothing about the deployed build. */
export function isNewerVersion(served: string | null, built: string): boolean {
  return Boolean(served) && served !== 'dev' && served !== built;
}
