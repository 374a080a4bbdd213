import { readJson, writeJson } from '../../data/preferences.ts';
import { isLocale, type Locale } from '../../domain/locale.ts';
import { saveLocaleSetting } from './api/locale-setting.ts';

// A language picked while signed in is saved in the account over the network; until the server
// has it, the device keeps the pick. Otherwise a page reloaded before the save finished, or a
// pick made offline, would read the account's older language at the next session check and
// switch back to it.
const UNSAVED_KEY = 'moneta.locale-unsaved';

interface Unsaved {
  user: string;
  locale: Locale;
}

/** The pick this person made on this device that the server has not confirmed yet, if any. */
export function unsavedLocale(userId: string): Locale | null {
  const unsaved = readJson<Partial<Unsaved>>(UNSAVED_KEY);
  return unsaved?.user === userId && isLocale(unsaved.locale) ? unsaved.locale : null;
}

/** Saves the person's language in their account; the pick is kept on the device until it is. */
export async function saveLocaleChoice(userId: string, locale: Locale): Promise<void> {
  writeJson(UNSAVED_KEY, { user: userId, locale } satisfies Unsaved);
  await saveLocaleSetting(userId, locale);
  // A later pick made while this one was on its way stays unsaved until its own save.
  confirmLocaleChoice(userId, locale);
}

/** The account's saved language, read from the server: a pick it matches is saved already. */
export function confirmLocaleChoice(userId: string, saved: Locale | null): void {
  if (saved !== null && unsavedLocale(userId) === saved) writeJson(UNSAVED_KEY, null);
}
