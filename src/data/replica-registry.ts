// Which replicas this device holds, by name: a list in storage, so that the page's first code can
// tell without opening IndexedDB (or loading PouchDB) whether a group is on the device.
import { readJson, writeJson } from './preferences.ts';

/**
 * Every replica the app opened on this device, remembered across reloads so that logout on a
 * shared device can remove them all, including those not opened since the page loaded.
 */
const REPLICAS_KEY = 'moneta.replicas';

export function registeredReplicas(): string[] {
  const names = readJson<unknown>(REPLICAS_KEY);
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

/** Whether this device holds a replica by that name (one the app has opened here). */
export function holdsReplica(name: string): boolean {
  return registeredReplicas().includes(name);
}

export function storeReplicas(names: string[]): void {
  writeJson(REPLICAS_KEY, names.length > 0 ? names : null);
}
