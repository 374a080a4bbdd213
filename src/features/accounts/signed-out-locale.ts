import type { Locale } from '../../domain/locale.ts';

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
