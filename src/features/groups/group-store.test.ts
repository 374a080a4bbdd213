import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as GetAccount from './api/get-account.ts';

const ACC = 'acc-5b1f0d6e-2c3a-4b5c-8d9e-0f1a2b3c4d5e';
const ANA = 'usr-6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

// The device's copy, answered when a test lets it (IndexedDB opening on a phone takes a while).
const device = vi.hoisted(() => ({
  adjustments: [] as Array<{ _id: string; klass: string; key: string; value: string }>,
  answer: null as (() => void) | null,
}));
vi.mock('./api/group-settings.ts', () => ({
  listLocalAdjustments: () => new Promise((resolve) => (device.answer = () => resolve(device.adjustments))),
  listAdjustments: () => Promise.resolve(device.adjustments),
  serverAdjustments: () => Promise.resolve(device.adjustments),
}));
vi.mock('../../data/records.ts', () => ({ listFew: () => Promise.resolve([]) }));
vi.mock('./api/get-account.ts', async (original) => ({
  ...(await original<typeof GetAccount>()),
  getAccount: () => new Promise(() => undefined),
}));
vi.mock('../../data/databases.ts', () => ({ registeredReplicas: () => [ACC] }));
vi.mock('../../data/replica-events.ts', () => ({ watchReplica: () => () => undefined }));
vi.mock('../../data/idle.ts', () => ({ whenIdle: () => new Promise(() => undefined) }));
vi.mock('../../data/replicas.ts', () => ({ startRefresh: () => Promise.resolve({ done: Promise.resolve() }) }));
vi.mock('../../data/sync.ts', () => ({ hasSynced: () => Promise.resolve(true) }));

function storage(values: Record<string, string>) {
  return {
    get length() {
      return Object.keys(values).length;
    },
    key: (i: number) => Object.keys(values)[i] ?? null,
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => void (values[key] = value),
    removeItem: (key: string) => void delete values[key],
  };
}

/** A launch of the app on a device whose storage holds `stored`. */
async function launch(stored: Record<string, string>) {
  vi.resetModules();
  vi.stubGlobal('localStorage', storage(stored));
  const { useGroupStore } = await import('./group-store.ts');
  return useGroupStore;
}

const setting = (key: string, value: string) => ({ _id: `adj-${key}`, klass: 'Adjustment', key, value });

describe('a group on the device, at launch', () => {
  beforeEach(() => {
    device.adjustments = [setting('name', 'Oficina Norte'), setting('kind', 'ticket')];
    device.answer = null;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is drawn from what it last showed, before the device’s copy answers, which then replaces it', async () => {
    const stored: Record<string, string> = {};
    const first = await launch(stored);
    void first.getState().load(ACC, ANA);
    expect(first.getState().status).toBe('loading');
    device.answer!();
    await vi.waitFor(() => expect(first.getState().status).toBe('ready'));
    expect(first.getState().settings?.name).toBe('Oficina Norte');

    // The next launch: ready at once, with the name it showed, while the copy has not answered.
    const second = await launch(stored);
    void second.getState().load(ACC, ANA);
    expect(second.getState()).toMatchObject({ accountId: ACC, status: 'ready' });
    expect(second.getState().settings?.name).toBe('Oficina Norte');
    // Renamed by sync since: the copy's answer replaces the snapshot, and is kept for the next one.
    device.adjustments = [setting('name', 'Oficina Sul'), setting('kind', 'ticket')];
    device.answer!();
    await vi.waitFor(() => expect(second.getState().settings?.name).toBe('Oficina Sul'));
    const third = await launch(stored);
    void third.getState().load(ACC, ANA);
    expect(third.getState().settings?.name).toBe('Oficina Sul');
  });

  it('is not drawn from another person’s snapshot, nor from one whose copy left the device', async () => {
    const stored: Record<string, string> = {};
    const first = await launch(stored);
    void first.getState().load(ACC, ANA);
    device.answer!();
    await vi.waitFor(() => expect(first.getState().status).toBe('ready'));

    const other = await launch(stored);
    void other.getState().load(ACC, 'usr-someone-else');
    expect(other.getState().status).toBe('loading');

    const { dropSnapshots } = await import('../../data/snapshots.ts');
    dropSnapshots(ACC);
    const after = await launch(stored);
    void after.getState().load(ACC, ANA);
    expect(after.getState().status).toBe('loading');
  });
});
