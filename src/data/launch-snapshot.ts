import { readJson, STORAGE_KEYS, writeJson } from './preferences.ts';
import { holdsReplica } from './replica-registry.ts';

/**
 * A group page as it was drawn: the page's inline script (src/app/launch-script.ts) shows it at
 * the next launch, before any of the app's code has run, until the app has drawn that page again
 * from the device (src/app/launch-snapshot.ts). Two are kept: the page last left, for a launch at
 * its address (a tab restored, a reload), and the page a launch at the app's start address `/`
 * leads to (the home screen's icon: the redirect after a session load, spec 000 §2, to the
 * person's group). They hold what the replica holds, so they go wherever the replica goes: at
 * logout, and with the group's copy on this device.
 */
export interface LaunchSnapshot {
  v: 1;
  /** The page's address, path and query. */
  path: string;
  /** The person and the group's database: shown only to the person last signed in. */
  user: string;
  db: string;
  /** What drew it the way it looks: another width, theme or language would draw another page. */
  width: number;
  theme: string;
  lang: string;
  html: string;
  css: string;
}

/**
 * Over this size (in characters, localStorage's unit; its quota is about five million) a page is
 * not kept: a long record or report would crowd out what else the device keeps there.
 */
export const LAUNCH_SNAPSHOT_MAX_CHARS = 1_500_000;

const SLOTS = [STORAGE_KEYS.launch, STORAGE_KEYS.launchHome] as const;

/**
 * Keeps the page as the last one left, and as the start address's when it is where that leads;
 * not once the group's copy has left the device (access ended while its page was open), nor for
 * a person no longer signed in here (another tab signed out).
 */
export function writeLaunchSnapshot(snapshot: LaunchSnapshot): boolean {
  if (!holdsReplica(snapshot.db)) return false;
  if (readJson<{ _id?: unknown }>(STORAGE_KEYS.user)?._id !== snapshot.user) return false;
  if (snapshot.html.length + snapshot.css.length > LAUNCH_SNAPSHOT_MAX_CHARS) {
    writeJson(STORAGE_KEYS.launch, null);
    return false;
  }
  writeJson(STORAGE_KEYS.launch, snapshot);
  if (snapshot.path === readLanding()) writeJson(STORAGE_KEYS.launchHome, snapshot);
  return true;
}

export function readLaunchSnapshot(slot: 'last' | 'home' = 'last'): LaunchSnapshot | null {
  return readJson<LaunchSnapshot>(slot === 'last' ? STORAGE_KEYS.launch : STORAGE_KEYS.launchHome);
}

/** Where the start address led: a group's page, and the group's database. */
export interface Landing {
  path: string;
  db: string;
}

/** Where the start address led last time (a group page), if anywhere. */
export function readLanding(): string | null {
  return readJson<Landing>(STORAGE_KEYS.landing)?.path ?? null;
}

/**
 * Where the start address led this time (the redirect after a session load); null when it led
 * to no group page, which leaves nothing to show there.
 */
export function rememberLanding(landing: Landing | null): void {
  const before = readLanding();
  writeJson(STORAGE_KEYS.landing, landing);
  if (landing?.path !== before) writeJson(STORAGE_KEYS.launchHome, null);
}

/** Forgets the pages kept and where the start address led; given a database, only its own. */
export function forgetLaunchSnapshot(db?: string): void {
  for (const key of SLOTS) {
    if (db === undefined || readJson<LaunchSnapshot>(key)?.db === db) writeJson(key, null);
  }
  if (db === undefined || readJson<Landing>(STORAGE_KEYS.landing)?.db === db) writeJson(STORAGE_KEYS.landing, null);
}
