// Small values a screen derives from a replica (a group's settings), kept in localStorage so that
// the next launch can draw with them before IndexedDB has opened: on a phone, opening a replica
// and reading it takes hundreds of milliseconds, and the page waited for it before asking for
// anything else. The replica stays the truth: what is read from it replaces the snapshot. A
// snapshot goes with its replica (destroyLocalDb, destroyAllLocalData).
import { readJson, removeKeys, writeJson } from './preferences.ts';

const PREFIX = 'moneta.snapshot.';

const keyOf = (db: string, name: string) => `${PREFIX}${db}.${name}`;

export function readSnapshot<T>(db: string, name: string): T | null {
  return readJson<T>(keyOf(db, name));
}

export function writeSnapshot(db: string, name: string, value: unknown): void {
  writeJson(keyOf(db, name), value);
}

/** Every snapshot of `db`, or of every replica when no name is given. */
export function dropSnapshots(db?: string): void {
  removeKeys(db === undefined ? PREFIX : `${PREFIX}${db}.`);
}
