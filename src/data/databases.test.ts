import '../../test/support/browser-globals.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { destroyAllLocalData, LOCAL_PREFIX, localDb } from './databases.ts';
import { registeredReplicas } from './replica-registry.ts';
import { PouchDB } from './pouch.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));

describe('local replicas', () => {
  it('are registered when opened and all destroyed on request', async () => {
    const a = `test-a-${crypto.randomUUID()}`;
    const b = `test-b-${crypto.randomUUID()}`;
    await localDb(a).put({ _id: 'x' });
    await localDb(b).put({ _id: 'y' });
    expect(registeredReplicas()).toEqual([a, b]);
    expect(localStorage.getItem('moneta.replicas')).toBe(JSON.stringify([a, b]));

    await destroyAllLocalData();
    expect(registeredReplicas()).toEqual([]);
    expect(localStorage.getItem('moneta.replicas')).toBeNull();
    // Opened again, the replica is empty: its data went with the destroy.
    expect((await localDb(a).info()).doc_count).toBe(0);
    await destroyAllLocalData();
  });

  it('destroys replicas registered by an earlier page load', async () => {
    const name = `test-c-${crypto.randomUUID()}`;
    // Written by an earlier page load: in the registry, not opened by this one.
    await new PouchDB(`${LOCAL_PREFIX}${name}`).put({ _id: 'z' });
    localStorage.setItem('moneta.replicas', JSON.stringify([name]));
    await destroyAllLocalData();
    expect(registeredReplicas()).toEqual([]);
    expect((await new PouchDB(`${LOCAL_PREFIX}${name}`).info()).doc_count).toBe(0);
  });
});
