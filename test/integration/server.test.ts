// Server-wide behaviour: headers, logs, bad input, rate limits, restarts and real SMTP.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { entryScript } from '../support/built-page.ts';
import { HttpClient } from '../support/http-client.ts';
import { rawRequest } from '../support/raw-http.ts';
import { registerUser } from '../support/factories.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('every response', () => {
  it('carries the app-version header, and GET /db/ gives API details with the version sha', async () => {
    const client = new HttpClient(server.url);
    const root = await client.get('/db/');
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({ couchdb: 'Welcome', vendor: { name: 'Moneta' }, sha: expect.any(String) });
    expect(root.headers.get('x-app-version')).toBe(root.body.version);
    const docs = await client.raw('GET', root.body.docs as string);
    expect(docs.headers.get('content-type')).toMatch(/text\/markdown/);
    expect(await docs.text()).toContain('POST /db/_session');
    for (const path of ['/db/_session', '/api/nothing', '/user/login', '/nope.js']) {
      expect((await client.get(path)).headers.get('x-app-version'), path).toBe(root.body.version);
    }
  });

  it('is logged on one line with method, path, status and time, and never with passwords or tokens', async () => {
    const password = 'very secret password';
    const { email, client } = await registerUser(server.url, { password });
    await new HttpClient(server.url).post('/db/_session', { username: email, password });
    const token = (await client.post<{ token: string }>('/api/tokens', { description: 'x', permissions: 'read' })).body
      .token;
    const program = new HttpClient(server.url);
    program.bearer = token;
    await program.get('/db/_session');
    await new HttpClient(server.url).post(
      '/api/confirmation/usr-00000000-0000-4000-8000-000000000000.averylongsecretvalue12345',
    );
    const log = server.logs.join('\n');
    expect(server.logs).toContainEqual(expect.stringMatching(/^POST \/db\/_session 200 \d+\.\dms$/));
    expect(log).not.toContain(password);
    expect(log).not.toContain(token.split('.')[1]);
    expect(log).not.toContain('averylongsecretvalue12345');
  });
});

describe('the built app', () => {
  const get = async (path: string, encoding?: string) => {
    const res = await rawRequest(server.url, 'GET', path, { headers: encoding ? { 'accept-encoding': encoding } : {} });
    return { ...res, body: res.bytes };
  };

  it('goes out precompressed as the browser accepts, with the original type, and without source maps', async () => {
    // A client route the build did not render ahead: the app's own page.
    const page = await get('/user/profile');
    const script = entryScript(page.body.toString());
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const plain = await get(script!);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await get(script!, 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    const gzip = await get(script!, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect((await get(script!, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    // Client routes get the app's page, compressed too and revalidated.
    const route = await get('/account/acc-x/tickets', 'br');
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(route.body).toString()).toBe(page.body.toString());
    expect((await get(`${script}.map`)).status).toBe(404);
    expect(plain.body.toString()).not.toMatch(/sourceMappingURL/);
  });
});

describe('bad input', () => {
  const endpoints: Array<[string, string]> = [
    ['POST', '/db/_session'],
    ['POST', '/db/_users'],
    ['POST', '/api/confirmation'],
    ['POST', '/api/password'],
    ['PUT', '/api/password'],
  ];
  const bodies = [
    '{not json',
    '[]',
    '"text"',
    '{"unconfirmed_email":{"$gt":""},"password":["a"],"email":7,"username":{}}',
    '{"token":5,"password":5}',
  ];

  it('gets a 4xx with a reason from every public endpoint, never a 500', async () => {
    for (const [method, path] of endpoints) {
      for (const body of bodies) {
        const res = await new HttpClient(server.url).raw(method, path, {
          body,
          headers: { 'content-type': 'application/json' },
        });
        const json = (await res.json()) as { error: string; reason: unknown };
        expect(res.status, `${method} ${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path} ${body}`).toBeLessThan(500);
        expect(json.reason, `${method} ${path} ${body}`).toBeTruthy();
      }
    }
  });

  it('gets a 4xx from the signed-in endpoints too', async () => {
    const { id, client } = await registerUser(server.url);
    const calls: Array<[string, string, string]> = [
      ['PUT', `/db/_users/${id}`, '{"fullname":[1],"unconfirmed_email":5}'],
      ['PUT', `/db/_users/${id}`, '{"password":7,"current_password":false}'],
      ['PUT', `/db/_users/${id}`, '{broken'],
      ['POST', '/api/tokens', '{"description":{"a":1},"permissions":null}'],
      ['DELETE', '/api/tokens/not-a-token', ''],
      ['POST', `/db/${id}/_bulk_docs`, '{"docs":"nope"}'],
      ['POST', `/db/${id}/_bulk_docs`, '{"docs":[1,null,"x"]}'],
      ['POST', `/db/${id}`, '{"klass":"Adjustment"}'],
      ['PUT', `/db/${id}/adj-00000000-0000-4000-8000-000000000009`, '{"_id":"other","klass":"Adjustment"}'],
      ['POST', `/db/${id}/_find`, '{"selector":"bad"}'],
    ];
    for (const [method, path, body] of calls) {
      const res = await client.raw(method, path, {
        body: body || undefined,
        headers: { 'content-type': 'application/json' },
      });
      const text = await res.text();
      expect(res.status, `${method} ${path} ${body}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${body}: ${text}`).toBeLessThan(500);
      expect(JSON.parse(text)).toHaveProperty('reason');
    }
  });
});

describe('rate limits', () => {
  it('answer 429 with the too-many-requests reason after the limit', async () => {
    const limited = await startTestServer({
      config: {
        rateLimits: {
          login: { max: 3, windowMs: 60_000 },
          register: { max: 2, windowMs: 60_000 },
          confirmation: { max: 2, windowMs: 60_000 },
          password: { max: 2, windowMs: 60_000 },
          accountMailByIp: { max: 12, windowMs: 60_000 },
          invitesBySender: { max: 2, windowMs: 60_000 },
          invitesByAddress: { max: 2, windowMs: 60_000 },
        },
      },
    });
    try {
      const client = new HttpClient(limited.url);
      const statuses = async (n: number, call: () => Promise<{ status: number }>) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push((await call()).status);
        return out;
      };
      expect(
        await statuses(4, () => client.post('/db/_session', { username: 'a@b.co', password: 'wrong pass' })),
      ).toEqual([401, 401, 401, 429]);
      // Another address from the same place is counted apart.
      expect((await client.post('/db/_session', { username: 'c@d.co', password: 'wrong pass' })).status).toBe(401);
      expect(await statuses(3, () => client.post('/db/_users', { unconfirmed_email: '' }))).toEqual([422, 422, 429]);
      expect(await statuses(3, () => client.post('/api/confirmation', { email: 'x@y.co' }))).toEqual([202, 202, 429]);
      expect(await statuses(3, () => client.post('/api/password', { email: 'x@y.co' }))).toEqual([202, 202, 429]);
      const last = await client.post('/api/password', { email: 'x@y.co' });
      expect(last.body).toEqual({ error: 'too_many_requests', reason: 'Too many requests, please try again later' });
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      // Six technicians of one office, one network, each asking for their own link: all answered,
      // until the network's ceiling across addresses.
      const office = await statuses(7, () => client.post('/api/confirmation', { email: `tec${Math.random()}@x.co` }));
      expect(office).toEqual([202, 202, 202, 202, 202, 429, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe('restarts', () => {
  it('keep sessions and data, and redeploy no unchanged design document', async () => {
    const first = await startTestServer();
    const { id, client } = await registerUser(first.url);
    await first.stop({ keepData: true });
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const again = new HttpClient(second.url);
      // The same cookie, presented to a new process.
      const res = await fetch(`${second.url}/db/_session`, { headers: { cookie: client.cookieHeader } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { userCtx: { name: string } }).userCtx.name).toBe(id);
      expect(second.logs.some((l) => l.includes('updated') && l.includes('design document'))).toBe(false);
      expect((await again.get('/db/_session')).body).toMatchObject({ userCtx: { name: null } });
    } finally {
      await second.stop();
    }
  });
});

describe('SMTP', () => {
  it('sends the confirmation e-mail through a real SMTP server when SMTP_URL is set', async () => {
    const received: Array<{ to: string; data: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
          callback();
        });
      },
    });
    const port = await freePort();
    smtp.listen(port, '127.0.0.1');
    await once(smtp.server, 'listening');
    const mailing = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Moneta <test@moneta.local>' },
    });
    try {
      const { email } = await registerUser(mailing.url, { locale: 'en' });
      await mailing.ctx.jobs.idle();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe(email);
      expect(received[0]!.data).toMatch(/Subject: Confirm your e-mail address/);
      expect(received[0]!.data.replace(/=\r?\n/g, '')).toContain(`${mailing.url}/user/confirm/usr-`);
      expect(mailing.logs.some((l) => l.includes('through SMTP'))).toBe(true);
    } finally {
      await mailing.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('system notifications', () => {
  it('are read from the configured statuses URL through /api/notifications, and a failure gives none', async () => {
    const { createServer } = await import('node:http');
    let fail = false;
    const statuses = [
      {
        id: '1',
        created_at: new Date().toISOString(),
        language: 'en',
        content: '<p>New release</p>',
        url: 'https://x/1',
      },
      {
        id: '2',
        created_at: new Date().toISOString(),
        language: 'pt',
        content: '<p>Nova versão</p>',
        url: 'https://x/2',
      },
      { bogus: true },
    ];
    const upstream = createServer((_req, res) => {
      res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' });
      res.end(fail ? '{}' : JSON.stringify(statuses));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => upstream.listen(port, '127.0.0.1', resolve));
    const configured = await startTestServer({
      env: {
        NOTIFICATIONS_URL: `http://127.0.0.1:${port}/api/v1/accounts/1/statuses`,
        HOST_MODULES: 'notes.example.com=textnotes',
      },
    });
    try {
      const client = new HttpClient(configured.url);
      const root = await client.get('/db/');
      expect(root.body).toMatchObject({
        notifications_url: '/api/notifications',
        host_modules: { 'notes.example.com': 'textnotes' },
      });
      const res = await client.get<Array<{ id: string; language: string }>>('/api/notifications');
      expect(res.body.map((s) => [s.id, s.language])).toEqual([
        ['1', 'en'],
        ['2', 'pt'],
      ]);
      expect((await new HttpClient(server.url).get('/db/')).body).toMatchObject({ notifications_url: null });
      expect((await new HttpClient(server.url).get('/api/notifications')).body).toEqual([]);
      fail = true;
      const other = await startTestServer({ env: { NOTIFICATIONS_URL: `http://127.0.0.1:${port}/other` } });
      try {
        const failed = await new HttpClient(other.url).get('/api/notifications');
        expect(failed.status).toBe(200);
        expect(failed.body).toEqual([]);
      } finally {
        await other.stop();
      }
    } finally {
      await configured.stop();
      upstream.close();
    }
  });
});

describe('configuration', () => {
  it('lists every bad variable at start-up', async () => {
    const { loadConfig } = await import('../../src/server/config.ts');
    expect(() =>
      loadConfig({
        PORT: 'x',
        COUCHDB_URL: 'ftp://a',
        SMTP_URL: 'http://a',
        HOST_MODULES: 'a.com=nope',
        SESSION_SECRET: 'short',
      }),
    ).toThrow(/PORT[\s\S]*COUCHDB_URL[\s\S]*SMTP_URL[\s\S]*SESSION_SECRET[\s\S]*HOST_MODULES/);
  });
});
