// The door of /db and /api, tried as the audit of 2026-11-23 tried it (../shared/audits): each
// finding's class, at the level where it is closed — the path parser, the endpoint list, the
// store process, the body limits, the headers, the sessions and the accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, confirmUser, createGroup, registerUser, type TestUser, uniqueEmail } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { rawRequest } from '../support/raw-http.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let member: TestUser & { membershipId: string };
let outsider: TestUser;
let group: string;
const seen: Array<{ method: string; path: string; proxied: boolean }> = [];

const cus = () => `cus-${crypto.randomUUID()}`;

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.store.observe((request) => seen.push(request));
  owner = await registerUser(server.url, { fullname: 'Olga Dona' });
  await confirmUser(server, owner);
  group = await createGroup(owner);
  member = await addMember(server, owner, group);
  outsider = await registerUser(server.url);
});
afterAll(() => server.stop());

/** Store requests made while `action` ran, without the server's own background work (feeds watcher, jobs). */
async function storeRequests(action: () => Promise<unknown>) {
  const from = seen.length;
  await action();
  return seen
    .slice(from)
    .filter((r) => !r.path.startsWith('/moneta-users/_changes') && !r.path.startsWith('/moneta-system/'));
}

describe('the path (C1, H1, L1)', () => {
  const traversals = (db: string, anchor: string) => [
    `/db/${db}/%2e%2e/moneta-system/session-secret`,
    `/db/${db}/%2E%2E/_all_dbs`,
    `/db/${db}/.%2e/moneta-users/_all_docs`,
    `/db/${db}/%2e./_session`,
    `/db/${db}/../_config/admins`,
    `/db/${db}/%252e%252e/moneta-system/session-secret`,
    `/db/${db}/_design/%2e%2e/%2e%2e/moneta-system/session-secret`,
    `/db/${db}/x%2F..%2F..%2Fmoneta-system%2Fsession-secret`,
    `/db/${db}/${anchor}/%2e%2e/%2e%2e/moneta-system/pwned`,
    `/db/${db}/_local/%2e%2e`,
  ];

  it('never reaches another database, whatever the spelling of a dot segment, for reads and writes', async () => {
    const anchor = cus();
    expect((await member.client.put(`/db/${group}/${anchor}`, { klass: 'Customer', name: 'Anchor' })).status).toBe(201);
    for (const [client, db] of [
      [outsider.client, outsider.id],
      [member.client, group],
    ] as const) {
      for (const path of traversals(db, anchor)) {
        for (const method of ['GET', 'PUT', 'DELETE']) {
          const requests = await storeRequests(async () => {
            const res = await rawRequest(server.url, method, path, {
              headers: { cookie: client.cookieHeader, 'content-type': 'application/json' },
              body: method === 'PUT' ? '{"x":1,"klass":"Customer","admins":{"roles":["_admin"]}}' : undefined,
            });
            expect(res.status, `${method} ${path}: ${res.text}`).toBeGreaterThanOrEqual(400);
            expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
            expect(res.text).not.toMatch(/session-secret|"value"|_admin|password/);
          });
          // Whatever reached the store went to the caller's own database, at a path that stays as built.
          for (const r of requests.filter((q) => q.proxied)) {
            expect(r.path.startsWith(`/${db}/`), r.path).toBe(true);
            expect(new URL(r.path, 'http://store').pathname).toBe(r.path.split('?')[0]);
          }
        }
      }
    }
    expect(await server.ctx.store.get('moneta-system', 'pwned')).toBeNull();
    expect(await server.ctx.store.databaseExists(group)).toBe(true);
  });

  it('keeps # and ? inside an id from cutting the path: the setting stays (H1)', async () => {
    const settings = await owner.client.post<{ docs: Array<{ _id: string; key: string }> }>(`/db/${group}/_find`, {
      selector: { klass: 'Adjustment', key: 'name' },
    });
    const setting = settings.body.docs[0]!._id;
    for (const suffix of ['%23', '%3F', '%23x', '%3Frev=1']) {
      const res = await rawRequest(server.url, 'DELETE', `/db/${group}/${setting}${suffix}`, {
        headers: { cookie: member.client.cookieHeader },
      });
      expect(res.status, suffix).toBe(400);
    }
    const ticketSeries = await rawRequest(server.url, 'DELETE', `/db/${group}/ticket-series%23`, {
      headers: { cookie: member.client.cookieHeader },
    });
    expect(ticketSeries.status).toBe(400);
    expect(await server.ctx.store.get(group, setting)).not.toBeNull();
  });

  it('answers bad encodings, bad cookies and bad bodies with a 4xx in JSON, never the store’s page (L1)', async () => {
    const bad: Array<[string, string, Record<string, string>, string?]> = [
      ['GET', '/db/%25zz', {}],
      ['GET', `/db/${owner.id}/%25zz`, { cookie: owner.client.cookieHeader }],
      ['GET', `/db/${owner.id}/%zz`, { cookie: owner.client.cookieHeader }],
      ['GET', `/db/${group}/_all_docs`, { cookie: 'moneta_session=%E0%A4%A' }],
      ['GET', `/db/${group}/_all_docs`, { cookie: 'moneta_session=%' }],
      ['GET', `/db/${owner.id}/_all_docs`, { cookie: 'moneta_session=%zz' }],
      ['POST', `/db/${group}/_bulk_get`, { cookie: member.client.cookieHeader }, '{"docs":"x"}'],
      ['POST', `/db/${group}/_changes?filter=_doc_ids`, { cookie: member.client.cookieHeader }, '{"doc_ids":3}'],
      ['POST', `/db/${group}/_changes`, { cookie: member.client.cookieHeader }, '{"doc_ids":["a"]}'],
      ['POST', `/db/${group}/_revs_diff`, { cookie: member.client.cookieHeader }, '{"a":"1-x"}'],
      ['POST', `/db/${group}/_all_docs`, { cookie: member.client.cookieHeader }, '{"keys":"a"}'],
      ['POST', `/db/${group}/_find`, { cookie: member.client.cookieHeader }, '{"selector":{"a":{"$where":"1"}}}'],
      ['GET', `/db/${group}/_all_docs?startkey=%7Bbroken`, { cookie: member.client.cookieHeader }],
      ['GET', `/db/${group}/${cus()}?open_revs=nope`, { cookie: member.client.cookieHeader }],
    ];
    for (const [method, path, headers, body] of bad) {
      const res = await rawRequest(server.url, method, path, {
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body,
      });
      expect(res.status, `${method} ${path} ${body ?? ''}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${body ?? ''}: ${res.text}`).toBeLessThan(500);
      expect(res.headers['content-type'], path).toMatch(/application\/json/);
      expect(JSON.parse(res.text)).toHaveProperty('reason');
      expect(res.text).not.toMatch(/node_modules|at .*\.js/);
    }
    // The session check itself reads a broken cookie as no session, as CouchDB reads an expired one.
    for (const cookie of ['moneta_session=%E0%A4%A', 'moneta_session=%']) {
      const res = await rawRequest(server.url, 'GET', '/db/_session', { headers: { cookie } });
      expect(res.status, cookie).toBe(200);
      expect(JSON.parse(res.text).userCtx.name, cookie).toBeNull();
    }
  });

  it('refuses JSON nested 10,000 levels deep with 400 on every body endpoint', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const [method, path, body] of [
      ['POST', `/db/${group}/_bulk_docs`, `{"docs":[{"_id":"${cus()}","klass":"Customer","x":${deep}}]}`],
      ['PUT', `/db/${group}/${cus()}`, `{"klass":"Customer","x":${deep}}`],
      ['POST', `/db/${group}/_find`, `{"selector":{"a":${deep}}}`],
      ['POST', '/api/tokens', `{"description":${deep}}`],
    ] as const) {
      const res = await member.client.raw(method, path, { body, headers: { 'content-type': 'application/json' } });
      expect(res.status, `${method} ${path}`).toBe(400);
    }
  });
});

describe('the endpoint list (C2, C3)', () => {
  it('answers 404 for everything off the list, for every caller, and never reaches the store', async () => {
    const token = (
      await owner.client.post<{ token: string }>('/api/tokens', { description: 'read', permissions: 'read' })
    ).body.token;
    const reader = new HttpClient(server.url);
    reader.bearer = token;
    const callers = [new HttpClient(server.url), owner.client, member.client, reader];
    const paths: Array<[string, string]> = [
      ['GET', `/db/${group}/_design/count-by-klass/_list/x/all`],
      ['GET', `/db/${owner.id}/_design/settings/_list/x/by-key`],
      ['GET', `/db/${group}/_design/nope/_list/x/y`],
      ['GET', `/db/${group}/_design/count-by-klass/_show/x`],
      ['GET', `/db/${group}/_design/count-by-klass/_rewrite/x`],
      ['POST', `/db/${group}/_explain`],
      ['POST', `/db/${group}/_index`],
      ['POST', `/db/${group}/_purge`],
      ['POST', `/db/${group}/_compact`],
      ['GET', `/db/${group}/_security`],
      ['PUT', `/db/${group}/_security`],
      ['GET', '/db/_config/admins'],
      ['GET', '/db/_all_dbs'],
      ['GET', '/db/_active_tasks'],
      ['GET', '/db/moneta-system/session-secret'],
    ];
    for (const caller of callers) {
      for (const [method, path] of paths) {
        const requests = await storeRequests(async () => {
          const res = await caller.call(method, path, method === 'GET' ? undefined : {});
          expect(res.status, `${method} ${path}`).toBe(404);
        });
        expect(requests, `${method} ${path}`).toEqual([]);
      }
    }
    // The server is still there (a missing list function used to end the process).
    expect((await new HttpClient(server.url).get('/db/')).status).toBe(200);
  });

  it('runs no client-written design function: design documents cannot be written on any path', async () => {
    const ddoc = { shows: { s: 'function(){return {body: String(process.pid)}}' } };
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', `/db/${owner.id}/_design/probe`, ddoc],
      ['POST', `/db/${owner.id}`, { _id: '_design/probe', ...ddoc }],
      ['POST', `/db/${owner.id}/_bulk_docs`, { docs: [{ _id: '_design/probe', ...ddoc }] }],
      [
        'POST',
        `/db/${owner.id}/_bulk_docs`,
        { new_edits: false, docs: [{ _id: '_design/probe', _rev: '1-a', ...ddoc }] },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const res = await owner.client.call<unknown>(method, path, body);
      expect(res.status === 403 || JSON.stringify(res.body).includes('forbidden'), `${method} ${path}`).toBe(true);
    }
    expect(await server.ctx.store.get(owner.id, '_design/probe')).toBeNull();
    expect((await owner.client.get(`/db/${owner.id}/_design/probe/_show/s`)).status).toBe(404);
  });

  it('reaches only the views and update handlers the server deployed', async () => {
    expect((await member.client.get(`/db/${group}/_design/count-by-klass/_view/all?group_level=1`)).status).toBe(200);
    expect((await member.client.get(`/db/${group}/_design/count-by-klass/_view/nope`)).status).toBe(404);
    expect((await member.client.get(`/db/${group}/_design/nope/_view/all`)).status).toBe(404);
    expect((await owner.client.put(`/db/${owner.id}/_design/settings/_update/x/y`)).status).toBe(404);
  });
});

describe('writes are judged by what is stored (L6)', () => {
  it('keeps a non-admin member from deleting an admin-only record whose id has no prefix', async () => {
    // A phone whose id carries no prefix (written before ids had to carry their klass's prefix).
    const phone = `phone-${crypto.randomUUID()}`;
    expect((await owner.client.put(`/db/${group}/${phone}`, { klass: 'Phone', number: '1' })).status).toBe(422);
    const { rev } = await server.ctx.store.put(group, { _id: phone, klass: 'Phone', number: '1' });
    expect((await member.client.delete(`/db/${group}/${phone}?rev=${rev}`)).status).toBe(403);
    expect((await member.client.put(`/db/${group}/${phone}?rev=${rev}`, { klass: 'Customer', name: 'x' })).status).toBe(
      403,
    );
    const bulk = await member.client.post<Array<{ error?: string }>>(`/db/${group}/_bulk_docs`, {
      docs: [{ _id: phone, _rev: rev, _deleted: true, klass: 'Customer' }],
    });
    expect(bulk.body.map((r) => r.error)).toEqual(['forbidden']);
    const replicated = await member.client.post<Array<{ error?: string }>>(`/db/${group}/_bulk_docs`, {
      new_edits: false,
      docs: [
        {
          _id: phone,
          _rev: `2-${'a'.repeat(32)}`,
          _revisions: { start: 2, ids: ['a'.repeat(32), rev.slice(2)] },
          _deleted: true,
        },
      ],
    });
    expect(replicated.body.map((r) => r.error)).toEqual(['forbidden']);
    expect(await server.ctx.store.get(group, phone)).toMatchObject({ klass: 'Phone' });
  });
});

describe('the work one request can cause (H2, H3, M2)', () => {
  it('refuses $regex in _find and in a _selector feed', async () => {
    const find = await owner.client.post(`/db/${owner.id}/_find`, { selector: { s: { $regex: '^(a+)+$' } } });
    expect(find).toMatchObject({ status: 400, body: { reason: { selector: ['cannot use $regex'] } } });
    const nested = await owner.client.post(`/db/${owner.id}/_find`, {
      selector: { $or: [{ a: 1 }, { b: { $not: { $regex: 'x' } } }] },
    });
    expect(nested.status).toBe(400);
    const feed = await owner.client.post(`/db/${owner.id}/_changes?filter=_selector`, {
      selector: { s: { $regex: 'a' } },
    });
    expect(feed.status).toBe(400);
  });

  it('caps keys, _bulk_get, _revs_diff and _bulk_docs, and the bodies of each endpoint', async () => {
    const keys = Array.from({ length: 1001 }, (_, i) => `k${i}`);
    const db = `/db/${owner.id}`;
    for (const [path, body] of [
      [`${db}/_all_docs`, { keys }],
      [`${db}/_design/settings/_view/by-key`, { keys }],
      [`${db}/_bulk_get`, { docs: keys.map((id) => ({ id })) }],
      [`${db}/_revs_diff`, Object.fromEntries(keys.map((k) => [k, ['1-a']]))],
      [`${db}/_bulk_docs`, { docs: keys.map((k) => ({ _id: k, klass: 'Note' })) }],
    ] as const) {
      const res = await owner.client.post(path, body);
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body), path).toMatch(/maximum is/);
    }
    // A replication batch of the app's size fits.
    expect((await owner.client.post(`${db}/_all_docs`, { keys: keys.slice(0, 500) })).status).toBe(200);
    const big = JSON.stringify({ docs: [{ _id: cus(), klass: 'Note', text: 'x'.repeat(33 * 1024 * 1024) }] });
    const tooBig = await owner.client.raw('POST', `${db}/_bulk_docs`, {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(tooBig.status).toBe(413);
  });

  it('does not read the body of an anonymous request, and refuses long passwords before hashing', async () => {
    const body = Buffer.alloc(45 * 1024 * 1024, 'a');
    const anonymous = await fetch(`${server.url}/db/${owner.id}/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch((error: Error) => ({ status: 0, error }));
    // Answered before the body was read (the connection may close under the sender).
    expect([0, 401]).toContain(anonymous.status);
    const tooLong = await new HttpClient(server.url).post('/db/_session', {
      username: owner.email,
      password: 'x'.repeat(20_000),
    });
    expect(tooLong.status).toBe(413);
    const long = await new HttpClient(server.url).post('/db/_session', {
      username: owner.email,
      password: 'x'.repeat(5000),
    });
    expect(long.body).toEqual({ error: 'unauthorized', reason: 'Email or password is incorrect' });
    expect((await new HttpClient(server.url).get('/db/')).status).toBe(200);
  });
});

describe('headers and other sites (H4, M6, L2)', () => {
  it('serves attachments so they cannot run as a page of the app', async () => {
    const id = cus();
    const doc = await member.client.put<{ rev: string }>(`/db/${group}/${id}`, { klass: 'Customer', name: 'X' });
    let rev = doc.body.rev;
    for (const [name, type, body] of [
      ['x.html', 'text/html', '<script>alert(document.domain)</script>'],
      ['x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['x.png', 'image/png', 'png-bytes'],
    ] as const) {
      const put = await member.client.raw('PUT', `/db/${group}/${id}/${name}?rev=${rev}`, {
        body,
        headers: { 'content-type': type },
      });
      expect(put.status).toBe(201);
      rev = ((await put.json()) as { rev: string }).rev;
      const res = await owner.client.raw('GET', `/db/${group}/${id}/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(res.headers.get('content-disposition')).toBe(type === 'image/png' ? 'inline' : 'attachment');
    }
  });

  it('puts security headers on pages, and no-store on /db and /api answers', async () => {
    const page = await new HttpClient(server.url).raw('GET', '/user/login');
    const csp = page.headers.get('content-security-policy') ?? '';
    // Our origin, and inline only the build's own scripts, by their hashes.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    // The page's scripts: what a script needs, not a document's policies (kept off ~100 answers).
    const script = /"(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await new HttpClient(server.url).raw('GET', script!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    const created = await owner.client.raw('POST', '/api/tokens', {
      body: JSON.stringify({ description: 'cache', permissions: 'read' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/db/_session', `/db/${owner.id}/_all_docs`, '/api/tokens']) {
      const res = await owner.client.raw('GET', path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('content-security-policy'), path).toMatch(/default-src 'none'/);
    }
  });

  it('refuses state changes from other sites, and sign-in or sign-up by form', async () => {
    const login = { username: owner.email, password: owner.password };
    const form = await new HttpClient(server.url).raw('POST', '/db/_session', {
      body: new URLSearchParams(login).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const signUpForm = await new HttpClient(server.url).raw('POST', '/db/_users', {
      body: new URLSearchParams({ unconfirmed_email: uniqueEmail(), password: 'long enough' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signUpForm.status).toBe(415);
    const json = { 'content-type': 'application/json' };
    const evil = await new HttpClient(server.url).raw('POST', '/db/_session', {
      body: JSON.stringify(login),
      headers: { ...json, origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('set-cookie')).toBeNull();
    const crossSite = await owner.client.raw('POST', `/api/groups/${group}/ticket-series`, {
      body: '',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const ours = await new HttpClient(server.url).raw('POST', '/db/_session', {
      body: JSON.stringify(login),
      headers: { ...json, origin: new URL(server.url).origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(ours.status).toBe(200);
  });
});

describe('sessions (M7, M3)', () => {
  it('ends the session on logout, on the server too, and leaves the person’s other devices signed in', async () => {
    const phone = new HttpClient(server.url);
    const laptop = new HttpClient(server.url);
    for (const device of [phone, laptop]) {
      expect((await device.post('/db/_session', { username: owner.email, password: owner.password })).status).toBe(200);
    }
    const stolen = phone.cookieHeader;
    expect((await phone.delete('/db/_session')).status).toBe(200);
    const replay = await fetch(`${server.url}/db/_session`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { userCtx: { name: string | null } }).userCtx.name).toBeNull();
    const stolenRead = await fetch(`${server.url}/db/${owner.id}/_all_docs`, { headers: { cookie: stolen } });
    expect(stolenRead.status).toBe(401);
    const laptopSession = await laptop.get('/db/_session');
    expect(laptopSession.status).toBe(200);
    expect((laptopSession.body as { userCtx: { name: string } }).userCtx.name).toBe(owner.id);
  });
});

describe('rate limits (M3, M4)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    const rateLimits = { ...server.ctx.config.rateLimits };
    limited = await startTestServer({
      config: {
        rateLimits: {
          ...rateLimits,
          login: { max: 3, windowMs: 60_000 },
          invitesBySender: { max: 4, windowMs: 60_000 },
          invitesByAddress: { max: 2, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => limited.stop());

  it('counts login attempts on the address as accounts are found, whatever its spacing', async () => {
    const user = await registerUser(limited.url);
    const statuses: number[] = [];
    for (const username of [
      user.email,
      ` ${user.email}`,
      `${user.email} `,
      `\t${user.email}`,
      user.email.toUpperCase(),
    ]) {
      statuses.push(
        (await new HttpClient(limited.url).post('/db/_session', { username, password: 'wrong one' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits invitations per address invited and per sender', async () => {
    const admin = await registerUser(limited.url);
    await confirmUser(limited, admin);
    const db = await createGroup(admin);
    const invite = async (email: string) => {
      const res = await admin.client.post<{ _id: string; _rev: string }>(`/api/groups/${db}/memberships`, { email });
      if (res.status === 201) await admin.client.delete(`/db/${db}/${res.body._id}?rev=${res.body._rev}`);
      return res.status;
    };
    const target = uniqueEmail('invited');
    expect([await invite(target), await invite(target), await invite(target)]).toEqual([201, 201, 429]);
    // The sender's own allowance (4) is spent by now, whoever they invite next.
    expect([await invite(uniqueEmail('other')), await invite(uniqueEmail('other'))]).toEqual([201, 429]);
  });
});

describe('accounts (L3, L8)', () => {
  it('refuses addresses with control characters, bidi overrides or a display name', async () => {
    for (const address of [
      'nul\u0000x@example.com',
      'rtl\u202Ex@example.com',
      '"x"<a@example.com>',
      'x <a@example.com>',
    ]) {
      const res = await new HttpClient(server.url).post('/db/_users', {
        unconfirmed_email: address,
        password: 'long enough',
      });
      expect(res.body, JSON.stringify(address)).toEqual({
        error: 'unprocessable_entity',
        reason: { unconfirmed_email: ['is invalid'] },
      });
    }
  });

  it('answers a profile change without reading any view, and mails in the user’s language', async () => {
    const user = await registerUser(server.url, { locale: 'en' });
    expect(
      (
        await user.client.post(`/db/${user.id}`, {
          _id: `adj-${crypto.randomUUID()}`,
          klass: 'Adjustment',
          key: 'locale',
          value: 'pt-BR',
        })
      ).status,
    ).toBe(201);
    const newEmail = uniqueEmail('moved');
    const requests = await storeRequests(async () => {
      const res = await user.client.put(`/db/_users/${user.id}`, {
        unconfirmed_email: newEmail,
        current_password: user.password,
      });
      expect(res.status).toBe(200);
    });
    expect(requests.filter((r) => r.path.includes('/_view/') || r.path.includes('/_find'))).toEqual([]);
    const { latestLink } = await import('../support/outbox.ts');
    expect((await latestLink(server, newEmail, '/user/confirm/')).mail.subject).toBe('Confirme seu endereço de e-mail');
  });
});
