import { create } from 'zustand';
import { loggedOut } from '../../data/emitter.ts';
import { forgetLaunchSnapshot } from '../../data/launch-snapshot.ts';
import { readJson, readToken, STORAGE_KEYS, writeJson } from '../../data/preferences.ts';
import { keepSame } from '../../domain/same-data.ts';
import type { PublicUser } from '../../domain/user.ts';

export type SessionStatus = 'loading' | 'anonymous' | 'signed-in';

interface SessionState {
  status: SessionStatus;
  user: PublicUser | null;
  /** The server dropped the session while the user was signed in: the re-login dialog is open. */
  expired: boolean;
  /** Signing out on a shared device: the device's data is being removed, no screen may read it. */
  signingOut: boolean;
  /**
   * The last session check got no verdict (src/data/session-answer.ts): the status it met (0: no
   * answer), while the app stays open as the person it knew and checks again; null once answered.
   */
  uncheckedStatus: number | null;
  signIn: (user: PublicUser) => void;
  signOut: () => void;
  setExpired: (expired: boolean) => void;
  setSigningOut: (signingOut: boolean) => void;
  setUncheckedStatus: (status: number | null) => void;
}

// The last signed-in user is remembered so the app still opens offline (offline-first);
// it is replaced at every session load and removed at logout.
const LAST_USER_KEY = STORAGE_KEYS.user;

export function lastSignedInUser(): PublicUser | null {
  return readJson<PublicUser>(LAST_USER_KEY);
}

/**
 * The server sends a page rendered ahead (`data-visitor` on <html>) only to a browser without a
 * session cookie: such a page starts signed out, as it was rendered, while the session check
 * runs (a user token, kept on the device, can still sign in).
 */
function visitorPage(): boolean {
  if (__PRERENDER__) return true;
  return globalThis.document?.documentElement.hasAttribute('data-visitor') === true && !readToken();
}

/**
 * How the app starts: a visitor's page signed out; a device someone was signed in on as that
 * person, while the session check runs (as it opens offline): a group already on the device
 * opens from it at once instead of after the check's round trips. The check then confirms the
 * person, or signs out, which sends them to the login page.
 */
function initialSession(): Pick<SessionState, 'status' | 'user'> {
  if (visitorPage()) return { status: 'anonymous', user: null };
  const cached = lastSignedInUser();
  return cached ? { status: 'signed-in', user: cached } : { status: 'loading', user: null };
}

const initial = initialSession();

/** The person this page opened as, from the device (null: nobody, or a visitor's page). */
export const openedAs: string | null = initial.user?._id ?? null;

export const useSessionStore = create<SessionState>()((set) => ({
  ...initial,
  expired: false,
  signingOut: false,
  uncheckedStatus: null,
  signIn: (user) => {
    writeJson(LAST_USER_KEY, user);
    // The session check confirming the person the app opened as changes nothing on screen.
    set((state) => ({ status: 'signed-in', user: keepSame(state.user, user), expired: false }));
  },
  signOut: () => {
    writeJson(LAST_USER_KEY, null);
    forgetLaunchSnapshot();
    set({ status: 'anonymous', user: null, expired: false, uncheckedStatus: null });
  },
  setExpired: (expired) => set({ expired }),
  setSigningOut: (signingOut) => set({ signingOut }),
  setUncheckedStatus: (uncheckedStatus) =>
    set((s) => (s.uncheckedStatus === uncheckedStatus ? s : { uncheckedStatus })),
}));

loggedOut.on(() => {
  const { status, setExpired } = useSessionStore.getState();
  if (status === 'signed-in') setExpired(true);
});
