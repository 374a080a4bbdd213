import { afterEach, describe, expect, it, vi } from 'vitest';
import { markChunkFailed, useVersionStore } from './version-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  useVersionStore.setState({ available: false });
});

describe('a file of code that failed to load', () => {
  it('announces a new version while online', () => {
    vi.stubGlobal('navigator', { onLine: true });
    markChunkFailed();
    expect(useVersionStore.getState().available).toBe(true);
  });

  it('announces nothing offline: the file is only not on the device yet', () => {
    vi.stubGlobal('navigator', { onLine: false });
    markChunkFailed();
    expect(useVersionStore.getState().available).toBe(false);
  });
});
