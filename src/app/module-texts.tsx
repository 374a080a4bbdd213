// A module's texts (locales/<lng>/<kind>.json) come with its screens, not with the app: the
// screens of a group wait for the texts of every module the group uses, since a module shows
// parts on others' screens too (its cards on the dashboard, its lines on another's records).
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODULE_NAMESPACES } from './locale-files.ts';

/** The namespaces of these modules that have texts of their own. */
export function moduleNamespaces(kinds: readonly string[]): string[] {
  return kinds.filter((kind) => MODULE_NAMESPACES.includes(kind));
}

/**
 * Shows `children` once the modules' texts are here in the current language and English (the
 * fallback), never a bare key. On a first load it shows `fallback` meanwhile, without
 * suspending: React reveals a suspended boundary's content at most every 300 ms after its
 * fallback showed, which would delay the group's first screen past its texts. A module switched
 * on later suspends instead, so the nearest Suspense keeps the open screen's state behind its
 * spinner. On a language change i18next fetches the texts for the new language before switching.
 */
export function ModuleTexts({
  kinds,
  fallback = null,
  children,
}: {
  kinds: readonly string[];
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const { ready } = useTranslation(moduleNamespaces(kinds), { useSuspense: shown });
  // Set while drawing (React draws this component again at once, before anything is shown).
  if (ready && !shown) setShown(true);
  return ready ? children : fallback;
}
