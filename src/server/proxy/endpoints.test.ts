import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.ts';
import { jsonDepthExceeds } from '../http/body.ts';
import { type DbRequest, parseDbRequest } from './endpoints.ts';
import { storePath } from './forward.ts';

const U = 'usr-11111111-1111-4111-8111-111111111111';
const G = 'acc-22222222-2222-4222-8222-222222222222';
const DOC = 'cus-33333333-3333-4333-8333-333333333333';

function status(method: string, url: string): number {
  try {
    parseDbRequest(method, url);
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

const parsed = (method: string, url: string): DbRequest => parseDbRequest(method, url);

describe('the /db door', () => {
  it.each([
    ['GET', '/db', { area: 'server', kind: 'root' }],
    ['GET', '/db/', { area: 'server', kind: 'root' }],
    ['POST', '/db/_session', { area: 'server', kind: 'session' }],
    ['POST', '/db/_users', { area: 'server', kind: 'users' }],
    ['PUT', `/db/_users/${U}?rev=1-abc`, { area: 'server', kind: 'user', id: U }],
    ['GET', `/db/accounts/${G}?fields=name,admin`, { area: 'server', kind: 'account', id: G }],
    ['POST', '/db/prices/_find', { area: 'server', kind: 'prices' }],
    ['GET', `/db/${G}/`, { area: 'db', db: G, target: { kind: 'info' } }],
    ['POST', `/db/${G}/_bulk_docs`, { area: 'db', db: G, target: { kind: 'bulk_docs' } }],
    [
      'PUT',
      `/db/${U}/_local/abc%2Fdef`.replace('%2F', ''),
      { area: 'db', db: U, target: { kind: 'local', name: 'abcdef' } },
    ],
    ['GET', `/db/${G}/${DOC}`, { area: 'db', db: G, target: { kind: 'doc', id: DOC, design: false } }],
    [
      'GET',
      `/db/${G}/_design/search`,
      { area: 'db', db: G, target: { kind: 'doc', id: '_design/search', design: true } },
    ],
    [
      'GET',
      `/db/${G}/_design/search/_view/by-word?key=%22x%22`,
      { area: 'db', db: G, target: { kind: 'view', ddoc: 'search', view: 'by-word' } },
    ],
    [
      'PUT',
      `/db/${U}/_design/bookmark/_update/true/mem-1`,
      { area: 'db', db: U, target: { kind: 'update', ddoc: 'bookmark', handler: 'true', id: 'mem-1' } },
    ],
    [
      'GET',
      `/db/${G}/${DOC}/photos/a%20b.png`,
      { area: 'db', db: G, target: { kind: 'attachment', id: DOC, name: ['photos', 'a b.png'] } },
    ],
  ] as const)('%s %s is classified', (method, url, endpoint) => {
    expect(parsed(method, url).endpoint).toEqual(endpoint);
  });

  it('answers the plan prices at prices/_find only, and only to POST', () => {
    for (const url of ['/db/prices', '/db/prices/_all_docs', '/db/prices/_find/x', '/db/prices/ppr-1'])
      expect(() => parsed('POST', url), url).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => parsed('GET', '/db/prices/_find')).toThrow(expect.objectContaining({ status: 405 }));
    expect(() => parsed('POST', '/db/prices/_find?selector=x')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it.each([
    // Dot segments in every spelling, at every depth (C1).
    `/db/${U}/..`,
    `/db/${U}/%2e%2e/moneta-system/session-secret`,
    `/db/${U}/%2E%2E/_all_dbs`,
    `/db/${U}/.%2e/_config/admins`,
    `/db/${U}/%2e./x`,
    `/db/${U}/.`,
    `/db/${U}/_design/%2e%2e/%2e%2e/moneta-users`,
    `/db/${U}/${DOC}/%2e%2e/%2e%2e/moneta-system/pwned`,
    `/db/${G}/_local/%2e%2e`,
    // Slashes, fragments and queries hidden in a segment (H1), backslashes, control characters.
    `/db/${U}/x%2F..%2F..%2Fmoneta-system`,
    `/db/${G}/adj-1%23`,
    `/db/${G}/adj-1%3F`,
    `/db/${G}/a%5C..`,
    `/db/${G}/a%00b`,
    `/db/${G}/a%0Ab`,
    // Bad encodings (L1) and empty segments.
    `/db/${U}/%E0%A4%A`,
    `/db/${U}/%zz`,
    `/db/${U}//_all_docs`,
  ])('refuses %s with 400', (url) => {
    expect(status('GET', url)).toBe(400);
  });

  it('decodes each segment once: a double encoding stays a literal id', () => {
    expect(parsed('GET', `/db/${U}/%252e%252e`).endpoint).toEqual({
      area: 'db',
      db: U,
      target: { kind: 'doc', id: '%2e%2e', design: false },
    });
    const target = { kind: 'doc', id: '%2e%2e', design: false } as const;
    // Rebuilt with each segment encoded: the store receives the literal id, never a dot segment.
    expect(storePath(U, target)).toBe(`/${U}/%252e%252e`);
  });

  it.each([
    ['GET', `/db/${U}/_design/settings/_list/x/by-key`],
    ['GET', `/db/${U}/_design/settings/_show/x`],
    ['GET', `/db/${U}/_design/settings/_rewrite/x`],
    ['POST', `/db/${U}/_explain`],
    ['POST', `/db/${U}/_index`],
    ['POST', `/db/${U}/_purge`],
    ['POST', `/db/${U}/_compact`],
    ['GET', `/db/${U}/_security`],
    ['PUT', `/db/${U}/_security`],
    ['POST', `/db/${U}/_view_cleanup`],
    ['GET', `/db/${U}/_revs_limit`],
    ['POST', `/db/${U}/_missing_revs`],
    ['GET', `/db/${U}/_design_docs`],
    ['GET', '/db/_all_dbs'],
    ['GET', '/db/_config/admins'],
    ['GET', '/db/_utils'],
    ['GET', '/db/_uuids'],
    ['POST', '/db/_replicate'],
    ['GET', '/db/moneta-users/_all_docs'],
    ['GET', '/db/moneta-system/session-secret'],
    ['GET', '/db/ACC-22222222-2222-4222-8222-222222222222'],
    ['GET', `/db/${U}/_local/a/b`],
    ['GET', '/db/_users/a/b'],
    ['GET', '/dbx'],
  ])('%s %s is not on the list: 404', (method, url) => {
    expect(status(method, url)).toBe(404);
  });

  it.each([
    ['DELETE', `/db/${G}`],
    ['PUT', `/db/${G}`],
    ['COPY', `/db/${G}/${DOC}`],
    ['PATCH', `/db/${G}/${DOC}`],
    ['GET', `/db/${G}/_bulk_docs`],
    ['DELETE', '/db/_users'],
  ])('%s %s is a method the endpoint does not answer: 405', (method, url) => {
    expect(status(method, url)).toBe(405);
  });

  it('lets through only the parameters each endpoint knows, with valid values', () => {
    expect(
      parsed('GET', `/db/${G}/_changes?feed=longpoll&since=now&heartbeat=10000&style=all_docs`).params.get('feed'),
    ).toBe('longpoll');
    expect(parsed('GET', `/db/${G}/_all_docs?keys=%5B%22a%22%5D&include_docs=true`).params.get('keys')).toBe('["a"]');
    for (const url of [
      `/db/${G}/_changes?filter=_view&view=x/y`,
      `/db/${G}/_changes?feed=eventsource`,
      `/db/${G}/_changes?heartbeat=1`,
      `/db/${G}/_changes?timeout=99999999`,
      `/db/${G}/_all_docs?keys=not-json`,
      `/db/${G}/_all_docs?keys=${encodeURIComponent(JSON.stringify(Array.from({ length: 1001 }, (_, i) => `k${i}`)))}`,
      `/db/${G}/_all_docs?key=${encodeURIComponent('['.repeat(100))}`,
      `/db/${G}/_all_docs?limit=-1`,
      `/db/${G}/_all_docs?limit=1&limit=2`,
      `/db/${G}/${DOC}?rev=../../x`,
      `/db/${G}/${DOC}?new_edits=false`,
      `/db/${G}/_find?anything=1`,
    ]) {
      expect(status(url.includes('_find') ? 'POST' : 'GET', url), url).toBe(400);
    }
  });

  it('measures JSON nesting without recursion, strings aside', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[","b":"\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(1_000_000), 32)).toBe(true);
  });
});
