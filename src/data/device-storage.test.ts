import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, reasonKey } from '../domain/errors.ts';
import en from '../../locales/en/translation.json';
import ptBR from '../../locales/pt-BR/translation.json';
import { ApiError } from './api-error.ts';
import { isQuotaError, readStorageUsage, storageError } from './device-storage.ts';

afterEach(() => vi.unstubAllGlobals());

describe('isQuotaError', () => {
  it('recognises IndexedDB and PouchDB ways of saying the disk is full', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ status: 507, name: 'insufficient_storage' })).toBe(true);
    expect(isQuotaError({ status: 500, name: 'indexed_db_went_bad', reason: 'QuotaExceededError: ...' })).toBe(true);
    expect(isQuotaError(new Error('The quota has been exceeded.'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isQuotaError({ status: 409, name: 'conflict', message: 'Document update conflict' })).toBe(false);
    expect(isQuotaError(null)).toBe(false);
    expect(isQuotaError('quota')).toBe(false);
    const conflict = { status: 409 };
    expect(storageError(conflict)).toBe(conflict);
  });

  it('becomes an error whose reason is translated in both languages', () => {
    const error = storageError({ name: 'QuotaExceededError' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 507, reason: MESSAGES.noStorageSpace });
    const key = reasonKey(MESSAGES.noStorageSpace);
    expect(key).toBe('There-is-no-more-storage-space-on-this-device:-nothing-was-lost-free-some-space-and-try-again');
    expect((en.errors as Record<string, string>)[key]).toBe(MESSAGES.noStorageSpace);
    expect((ptBR.errors as Record<string, string>)[key]).toBeTruthy();
  });
});

describe('readStorageUsage', () => {
  it('is null without the Storage API', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(await readStorageUsage()).toBeNull();
  });

  it('reads usage, quota and persistence', async () => {
    vi.stubGlobal('navigator', {
      storage: {
        estimate: () => Promise.resolve({ usage: 1500, quota: 2_000_000 }),
        persisted: () => Promise.resolve(true),
      },
    });
    expect(await readStorageUsage()).toEqual({ usage: 1500, quota: 2_000_000, persisted: true });
  });
});
