// The browser's storage for this origin: asking it not to evict the offline data, reading how
// much is used, and recognising the errors of a full disk. Not every browser has the Storage API.
import { MESSAGES } from '../domain/errors.ts';
import { ApiError } from './api-error.ts';

export interface StorageUsage {
  usage: number;
  quota: number;
  persisted: boolean;
}

function storageManager(): StorageManager | undefined {
  return globalThis.navigator?.storage;
}

let persistRequested = false;

/**
 * Asks once per page load, after sign-in, that the offline data be kept when space runs low.
 * Browsers may grant it silently, prompt, or refuse; none of those is an error.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = storageManager();
  if (persistRequested || typeof storage?.persist !== 'function') return false;
  persistRequested = true;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/** Usage and quota of this origin, or null when the browser does not tell. */
export async function readStorageUsage(): Promise<StorageUsage | null> {
  const storage = storageManager();
  if (typeof storage?.estimate !== 'function') return null;
  try {
    const { usage, quota } = await storage.estimate();
    if (typeof usage !== 'number' || typeof quota !== 'number') return null;
    const persisted = typeof storage.persisted === 'function' ? await storage.persisted() : false;
    return { usage, quota, persisted };
  } catch {
    return null;
  }
}

/**
 * A write refused for lack of space. IndexedDB throws QuotaExceededError; PouchDB wraps it
 * (name `indexed_db_went_bad`, the original name in the reason) or answers 507.
 */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; status?: unknown; message?: unknown; reason?: unknown };
  if (e.name === 'QuotaExceededError' || e.status === 507) return true;
  return [e.message, e.reason].some((text) => typeof text === 'string' && /quota/i.test(text));
}

/** Quota errors become the app's own error, with a reason the user can act on; others pass. */
export function storageError(error: unknown): unknown {
  return isQuotaError(error) ? new ApiError(507, 'insufficient_storage', MESSAGES.noStorageSpace) : error;
}
