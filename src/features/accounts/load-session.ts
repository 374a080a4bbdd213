import { isApiError } from '../../data/api-error.ts';
import type { Locale } from '../../domain/locale.ts';
import type { PublicUser } from '../../domain/user.ts';
import { getSession } from './api/get-session.ts';
import { getLocaleSetting, saveLocaleSetting } from './api/locale-setting.ts';
import { loadUser } from './api/load-user.ts';
import { applyLocale } from './apply-locale.ts';
import { lastSignedInUser, useSessionStore } from './session-store.ts';

async function userLocale(user: PublicUser) {
  try {
    return (await getLocaleSetting(user._id)) ?? user.locale;
  } catch {
    return user.locale;
  }
}

/**
 * Reads the session, then the user and their language setting; `picked` (chosen on the login
 * page) replaces that setting. Offline, the last signed-in
 * user is kept so the app still opens; any other failure means signed out.
 */
export async function loadSession(picked: Locale | null = null): Promise<PublicUser | null> {
  const { signIn, signOut } = useSessionStore.getState();
  try {
    const { userCtx } = await getSession();
    if (!userCtx.name) {
      signOut();
      return null;
    }
    const user = await loadUser(userCtx.name);
    const locale = picked ?? (await userLocale(user));
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
