import { useCallback } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { applyLocale } from './apply-locale.ts';
import { loadSession } from './load-session.ts';
import { saveLocaleChoice } from './locale-choice.ts';
import { rememberSignedOutPick } from './signed-out-locale.ts';
import { useSessionStore } from './session-store.ts';

/** Applies the language at once; signed in, it is also saved in the personal database. */
export function useChangeLanguage() {
  const userId = useSessionStore((s) => s.user?._id);
  return useCallback(
    async (locale: Locale) => {
      await applyLocale(locale);
      if (!userId) {
        rememberSignedOutPick(locale);
        return;
      }
      try {
        await saveLocaleChoice(userId, locale);
        await loadSession();
      } catch {
        // Spec 000 §8: failures saving a setting are swallowed; the choice still applies locally,
        // and the next session check saves it (locale-choice.ts).
      }
    },
    [userId],
  );
}
