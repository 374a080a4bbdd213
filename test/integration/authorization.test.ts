// A personal database belongs to its user alone, on every path CouchDB offers, replication included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let other: TestUser;
const adj = () => `adj-${crypto.randomUUID()}`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server.url);
  other = await registerUser(server.url);
  const res = await owner.client.put(`/db/${owner.id}/adj-00000000-0000-4000-8000-000000000001`, {
    klass: 'Adjustment',
    key: 'theme',
    value: 'dark',
  });
  expect(res.status).toBe(201);
});
afterAll(() => server.stop());

const readPaths = (db: string) =>
  [
    ['GET', `/db/${db}`],
    ['GET', `/db/${db}/_all_docs`],
    ['POST', `/db/${db}/_all_docs`, { keys: ['adj-00000000-0000-4000-8000-000000000001'] }],
    ['GET', `/db/${db}/_changes?include_docs=true&since=0`],
    ['POST', `/db/${db}/_find`, { selector: { klass: 'Adjustment' } }],
    ['POST', `/db/${db}/_bulk_get`, { docs: [{ id: 'adj-00000000-0000-4000-8000-000000000001' }] }],
    ['POST', `/db/${db}/_revs_diff`, { x: ['1-a'] }],
    ['GET', `/db/${db}/adj-00000000-0000-4000-8000-000000000001`],
    ['GET', `/db/${db}/adj-00000000-0000-4000-8000-000000000001/file.txt`],
    ['GET', `/db/${db}/_design/settings/_view/by-key`],
    ['GET', `/db/${db}/_local/checkpoint`],
  ] as const;

const writePaths = (db: string) =>
  [
    ['PUT', `/db/${db}/${adj()}`, { klass: 'Adjustment', key: 'x', value: 1 }],
    ['POST', `/db/${db}`, { _id: adj(), klass: 'Adjustment', key: 'x', value: 1 }],
    ['POST', `/db/${db}/_bulk_docs`, { docs: [{ _id: adj(), klass: 'Adjustment', key: 'x', value: 1 }] }],
    ['POST', `/db/${db}/_bulk_docs`, { new_edits: false, docs: [{ _id: adj(), _rev: '1-abc', klass: 'Adjustment' }] }],
    ['PUT', `/db/${db}/_local/checkpoint`, { last_seq: 1 }],
    ['DELETE', `/db/${db}/adj-00000000-0000-4000-8000-000000000001?rev=1-x`],
  ] as const;

describe('someone else’s personal database', () => {
  it('is closed to anonymous callers (401) on every read and write path', async () => {
    const anonymous = new HttpClient(server.url);
    for (const [method, path, body] of [...readPaths(owner.id), ...writePaths(owner.id)]) {
      const res = await anonymous.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('is closed to other users (403) on every read and write path', async () => {
    for (const [method, path, body] of [...readPaths(owner.id), ...writePaths(owner.id)]) {
      const res = await other.client.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: 'forbidden', reason: 'You are not allowed to access this data' });
    }
  });

  it('refuses attachment uploads by others', async () => {
    const res = await other.client.raw('PUT', `/db/${owner.id}/adj-00000000-0000-4000-8000-000000000001/evil.txt`, {
      body: 'evil',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(403);
  });

  it('changed nothing in the owner’s database', async () => {
    const docs = await owner.client.get<{ rows: Array<{ id: string }> }>(`/db/${owner.id}/_all_docs`);
    expect(docs.body.rows.map((r) => r.id).filter((id) => !id.startsWith('_design/'))).toHaveLength(2);
  });
});

describe('the owner', () => {
  it('reads and writes documents, attachments and checkpoints, and replicates with new_edits:false', async () => {
    const db = `/db/${owner.id}`;
    for (const [method, path, body] of writePaths(owner.id).slice(0, 5)) {
      const res = await owner.client.call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    // Records take attachments; settings take none, even in one's own database.
    const setting = await owner.client.get<{ _rev: string }>(`${db}/adj-00000000-0000-4000-8000-000000000001`);
    const onSetting = await owner.client.raw(
      'PUT',
      `${db}/adj-00000000-0000-4000-8000-000000000001/note.txt?rev=${setting.body._rev}`,
      { body: 'hello', headers: { 'content-type': 'text/plain' } },
    );
    expect(onSetting.status).toBe(422);
    const record = `cus-${crypto.randomUUID()}`;
    const doc = await owner.client.put<{ rev: string }>(`${db}/${record}`, { klass: 'Customer', name: 'Ana' });
    const att = await owner.client.raw('PUT', `${db}/${record}/note.txt?rev=${doc.body.rev}`, {
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(att.status).toBe(201);
    const read = await owner.client.raw('GET', `${db}/${record}/note.txt`);
    expect(await read.text()).toBe('hello');
    const changes = await owner.client.get<{ results: unknown[] }>(`${db}/_changes?feed=longpoll&since=0&limit=5`);
    expect(changes.body.results.length).toBeGreaterThan(0);
  });

  it('cannot write design documents, nor reach _security, database creation or deletion, or store admin', async () => {
    const db = `/db/${owner.id}`;
    // Design documents are on the list (readable), but never written by clients.
    for (const [method, path, body] of [
      ['PUT', `${db}/_design/evil`, { views: { all: { map: 'function(d){emit(1)}' } } }],
      ['DELETE', `${db}/_design/settings?rev=1-x`],
    ] as const) {
      expect((await owner.client.call(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // The database itself answers reads only.
    for (const method of ['DELETE', 'PUT']) expect((await owner.client.call(method, db)).status, method).toBe(405);
    // Everything else is not on the list: 404 before it reaches the store, for every caller.
    for (const [method, path, body] of [
      ['PUT', `${db}/_security`, { members: { names: [], roles: [] } }],
      ['POST', `${db}/_compact`, {}],
      ['POST', `${db}/_purge`, {}],
      ['POST', `${db}/_index`, { index: { fields: ['x'] } }],
      ['PUT', `${db}/_design/settings/_update/x/y`, {}],
      ['GET', '/db/_all_dbs'],
      ['PUT', '/db/_config/admins/evil', {}],
    ] as const) {
      expect((await owner.client.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
  });

  it('gets a per-document refusal for design documents and server records inside _bulk_docs, the rest is written', async () => {
    const good = adj();
    const res = await owner.client.post<Array<{ id: string; error?: string }>>(`/db/${owner.id}/_bulk_docs`, {
      docs: [
        { _id: '_design/evil', views: {} },
        { _id: good, klass: 'Adjustment', key: 'a', value: 1 },
        { _id: `tok-${crypto.randomUUID()}`, klass: 'UserToken', user_id: owner.id },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.map((r) => r.error ?? 'ok')).toEqual(['forbidden', 'ok', 'forbidden']);
    const replicated = await owner.client.post<Array<{ error?: string }>>(`/db/${owner.id}/_bulk_docs`, {
      new_edits: false,
      docs: [{ _id: '_design/evil', _rev: '1-abc', views: {} }],
    });
    expect(replicated.body).toEqual([expect.objectContaining({ error: 'forbidden' })]);
    expect((await owner.client.get(`/db/${owner.id}/_design/evil`)).status).toBe(404);
    expect((await owner.client.get(`/db/${owner.id}/${good}`)).status).toBe(200);
  });

  it('gets field reasons for documents without klass, with a mismatched id, or a bad locale', async () => {
    const db = `/db/${owner.id}`;
    const noKlass = await owner.client.put(`${db}/${adj()}`, { key: 'x' });
    expect(noKlass).toMatchObject({
      status: 422,
      body: { error: 'unprocessable_entity', reason: { klass: ["can't be blank"] } },
    });
    const wrongPrefix = await owner.client.put(`${db}/cus-${crypto.randomUUID()}`, { klass: 'Adjustment' });
    expect(wrongPrefix.body).toMatchObject({ reason: { _id: ['is invalid'] } });
    const locale = await owner.client.put(`${db}/${adj()}`, { klass: 'Adjustment', key: 'locale', value: 'fr' });
    expect(locale.body).toMatchObject({ reason: { value: ['is not included in the list'] } });
    const notJson = await owner.client.raw('PUT', `${db}/${adj()}`, {
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
  });

  it('meets an unknown or malformed database name with 404', async () => {
    expect((await owner.client.get('/db/not-a-db')).status).toBe(404);
    expect((await owner.client.get('/db/usr-nope/_all_docs')).status).toBe(404);
  });
});

describe('user tokens', () => {
  it('authenticate /db and /api calls, respect read permission, cannot manage tokens, and stop at once when revoked', async () => {
    const bad = await owner.client.post('/api/tokens', { description: '', permissions: 'admin' });
    expect(bad.body).toEqual({
      error: 'unprocessable_entity',
      reason: { description: ["can't be blank"], permissions: ['is not included in the list'] },
    });
    const created = await owner.client.post<{ id: string; token: string; permissions: string }>('/api/tokens', {
      description: 'Backup script',
      permissions: 'read',
    });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^tok-[0-9a-f-]{36}\.[\w-]{40,}$/);
    const list = await owner.client.get<{ tokens: Array<Record<string, unknown>> }>('/api/tokens');
    expect(list.body.tokens[0]).toMatchObject({
      id: created.body.id,
      description: 'Backup script',
      permissions: 'read',
      active: true,
    });
    expect(JSON.stringify(list.body)).not.toContain(created.body.token.split('.')[1]);

    const program = new HttpClient(server.url);
    program.bearer = created.body.token;
    expect((await program.get('/db/_session')).body).toMatchObject({
      userCtx: { name: owner.id },
      info: { authenticated: 'bearer' },
    });
    expect((await program.get(`/db/${owner.id}/_all_docs`)).status).toBe(200);
    expect((await program.post(`/db/${owner.id}/_find`, { selector: {} })).status).toBe(200);
    expect((await program.put(`/db/${owner.id}/${adj()}`, { klass: 'Adjustment' })).status).toBe(403);
    expect((await program.get(`/db/${other.id}/_all_docs`)).status).toBe(403);
    expect((await program.get('/api/tokens')).status).toBe(403);
    expect(
      (await program.put(`/db/_users/${owner.id}`, { fullname: 'x', current_password: owner.password })).status,
    ).toBe(403);

    const writer = new HttpClient(server.url);
    writer.bearer = (
      await owner.client.post<{ token: string }>('/api/tokens', { description: 'Importer', permissions: 'write' })
    ).body.token;
    expect((await writer.put(`/db/${owner.id}/${adj()}`, { klass: 'Adjustment', key: 'k', value: 1 })).status).toBe(
      201,
    );

    expect((await other.client.delete(`/api/tokens/${created.body.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/tokens/${created.body.id}`)).status).toBe(200);
    const revoked = await program.get(`/db/${owner.id}/_all_docs`);
    expect(revoked.status).toBe(401);
    const after = await owner.client.get<{ tokens: Array<{ id: string }> }>('/api/tokens');
    expect(after.body.tokens.map((t) => t.id)).not.toContain(created.body.id);
    const forged = new HttpClient(server.url);
    forged.bearer = `${created.body.id.replace(/.$/, '0')}.${'a'.repeat(43)}`;
    expect((await forged.get('/db/_session')).status).toBe(401);
  });
});
