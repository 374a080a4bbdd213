// Real PouchDB replication through our /db door, both ways, as the app's devices will do it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const require = createRequire(import.meta.url);
type Doc = { _id: string; _rev?: string; [k: string]: unknown };
interface Db {
  put(doc: Doc): Promise<{ rev: string }>;
  get(id: string): Promise<Doc>;
  allDocs(opts?: object): Promise<{ rows: Array<{ id: string }> }>;
  destroy(): Promise<void>;
}
interface Replication {
  docs_written: number;
  doc_write_failures: number;
  errors: unknown[];
}
const PouchDB = require('pouchdb') as {
  new (name: string, opts?: object): Db;
  replicate(
    source: Db | string,
    target: Db | string,
    opts?: object,
  ): Promise<Replication> & { on: (e: string, f: (x: unknown) => void) => unknown };
  fetch(url: string, opts: RequestInit): Promise<Response>;
  defaults(opts: object): typeof PouchDB;
};

let server: TestServer;
let owner: TestUser;
let db: string;
let dir: string;

function remote(user: TestUser, name: string): Db {
  return new PouchDB(`${server.url}/db/${name}`, {
    skip_setup: true,
    fetch: (url: string, opts: RequestInit) => {
      const headers = new Headers(opts.headers);
      headers.set('cookie', user.client.cookieHeader);
      return PouchDB.fetch(url, { ...opts, headers });
    },
  });
}

function local(name: string): Db {
  return new PouchDB(path.join(dir, name));
}

beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(path.join(tmpdir(), 'moneta-pouch-'));
  owner = await registerUser(server.url);
  await confirmUser(server, owner);
  db = await createGroup(owner, 'Replicated');
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('replication through /db', () => {
  it('pulls a group with its design documents, and pushes local changes back', async () => {
    const device = local('device-a');
    const pulled = await PouchDB.replicate(remote(owner, db), device);
    expect(pulled.doc_write_failures).toBe(0);
    const ids = (await device.allDocs()).rows.map((r) => r.id);
    expect(ids).toContain('_design/count-by-klass');
    expect(ids.some((id) => id.startsWith('mem-'))).toBe(true);

    const ticketId = `tik-${crypto.randomUUID()}`;
    await device.put({
      _id: ticketId,
      klass: 'Ticket',
      status: 'open',
      priority: 'low',
      ticket_kind: 'chore',
      title: 'Offline ticket',
    });
    const pushed = await PouchDB.replicate(device, remote(owner, db));
    expect(pushed.docs_written).toBe(1);
    expect(pushed.doc_write_failures).toBe(0);
    const onServer = await owner.client.get<Record<string, unknown>>(`/db/${db}/${ticketId}`);
    expect(onServer.body).toMatchObject({ title: 'Offline ticket' });
    // A replicated revision is stored as the device wrote it, bookkeeping or not.
    expect(onServer.body.created_at).toBeUndefined();

    // A second run starts from the checkpoint and has nothing to do.
    const again = await PouchDB.replicate(device, remote(owner, db));
    expect(again.docs_written).toBe(0);
  });

  it('stamps records written straight to the server without their bookkeeping, so lists find them', async () => {
    const put = `tik-${crypto.randomUUID()}`;
    const ticket = { klass: 'Ticket', status: 'open', priority: 'high', ticket_kind: 'bug', title: 'From a script' };
    expect((await owner.client.put(`/db/${db}/${put}`, ticket)).status).toBe(201);
    const posted = await owner.client.post<{ id: string }>(`/db/${db}`, {
      ...ticket,
      _id: `tik-${crypto.randomUUID()}`,
    });
    const bulk = `tik-${crypto.randomUUID()}`;
    const given = '2026-01-02T03:04:05.000Z';
    await owner.client.post(`/db/${db}/_bulk_docs`, { docs: [{ ...ticket, _id: bulk, created_at: given }] });
    for (const id of [put, posted.body.id, bulk]) {
      const doc = (await owner.client.get<Record<string, unknown>>(`/db/${db}/${id}`)).body;
      expect(doc.updated_at, id).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(doc.created_by, id).toBe(owner.id);
    }
    // What the writer gave is kept.
    expect((await owner.client.get<Record<string, unknown>>(`/db/${db}/${bulk}`)).body.created_at).toBe(given);
    const listed = await owner.client.post<{ docs: Array<{ _id: string }> }>(`/db/${db}/_find`, {
      selector: { klass: 'Ticket', status: 'open', updated_at: { $gt: null } },
    });
    expect(listed.body.docs.map((d) => d._id)).toEqual(expect.arrayContaining([put, posted.body.id, bulk]));
  });

  it('refuses, document by document, what a non-admin device pushes beyond its rights', async () => {
    const m = await registerUser(server.url);
    await confirmUser(server, m);
    const invited = await owner.client.post<{ _id: string }>(`/api/groups/${db}/memberships`, { email: m.email });
    await m.client.put(`/db/${db}/_design/status/_update/accept/${invited.body._id}`);
    const device = local('device-b');
    await PouchDB.replicate(remote(m, db), device);
    const setting = (await device.allDocs({ include_docs: true })) as unknown as { rows: Array<{ doc: Doc }> };
    const checklist = setting.rows.find((r) => r.doc.key === 'checklist')!.doc;
    await device.put({ ...checklist, value: 'enabled' });
    await device.put({ _id: '_design/evil', views: { all: { map: 'function(d){emit(d._id)}' } } });
    const ticketId = `tik-${crypto.randomUUID()}`;
    await device.put({
      _id: ticketId,
      klass: 'Ticket',
      status: 'open',
      priority: 'low',
      ticket_kind: 'chore',
      title: 'Allowed',
    });
    const pushed = await PouchDB.replicate(device, remote(m, db));
    expect(pushed.doc_write_failures).toBe(2);
    expect(pushed.docs_written).toBe(1);
    const serverSetting = await owner.client.get<{ value: string }>(`/db/${db}/${checklist._id}`);
    expect(serverSetting.body.value).toBe('disabled');
    expect((await owner.client.get(`/db/${db}/_design/evil`)).status).toBe(404);
    expect((await owner.client.get(`/db/${db}/${ticketId}`)).status).toBe(200);
  });

  it('cannot replicate a database the user does not belong to', async () => {
    const stranger = await registerUser(server.url);
    const device = local('device-c');
    await expect(PouchDB.replicate(remote(stranger, db), device)).rejects.toMatchObject({ status: 403 });
    await expect(PouchDB.replicate(remote(stranger, owner.id), device)).rejects.toMatchObject({ status: 403 });
  });
});
