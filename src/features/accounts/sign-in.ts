import { ApiError } from '../../data/api-error.ts';
import { requestPersistentStorage } from '../../data/device-storage.ts';
import { MESSAGES } from '../../domain/errors.ts';
import { validateLogin } from '../../domain/account-forms.ts';
import { login } from './api/login.ts';
import { loadSession } from './load-session.ts';
import { takeSignedOutPick } from './signed-out-locale.ts';

/** Login page and re-login dialog: check, sign in, then load the session, user and language. */
export async function signIn(username: string, password: string, remember = false): Promise<void> {
  if (!validateLogin({ username, password })) throw new ApiError(400, 'bad_request', MESSAGES.missingCredentials);
  await login({ username: username.trim(), password, remember });
  const user = await loadSession(takeSignedOutPick());
  if (!user) throw new ApiError(401, 'unauthorized', MESSAGES.loginAgain);
  // Signed in, the offline data matters: ask the browser not to evict it (once per page load).
  void requestPersistentStorage();
}
