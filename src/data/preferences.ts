import { isLocale, LOCALE_COOKIE, type Locale } from '../domain/locale.ts';

// Small values kept in localStorage. Storage can throw (private mode, quota), and a preference
// is never worth a crash, so every access is guarded.
export const STORAGE_KEYS = {
  token: 'moneta.token',
  locale: 'moneta.locale',
  /** The last signed-in person (session-store.ts), so the app still opens offline. */
  user: 'moneta.user',
  /** The group page last left, as drawn (launch-snapshot.ts). */
  launch: 'moneta.launch',
  /** The page a launch at the app's start address leads to, as last drawn, and its address. */
  launchHome: 'moneta.launch.home',
  landing: 'moneta.landing',
} as const;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // see above
  }
}

/** A user token (spec 000 §7): when present, calls use it instead of the session cookie. */
export function readToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function readStoredLocale(): Locale | null {
  const value = read(STORAGE_KEYS.locale);
  return isLocale(value) ? value : null;
}

/**
 * Kept in storage, and in a cookie too: the server picks the language of the public pages it
 * rendered ahead by it (src/server/routes/pwa-routes.ts), so the page and the app agree.
 */
export function storeLocale(locale: Locale): void {
  write(STORAGE_KEYS.locale, locale);
  mirrorLocaleCookie(locale);
}

export function mirrorLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${400 * 24 * 3600}; SameSite=Lax`;
}

/** Values that last for this browser tab's session only (the chosen module, spec 000 §1). */
export function readSessionValue(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSessionValue(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // see above
  }
}

export function readJson<T>(key: string): T | null {
  const value = read(key);
  if (!value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  write(key, value === null ? null : JSON.stringify(value));
}

/** A yes/no kept on this device (a card the person hid), under `moneta.flag.<name>`. */
export function readFlag(name: string): boolean {
  return read(`moneta.flag.${name}`) === '1';
}

export function writeFlag(name: string, on: boolean): void {
  write(`moneta.flag.${name}`, on ? '1' : null);
}
