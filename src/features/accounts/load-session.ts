import { isApiError } from '../../data/api-error';
import type { PublicUser } from '../../domain/user';
import { getSession } from './api/get-session';
import { getLocaleSetting } from './api/locale-setting';
import { loadUser } from './api/load-user';
import { applyLocale } from './apply-locale';
import { lastSignedInUser, useSessionStore } from './session-store';

async function userLocale(user: PublicUser) {
  try {
    return (await getLocaleSetting(user._id)) ?? user.locale;
  } catch {
    return user.locale;
  }
}

/**
 * Reads the session, then the user and their language setting. Offline, the last signed-in
 * user is kept so the app still opens; any other failure means signed out.
 */
export async function loadSession(): Promise<PublicUser | null> {
  const { signIn, signOut } = useSessionStore.getState();
  try {
    const { userCtx } = await getSession();
    if (!userCtx.name) {
      signOut();
      return null;
    }
    const user = await loadUser(userCtx.name);
    const locale = await userLocale(user);
    if (locale) await applyLocale(locale);
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
