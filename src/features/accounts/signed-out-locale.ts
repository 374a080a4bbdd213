import { readFlag } from '../../data/preferences.ts';
import { defaultLocale, type Locale } from '../../domain/locale.ts';
import { ACCOUNT_LOCALE_FLAG } from './apply-locale.ts';

// The language a visitor picked on this page before signing in: their latest word on it, so it
// wins over the one saved in their account when they sign in (and replaces it there).
let picked: Locale | null = null;

export function rememberSignedOutPick(locale: Locale): void {
  picked = locale;
}

/** The pick, once: a later session load reads the account's setting again. */
export function takeSignedOutPick(): Locale | null {
  const locale = picked;
  picked = null;
  return locale;
}

/**
 * The language to switch to once the server has said nobody is signed in, or null to keep the
 * one shown. A language that came with an account is that account's, which the server no longer
 * confirms: the default takes over (spec 000 §5, §8), so the next person at a shared device is not
 * greeted in the last one's language. A pick made on this device while signed out stays: it is
 * the device's own. No answer at all (offline) never comes here: the person stays, with their
 * language.
 */
export function signedOutLocale(browserLanguages: readonly string[]): Locale | null {
  return readFlag(ACCOUNT_LOCALE_FLAG) ? defaultLocale(browserLanguages) : null;
}
