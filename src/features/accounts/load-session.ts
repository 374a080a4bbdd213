import { isApiError } from '../../data/api-error.ts';
import type { Locale } from '../../domain/locale.ts';
import type { PublicUser } from '../../domain/user.ts';
import { getSession } from './api/get-session.ts';
import { getLocaleSetting, saveLocaleSetting } from './api/locale-setting.ts';
import { loadUser } from './api/load-user.ts';
import { applyLocale } from './apply-locale.ts';
import { lastSignedInUser, useSessionStore } from './session-store.ts';

/** What the server says of the person: null for a visitor. */
type SessionReads = { user: PublicUser; setting: Locale | null } | null;

/**
 * The session, then the user and their saved language side by side: the session's name is the
 * user's id, which names their personal database. A setting that cannot be read is null (the
 * user's own field stands in).
 */
async function readSession(withSetting: boolean): Promise<SessionReads> {
  const { userCtx } = await getSession();
  if (!userCtx.name) return null;
  const setting = withSetting ? getLocaleSetting(userCtx.name).catch(() => null) : Promise.resolve(null);
  const user = await loadUser(userCtx.name);
  return { user, setting: await setting };
}

/** The reads started by prefetchSession, for the first loadSession only. */
let early: Promise<SessionReads> | null = null;

/**
 * Starts reading the session before the app's texts have arrived (main.tsx waits for them), so
 * those round trips run beside the texts and the code instead of after them on a first visit.
 */
export function prefetchSession(): void {
  if (early) return;
  early = readSession(true);
  // Its failure (offline) is loadSession's to handle; until then it is not unhandled.
  early.catch(() => undefined);
}

/**
 * Reads the session, then the user and their language setting; `picked` (chosen on the login
 * page) replaces that setting. Offline, the last signed-in
 * user is kept so the app still opens; any other failure means signed out.
 */
export async function loadSession(picked: Locale | null = null): Promise<PublicUser | null> {
  const { signIn, signOut } = useSessionStore.getState();
  const started = picked === null ? early : null;
  early = null;
  try {
    const read = await (started ?? readSession(picked === null));
    if (!read) {
      signOut();
      return null;
    }
    const { user, setting } = read;
    const locale = picked ?? setting ?? user.locale;
    if (locale) await applyLocale(locale);
    // Saved in the background: failures saving a setting are swallowed (spec 000 §8).
    if (picked) void saveLocaleSetting(user._id, picked).catch(() => undefined);
    signIn(user);
    return user;
  } catch (error) {
    const cached = isApiError(error) && error.status === 0 ? lastSignedInUser() : null;
    if (cached) {
      signIn(cached);
      return cached;
    }
    signOut();
    return null;
  }
}
