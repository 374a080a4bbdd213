// A module's texts (locales/<lng>/<kind>.json) come with its screens, not with the app: the
// screens of a group wait for the texts of every module the group uses, since a module shows
// parts on others' screens too (its cards on the dashboard, its lines on another's records).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MODULE_NAMESPACES } from './locale-files.ts';

/** The namespaces of these modules that have texts of their own. */
export function moduleNamespaces(kinds: readonly string[]): string[] {
  return kinds.filter((kind) => MODULE_NAMESPACES.includes(kind));
}

/**
 * Shows `children` once the modules' texts are here in the current language and English (the
 * fallback): until then it suspends, so the nearest Suspense shows its spinner, never a bare key.
 * On a language change i18next fetches them for the new language before switching to it.
 */
export function ModuleTexts({ kinds, children }: { kinds: readonly string[]; children: ReactNode }) {
  useTranslation(moduleNamespaces(kinds));
  return children;
}
