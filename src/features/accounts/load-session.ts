import { isApiError } from '../../data/api-error.ts';
import { readFlag, readStoredLocale } from '../../data/preferences.ts';
import { unanswered } from '../../data/session-answer.ts';
import type { Locale } from '../../domain/locale.ts';
import type { PublicUser } from '../../domain/user.ts';
import { checkSession } from './api/get-session.ts';
import { getLocaleSetting } from './api/locale-setting.ts';
import { loadUser } from './api/load-user.ts';
import { ACCOUNT_LOCALE_FLAG, applyLocale } from './apply-locale.ts';
import { confirmLocaleChoice, saveLocaleChoice, unsavedLocale } from './locale-choice.ts';
import { lastSignedInUser, useSessionStore } from './session-store.ts';
import { signedOutLocale } from './signed-out-locale.ts';

/**
 * What the server says of the person: a visitor, or someone with their saved language, or nothing
 * that can be relied on (`status` 0: no answer; a 5xx; a page that is not the API's).
 */
type SessionReads =
  | { kind: 'signed-in'; user: PublicUser; setting: Locale | null | typeof UNREAD }
  | { kind: 'signed-out' }
  | { kind: 'unknown'; status: number };

/** A saved language that could not be read (the network, the server): not the same as none saved. */
const UNREAD: unique symbol = Symbol('unread');

/**
 * The session, then the user and their saved language side by side: the session's name is the
 * user's id, which names their personal database.
 */
async function readSession(withSetting: boolean): Promise<SessionReads> {
  const verdict = await checkSession();
  if (verdict.kind !== 'signed-in') return verdict;
  const setting = withSetting
    ? getLocaleSetting(verdict.name).catch((): typeof UNREAD => UNREAD)
    : Promise.resolve<typeof UNREAD>(UNREAD);
  let user: PublicUser;
  try {
    user = await loadUser(verdict.name);
  } catch (error) {
    if (isApiError(error) && unanswered(error.status)) return { kind: 'unknown', status: error.status };
    throw error;
  }
  // A proxy's page in place of the user record says nothing of the person either.
  if (typeof user !== 'object' || user === null || user._id !== verdict.name) return { kind: 'unknown', status: 200 };
  return { kind: 'signed-in', user, setting: await setting };
}

/** The language stored on this device when it came with the account (apply-locale.ts), else null. */
function accountLocaleOnDevice(): Locale | null {
  return readFlag(ACCOUNT_LOCALE_FLAG) ? readStoredLocale() : null;
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
  // Its failure is loadSession's to handle; until then it is not unhandled.
  early.catch(() => undefined);
}

/** The next check after one that got no verdict: soon at first, then less often (a deploy takes a while). */
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 0;
const RETRY_MAX_MS = 15_000;

function checkAgainLater(): void {
  clearTimeout(retryTimer);
  retryDelay = Math.min(retryDelay === 0 ? 1000 : retryDelay * 2, RETRY_MAX_MS);
  retryTimer = setTimeout(() => void loadSession(), retryDelay);
}

function checked(): void {
  clearTimeout(retryTimer);
  retryDelay = 0;
  useSessionStore.getState().setUncheckedStatus(null);
}

/**
 * No verdict: the person the device knows stays signed in, as offline, with the status shown, and
 * the check runs again. A device nobody was signed in on has no one to keep: the sign-in page.
 */
function keepSession(status: number): PublicUser | null {
  const { status: shown, signIn, signOut, setUncheckedStatus } = useSessionStore.getState();
  const cached = lastSignedInUser();
  if (!cached) {
    checked();
    signOut();
    return null;
  }
  // Already open as that person, it stays as it is (a re-login dialog open stays open).
  if (shown !== 'signed-in') signIn(cached);
  setUncheckedStatus(status);
  checkAgainLater();
  return cached;
}

/** The server's word that nobody is signed in: signed out, without the account's language. */
async function serverSignedOut(): Promise<null> {
  useSessionStore.getState().signOut();
  const fallback = signedOutLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
  if (fallback) await applyLocale(fallback).catch(() => undefined);
  return null;
}

/**
 * Reads the session, then the user and their language setting; `picked` (chosen on the login
 * page), or a pick not saved yet, replaces that setting. Only the server's word signs out
 * (src/data/session-answer.ts): offline, or when it fails, the last signed-in user is kept so the
 * app still opens.
 */
export async function loadSession(picked: Locale | null = null): Promise<PublicUser | null> {
  const { signIn } = useSessionStore.getState();
  const started = picked === null ? early : null;
  early = null;
  try {
    const read = await (started ?? readSession(picked === null));
    if (read.kind === 'unknown') return keepSession(read.status);
    checked();
    if (read.kind === 'signed-out') return await serverSignedOut();
    const { user } = read;
    const setting = read.setting === UNREAD ? null : read.setting;
    // The person's latest word wins over the account's: a pick on the login page, or one made
    // here that the server has not got yet (the page reloaded mid-save, or it was made offline).
    confirmLocaleChoice(user._id, setting);
    const chosen = picked ?? unsavedLocale(user._id);
    // A saved language that could not be read leaves the one this device last had from the
    // account: the user record's own field is the language of the sign-up, and applying it would
    // undo a pick saved since (a pick saved just now, then this check with a network blip).
    const kept = read.setting === UNREAD ? accountLocaleOnDevice() : null;
    const locale = chosen ?? setting ?? kept ?? user.locale;
    if (locale) await applyLocale(locale, 'account');
    // Saved in the background: failures saving a setting are swallowed (spec 000 §8).
    if (chosen && chosen !== setting) void saveLocaleChoice(user._id, chosen).catch(() => undefined);
    signIn(user);
    return user;
  } catch (error) {
    if (isApiError(error) && unanswered(error.status)) return keepSession(error.status);
    checked();
    return serverSignedOut();
  }
}
