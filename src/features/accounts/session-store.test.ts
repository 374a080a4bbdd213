import { afterEach, describe, expect, it, vi } from 'vitest';

const USER = { _id: 'usr-6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'ana@example.com', fullname: 'Ana' };

function storage(values: Record<string, string>) {
  return {
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => void (values[key] = value),
    removeItem: (key: string) => void delete values[key],
  };
}

/** The store as a page starting in this browser state would create it. */
async function startingSession(stored: Record<string, string>, visitorPage = false) {
  vi.resetModules();
  vi.stubGlobal('localStorage', storage(stored));
  vi.stubGlobal('document', {
    documentElement: { hasAttribute: (name: string) => visitorPage && name === 'data-visitor' },
  });
  const { useSessionStore } = await import('./session-store.ts');
  const { status, user } = useSessionStore.getState();
  return { status, user };
}

describe('the session a page starts with', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the person last signed in on this device, while the session check runs', async () => {
    expect(await startingSession({ 'moneta.user': JSON.stringify(USER) })).toEqual({ status: 'signed-in', user: USER });
  });

  it('waits for the session check on a device nobody was signed in on', async () => {
    expect(await startingSession({})).toEqual({ status: 'loading', user: null });
  });

  it('is signed out on a page the server rendered ahead for a visitor, as it was rendered', async () => {
    expect(await startingSession({ 'moneta.user': JSON.stringify(USER) }, true)).toEqual({
      status: 'anonymous',
      user: null,
    });
  });

  it('waits for the check on a visitor page when a user token is kept on the device', async () => {
    expect(await startingSession({ 'moneta.token': 'abc' }, true)).toEqual({ status: 'loading', user: null });
  });
});
