// What the app sets up before its first screen, for component tests (the `component` project in
// vite.config.ts): the real English texts, PouchDB on fake-indexeddb, and a clean page per test.
import './browser-globals.ts';
import { localeFiles } from './locale-texts.ts';
import { installNetwork, resetNetwork } from './network.ts';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach } from 'vitest';
import { i18nOptions } from '../../src/app/i18n-options.ts';
import { useSyncStore } from '../../src/data/sync-store.ts';

installNetwork();
// `findBy…` and `waitFor` wait for the state that matters up to 10 s, not Testing Library's 1 s:
// on a loaded machine (CI beside other work) a screen's answer can take longer than a second, and
// a React transition draws it in slices. A test that passes returns as soon as the state holds.
configure({ asyncUtilTimeout: 10_000 });

// The browser fetches the shared file at start (src/app/i18n.ts) and a module's with its screens
// (src/app/module-texts.tsx); here every English file is read from disk at once, same content.
await i18next.use(initReactI18next).init(i18nOptions('en', { en: Object.fromEntries(localeFiles('en')) }));

// Each test starts as a page load does: nothing on screen, no replica known, sync's state empty.
// (Testing Library cleans up by itself only with vitest's globals, which this project leaves off.)
const initialSync = useSyncStore.getState();
afterEach(() => {
  cleanup();
  localStorage.clear();
  resetNetwork();
  useSyncStore.setState(initialSync, true);
});

// A write a screen started and the test did not wait for (bookkeeping after a save) ends before the
// page's globals go: PouchDB tells other tabs through localStorage when a write completes, and
// after the file's environment is torn down that is an uncaught error in whichever file runs next.
// Imported here, not above: PouchDB must load after the network's stand-in is installed.
afterAll(async () => (await import('../../src/data/databases.ts')).operationsSettled());
