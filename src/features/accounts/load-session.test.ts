import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionVerdict } from '../../data/session-answer.ts';

const USER = { _id: 'usr-6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'ana@example.com', fullname: 'Ana' };

// The server's answers, set by each test: the session check, the user and their saved language.
const server = vi.hoisted(() => ({
  verdict: { kind: 'signed-out' } as SessionVerdict,
  setting: null as string | null,
  // The saved language cannot be read (a network blip, the server failing).
  settingFails: false,
  // Saves of the language setting that reached the server; `saving` false: none gets through.
  saved: [] as string[],
  saving: true,
}));
const shown = vi.hoisted(() => ({ language: '' }));

vi.mock('i18next', () => ({
  default: {
    get language() {
      return shown.language;
    },
    changeLanguage: (lng: string) => {
      shown.language = lng;
      return Promise.resolve();
    },
  },
}));
vi.mock('./api/get-session.ts', () => ({ checkSession: () => Promise.resolve(server.verdict) }));
vi.mock('./api/load-user.ts', () => ({ loadUser: () => Promise.resolve({ ...USER, locale: 'en' }) }));
vi.mock('./api/locale-setting.ts', () => ({
  getLocaleSetting: () =>
    server.settingFails ? Promise.reject(new Error('no answer')) : Promise.resolve(server.setting),
  saveLocaleSetting: (_user: string, locale: string) => {
    if (!server.saving) return Promise.reject(new Error('offline'));
    server.saved.push(locale);
    server.setting = locale;
    return Promise.resolve();
  },
}));

function storage(values: Record<string, string>) {
  return {
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => void (values[key] = value),
    removeItem: (key: string) => void delete values[key],
  };
}

/** A page starting on a device whose storage holds `stored`, in a browser set to `languages`. */
async function startingDevice(stored: Record<string, string>, languages: string[]) {
  vi.resetModules();
  vi.stubGlobal('localStorage', storage(stored));
  vi.stubGlobal('navigator', { languages });
  vi.stubGlobal('document', {
    cookie: '',
    documentElement: { lang: stored['moneta.locale'] ?? 'en', hasAttribute: () => false },
  });
  shown.language = stored['moneta.locale'] ?? 'en';
  const { loadSession } = await import('./load-session.ts');
  return { loadSession, stored };
}

describe('the language after the session check', () => {
  beforeEach(() => {
    server.verdict = { kind: 'signed-out' };
    server.setting = null;
    server.settingFails = false;
    server.saved = [];
    server.saving = true;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the account’s once the server confirms the person', async () => {
    server.verdict = { kind: 'signed-in', name: USER._id };
    server.setting = 'pt-BR';
    const { loadSession, stored } = await startingDevice({}, ['en-US']);
    await loadSession();
    expect(shown.language).toBe('pt-BR');
    expect(stored['moneta.locale']).toBe('pt-BR');
  });

  it('falls back to the default when the server no longer confirms the account it came with', async () => {
    server.verdict = { kind: 'signed-in', name: USER._id };
    server.setting = 'pt-BR';
    const { loadSession, stored } = await startingDevice({}, ['en-US', 'en']);
    await loadSession();
    // The session ends (it expired, or was signed out elsewhere): the next start asks again.
    server.verdict = { kind: 'signed-out' };
    const again = await startingDevice(stored, ['en-US', 'en']);
    expect(await again.loadSession()).toBeNull();
    expect(shown.language).toBe('en');
    expect(stored['moneta.locale']).toBe('en');
  });

  it('falls back to Portuguese when the browser asks for it (spec 000 §5)', async () => {
    const { loadSession } = await startingDevice({ 'moneta.locale': 'en', 'moneta.flag.locale-from-account': '1' }, [
      'pt-BR',
      'en',
    ]);
    await loadSession();
    expect(shown.language).toBe('pt-BR');
  });

  it('keeps a language picked on this device while signed out', async () => {
    const { loadSession, stored } = await startingDevice({ 'moneta.locale': 'pt-BR' }, ['en-US']);
    await loadSession();
    expect(shown.language).toBe('pt-BR');
    expect(stored['moneta.locale']).toBe('pt-BR');
  });

  it('offline, keeps the person and their language', async () => {
    server.verdict = { kind: 'unknown', status: 0 };
    const { loadSession } = await startingDevice(
      {
        'moneta.locale': 'pt-BR',
        'moneta.flag.locale-from-account': '1',
        'moneta.user': JSON.stringify(USER),
      },
      ['en-US'],
    );
    expect(await loadSession()).toEqual(USER);
    expect(shown.language).toBe('pt-BR');
  });

  it('keeps a pick the server has not got yet, and saves it at the next check', async () => {
    server.verdict = { kind: 'signed-in', name: USER._id };
    server.setting = 'en';
    const first = await startingDevice({}, ['en-US']);
    await first.loadSession();
    // Picked offline (or the page reloaded before the save arrived): the server still says English.
    server.saving = false;
    const { saveLocaleChoice } = await import('./locale-choice.ts');
    await expect(saveLocaleChoice(USER._id, 'pt-BR')).rejects.toThrow();
    server.saving = true;
    const again = await startingDevice(first.stored, ['en-US']);
    await again.loadSession();
    expect(shown.language).toBe('pt-BR');
    await vi.waitFor(() => expect(server.saved).toEqual(['pt-BR']));
    // Saved, the account's word counts again: a later change made on another device wins here.
    await vi.waitFor(() => expect(first.stored['moneta.locale-unsaved']).toBeUndefined());
    server.setting = 'en';
    const later = await startingDevice(first.stored, ['en-US']);
    await later.loadSession();
    expect(shown.language).toBe('en');
  });

  it('forgets a pick the server turns out to have, and another person’s pick is not theirs', async () => {
    server.verdict = { kind: 'signed-in', name: USER._id };
    server.setting = 'pt-BR';
    const stored = { 'moneta.locale-unsaved': JSON.stringify({ user: USER._id, locale: 'pt-BR' }) };
    const { loadSession } = await startingDevice(stored, ['en-US']);
    await loadSession();
    expect(stored['moneta.locale-unsaved']).toBeUndefined();
    expect(server.saved).toEqual([]);
    server.setting = 'en';
    const other = { 'moneta.locale-unsaved': JSON.stringify({ user: 'usr-someone-else', locale: 'pt-BR' }) };
    const again = await startingDevice(other, ['en-US']);
    await again.loadSession();
    expect(shown.language).toBe('en');
  });

  it('keeps the language a pick saved when the saved setting cannot be read, not the sign-up’s', async () => {
    server.verdict = { kind: 'signed-in', name: USER._id };
    server.setting = 'en';
    const first = await startingDevice({}, ['en-US']);
    await first.loadSession();
    // Picked and saved (the app then checks the session again), and that check's read of the
    // setting gets no answer: the user record says English, the language of the sign-up.
    const { saveLocaleChoice } = await import('./locale-choice.ts');
    const { applyLocale } = await import('./apply-locale.ts');
    await applyLocale('pt-BR', 'account');
    await saveLocaleChoice(USER._id, 'pt-BR');
    server.settingFails = true;
    const { loadSession } = await import('./load-session.ts');
    await loadSession();
    expect(shown.language).toBe('pt-BR');
    // A device that never had the account's language takes the user record's.
    const fresh = await startingDevice({}, ['pt-BR']);
    await fresh.loadSession();
    expect(shown.language).toBe('en');
  });
});
