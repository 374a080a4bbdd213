// The fetcher's settings come from READER_* variables, read with the rest of the environment
// (src/server/config.ts asks each module), every bad one listed.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEFAULT_READER_CONFIG, readerConfig } from './config.ts';

describe('READER_* settings', () => {
  it('default to a polite public fetcher that refuses private addresses', () => {
    expect(readerConfig(loadConfig({}))).toEqual(DEFAULT_READER_CONFIG);
    expect(DEFAULT_READER_CONFIG).toMatchObject({ allowPrivate: false, refreshMs: null, sweepMs: 30_000 });
  });

  it('read each variable', () => {
    const reader = readerConfig(
      loadConfig({
        READER_ALLOW_PRIVATE: '1',
        READER_SWEEP_MS: '100',
        READER_CONCURRENCY: '2',
        READER_TIMEOUT_MS: '1000',
        READER_MAX_BYTES: '65536',
        READER_LEASE_MS: '60000',
        READER_REFRESH_MS: '500',
        READER_RECONCILE_MS: '1000',
        READER_RETENTION_MS: '2000',
      }),
    );
    expect(reader).toEqual({
      allowPrivate: true,
      sweepMs: 100,
      concurrency: 2,
      timeoutMs: 1000,
      maxBytes: 65536,
      leaseMs: 60000,
      refreshMs: 500,
      reconcileMs: 1000,
      retentionMs: 2000,
    });
  });

  it('list every bad one at once', () => {
    expect(() =>
      loadConfig({ READER_ALLOW_PRIVATE: 'yes', READER_CONCURRENCY: '0', READER_SWEEP_MS: 'often' }),
    ).toThrow(/READER_ALLOW_PRIVATE[\s\S]*READER_SWEEP_MS[\s\S]*READER_CONCURRENCY/);
    expect(() => loadConfig({ READER_SWEEP_MS: 'often' })).toThrow(/READER_SWEEP_MS must be a whole number/);
  });
});
