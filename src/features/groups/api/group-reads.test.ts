import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askGroupReadsEarly } from './group-reads.ts';

const ID = 'acc-6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const fetchMock = vi.fn<typeof fetch>();
const storage = new Map<string, string>();

beforeEach(() => {
  fetchMock.mockImplementation(() => Promise.resolve(new Response('{}')));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  storage.clear();
});

const asked = () => fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url)));

describe('a group’s reads asked for from the page’s first code', () => {
  it('asks for the record and the settings of a group this device does not hold', () => {
    askGroupReadsEarly(`/account/${ID}/tickets`);
    expect(asked()).toEqual([
      `/db/accounts/${ID}`,
      `/db/${ID}/_all_docs?include_docs=true&startkey="adj-"&endkey="adj-\ufff0"`,
    ]);
  });

  it('asks nothing for a group on the device, nor on other pages', () => {
    storage.set('moneta.replicas', JSON.stringify([ID]));
    askGroupReadsEarly(`/account/${ID}`);
    askGroupReadsEarly('/user/profile');
    askGroupReadsEarly('/account/new');
    expect(asked()).toEqual([]);
  });
});
