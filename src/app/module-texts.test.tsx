import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Suspense, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { groupReplica } from '../../test/support/group-replica.ts';
import { localeFiles } from '../../test/support/locale-texts.ts';
import { answerRequests, json } from '../../test/support/network.ts';
import { renderScreen } from '../../test/support/render-screen.tsx';
import { newId } from '../domain/ids.ts';
import WalletsUploadPage from '../features/moneta/pages/wallets-upload.tsx';
import { i18nOptions } from './i18n-options.ts';
import { localeBackend } from './locale-files.ts';
import { ModuleTexts } from './module-texts.tsx';

/** The server's /locales/<lng>/<namespace>.json, from the files on disk; anything else fails as offline. */
function serveLocales() {
  return answerRequests(({ url }) => {
    const [, lng, ns] = /^\/locales\/([\w-]+)\/([\w-]+)\.json$/.exec(url.pathname) ?? [];
    const texts = lng && ns ? localeFiles(lng).get(ns) : undefined;
    return texts ? json(texts) : Promise.reject(new TypeError('Failed to fetch'));
  });
}

/** i18next as the app starts it (src/app/i18n.ts): the shared file only, the rest through the backend. */
async function startedI18n() {
  const i18n = i18next.createInstance();
  await i18n.use(localeBackend).init(i18nOptions('en', { en: { translation: localeFiles('en').get('translation')! } }));
  return i18n;
}

const loaded = (sent: { url: URL }[]) => sent.map(({ url }) => url.pathname).filter((p) => p.startsWith('/locales/'));

/** What a module's screen is given: a group of its own on the device, no features or members. */
async function screenEnv() {
  return {
    accountId: await groupReplica(),
    userId: newId('User'),
    features: new Set<string>(),
    members: [],
    settings: {},
  };
}

describe("a module's texts", () => {
  it('are fetched when its screen opens, which waits for them, and again when the language changes', async () => {
    const sent = serveLocales();
    const i18n = await startedI18n();
    expect(i18n.exists('moneta.import.chooseFile'), 'the shared file holds none of its texts').toBe(false);
    const env = await screenEnv();

    renderScreen(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Suspended</p>}>
          <ModuleTexts kinds={['moneta', 'no-such-module']} fallback={<p>Waiting for the texts</p>}>
            <WalletsUploadPage env={env} recordId="" params={{}} />
          </ModuleTexts>
        </Suspense>
      </I18nextProvider>,
    );

    // Never a bare key: the screen shows once its texts are here.
    expect(screen.getByText('Waiting for the texts')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Choose a CSV file' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/moneta\.import\./);
    expect(loaded(sent)).toEqual(['/locales/en/moneta.json']);

    await act(() => i18n.changeLanguage('pt-BR'));
    expect(await screen.findByRole('button', { name: 'Escolher arquivo CSV' })).toBeTruthy();
    expect(loaded(sent).sort()).toEqual([
      '/locales/en/moneta.json',
      '/locales/pt-BR/moneta.json',
      '/locales/pt-BR/translation.json',
    ]);
  });

  it('on a first load show the given fallback at once, never suspending (no reveal delay)', async () => {
    const sent = serveLocales();
    const i18n = await startedI18n();
    const env = await screenEnv();
    // React holds a Suspense boundary's content back for a while after showing its fallback: a
    // first load that suspended would show the screen later than its texts are here.
    renderScreen(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Suspended</p>}>
          <ModuleTexts kinds={['moneta']} fallback={<p>Texts coming</p>}>
            <WalletsUploadPage env={env} recordId="" params={{}} />
          </ModuleTexts>
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByText('Texts coming')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Choose a CSV file' })).toBeTruthy();
    expect(screen.queryByText('Suspended')).toBeNull();
    expect(loaded(sent)).toEqual(['/locales/en/moneta.json']);
  });

  it('come from the build, in English, when they cannot be fetched (a module first opened offline)', async () => {
    const i18n = await startedI18n();
    const env = await screenEnv();
    renderScreen(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Waiting for the texts</p>}>
          <ModuleTexts kinds={['moneta']}>
            <WalletsUploadPage env={env} recordId="" params={{}} />
          </ModuleTexts>
        </Suspense>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Choose a CSV file' })).toBeTruthy();
  });

  it('switched on while a screen is open: the screen waits for them and keeps what was typed', async () => {
    serveLocales();
    const i18n = await startedI18n();
    /** A screen with something typed in it, and a part of the module once the module is on. */
    function Screen({ on }: { on: boolean }) {
      const { t } = useTranslation();
      const [note, setNote] = useState('');
      return (
        <>
          <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
          {on && <p>{t('moneta.import.chooseFile')}</p>}
        </>
      );
    }
    const at = (on: boolean) => (
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Waiting for the texts</p>}>
          <ModuleTexts kinds={on ? ['moneta'] : []}>
            <Screen on={on} />
          </ModuleTexts>
        </Suspense>
      </I18nextProvider>
    );
    const { rerender } = render(at(false));
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Note' }), 'half a sentence');

    rerender(at(true));
    expect(screen.getByText('Waiting for the texts')).toBeTruthy();
    expect(screen.queryByText('moneta.import.chooseFile')).toBeNull();
    expect(await screen.findByText('Choose a CSV file')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveProperty('value', 'half a sentence');
  });
});
