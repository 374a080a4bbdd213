import { create } from 'zustand';
import { shallow } from 'zustand/shallow';

export type SyncState = 'idle' | 'syncing' | 'paused' | 'offline' | 'error';

export interface DatabaseSync {
  state: SyncState;
  /** Changes made here that the server does not have yet. */
  pending: number;
  /** Changes the server refused, each waiting for the person to fix or discard it. */
  refused: number;
  /**
   * The server refused the whole database (the person left or was removed) while changes made
   * here were still unsent: the copy is kept until they are exported or knowingly dropped.
   */
  revoked: boolean;
  lastSyncAt: string | null;
  /**
   * This device's copy is being filled for the first time (a group opened here before it was ever
   * synced): screens wait for it to end rather than draw a half-filled copy as the group's data.
   */
  filling: boolean;
  /** Records whose revisions from two devices wait for a person to choose (src/data/conflicts.ts). */
  conflicts: string[];
  /** The last failure, as the server said it (403 → "You are not allowed to access this data"). */
  error: { status: number; error: string; reason: string } | null;
}

interface SyncStore {
  online: boolean;
  databases: Record<string, DatabaseSync>;
  setOnline: (online: boolean) => void;
  update: (name: string, patch: Partial<DatabaseSync>) => void;
  forget: (name: string) => void;
}

const EMPTY: DatabaseSync = {
  state: 'idle',
  pending: 0,
  refused: 0,
  revoked: false,
  lastSyncAt: null,
  filling: false,
  conflicts: [],
  error: null,
};

export const useSyncStore = create<SyncStore>()((set) => ({
  online: globalThis.navigator?.onLine ?? true,
  databases: {},
  setOnline: (online) => set((s) => (s.online === online ? s : { online })),
  // What a patch does not change (arrays and errors equal by their contents) keeps its value, and a
  // patch that changes nothing leaves the state as it is: no screen draws again for it (during a
  // pull the counts are read again and again, mostly the same; a list reads the conflicts' ids).
  update: (name, patch) =>
    set((s) => {
      const current = s.databases[name];
      const changed = Object.entries(patch).filter(
        ([key, value]) => !current || !shallow(current[key as keyof DatabaseSync], value),
      );
      if (current && changed.length === 0) return s;
      return { databases: { ...s.databases, [name]: { ...(current ?? EMPTY), ...Object.fromEntries(changed) } } };
    }),
  forget: (name) =>
    set((s) => {
      const { [name]: _gone, ...rest } = s.databases;
      return { databases: rest };
    }),
}));

export function syncStatus(name: string): DatabaseSync {
  return useSyncStore.getState().databases[name] ?? EMPTY;
}

/**
 * Keeps `open` running while `name`'s copy is not being filled for the first time: called now or
 * when the fill ends, and the cleanup it returns called when a fill starts or on the returned stop.
 * Read outside React's drawing on purpose: a component reading `useFilling` is drawn again, with
 * everything under it, in one task when the first pull ends (a first visit's dashboard: 168
 * components), though it shows nothing different until its reads answer.
 */
export function whileFilled(name: string, open: () => () => void): () => void {
  let close: (() => void) | null = null;
  const follow = (filling: boolean) => {
    if (filling && close) {
      close();
      close = null;
    } else if (!filling && !close) close = open();
  };
  follow(syncStatus(name).filling);
  const unsubscribe = useSyncStore.subscribe(() => follow(syncStatus(name).filling));
  return () => {
    unsubscribe();
    close?.();
    close = null;
  };
}

/** Whether `name`'s copy is being filled for the first time (DatabaseSync.filling). */
export function useFilling(name: string | null): boolean {
  return useSyncStore((s) => (name ? (s.databases[name]?.filling ?? false) : false));
}
