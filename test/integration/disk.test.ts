// The disk's server half: uploads streamed into the byte store, versions kept (3, or the file's
// max_versions), downloads with ranges, restores, WebDAV over the same records, who may do what,
// and the sweep of contents nothing names. Run on the files under DATA_DIR, and again (project
// `integration-s3`) on an S3-compatible store (test/support/s3-store.ts).
import { createHash, randomUUID } from 'node:crypto';
import { truncateSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../../src/domain/billing.ts';
import { etagOf } from '../../src/server/modules/rdisk/contents.ts';
import { sweepContents } from '../../src/server/modules/rdisk/sweep.ts';
import { DEVICE_FIRST_MS, makeThumbnail, THUMBNAIL_JOB } from '../../src/server/modules/rdisk/thumbnails.ts';
import { SYSTEM_DB } from '../../src/server/context.ts';
import type { JobDoc } from '../../src/server/services/jobs.ts';
import { writeServerSettings } from '../../src/server/services/billing.ts';
import { snapshotGroup } from '../../src/server/services/usage.ts';
import { addMember, ownerWithGroup, type TestUser, userToken } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let db: string;
let readToken: string;
let writeToken: string;
let strangerToken: string;

/** DISK_MAX_FILE_BYTES of this server: 1 MB. */
const LIMIT = 1_000_000;

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const basic = (email: string, token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;

/** A WebDAV request as a desktop client sends it: Basic with the e-mail and a token. */
function dav(
  method: string,
  path: string,
  options: { auth?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${server.url}/api/groups/${db}/dav${path}`, {
    method,
    headers: { ...(options.auth ? { authorization: options.auth } : {}), ...options.headers },
    body: options.body,
  });
}

async function upload(client: HttpClient, name: string, content: string, dirId?: string) {
  const query = new URLSearchParams({ name, ...(dirId ? { dir_id: dirId } : {}) });
  const res = await client.raw('POST', `/api/groups/${db}/disk/files?${query}`, {
    body: content,
    headers: { 'content-type': 'text/plain' },
  });
  return { status: res.status, body: (await res.json()) as { id: string; rev: string; version: { hash: string } } };
}

async function download(client: HttpClient, id: string, headers: Record<string, string> = {}, version?: string) {
  const query = version ? `?version=${version}` : '';
  const res = await client.raw('GET', `/api/groups/${db}/disk/files/${id}/content${query}`, { headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  server = await startTestServer({ env: { DISK_GRACE_MS: '0', DISK_MAX_FILE_BYTES: String(LIMIT) } });
  ({ owner, db } = await ownerWithGroup(server, 'Arquivo', {}, 'rdisk'));
  member = await addMember(server, owner, db);
  ({ owner: stranger } = await ownerWithGroup(server, 'Outro', {}, 'rdisk'));
  [readToken, writeToken, strangerToken] = await Promise.all([
    userToken(member, 'read'),
    userToken(member, 'write'),
    userToken(stranger, 'write'),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe('uploads, versions and restores through /api/groups/{acc}/disk', () => {
  it('keeps the last 3 versions after four overwrites, serves ranges, and restores one', async () => {
    const first = await upload(member.client, 'laudo.txt', 'version 0');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = first.body.id;
    for (let n = 1; n <= 4; n++) {
      const again = await upload(member.client, 'laudo.txt', `version ${n}`);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(id);
    }
    const record = await member.client.get<Record<string, unknown>>(`/db/${db}/${id}`);
    const versions = record.body.versions as Array<{ hash: string; size: number; by: string }>;
    expect(versions.map((v) => v.hash)).toEqual([sha('version 4'), sha('version 3'), sha('version 2')]);
    expect(record.body).toMatchObject({ kind: 'file', name: 'laudo.txt', size: 9, updated_by: member.id });
    expect(versions[0]!.by).toBe(member.id);

    const whole = await download(member.client, id);
    expect(whole).toMatchObject({ status: 200, text: 'version 4' });
    expect(whole.headers.get('etag')).toBe(etagOf(sha('version 4')));
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment/);
    const part = await download(member.client, id, { range: 'bytes=2-4' });
    expect(part).toMatchObject({ status: 206, text: 'rsi' });
    expect(part.headers.get('content-range')).toBe('bytes 2-4/9');
    expect((await download(member.client, id, { range: 'bytes=50-' })).status).toBe(416);
    expect((await download(member.client, id, {}, sha('version 2'))).text).toBe('version 2');
    expect((await download(member.client, id, {}, sha('version 0'))).status).toBe(404);

    const listed = await member.client.get<{ versions: unknown[] }>(`/api/groups/${db}/disk/files/${id}/versions`);
    expect(listed.body.versions).toHaveLength(3);
    const restored = await member.client.post(
      `/api/groups/${db}/disk/files/${id}/versions/${sha('version 2')}/restore`,
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await download(member.client, id)).text).toBe('version 2');
    const after = await member.client.get<{ versions: Array<{ hash: string }> }>(`/db/${db}/${id}`);
    expect(after.body.versions.map((v) => v.hash)).toEqual([sha('version 2'), sha('version 4'), sha('version 3')]);
  });

  it('answers an upload sent again (its answer lost) with what the first sending stored', async () => {
    const key = randomUUID();
    const send = (name: string, content: string, upload: string = key) =>
      member.client.raw('POST', `/api/groups/${db}/disk/files?${new URLSearchParams({ name, upload })}`, {
        body: content,
        headers: { 'content-type': 'image/jpeg' },
      });
    const first = await send('antes.jpg', 'photo');
    expect(first.status).toBe(201);
    const stored = (await first.json()) as { id: string; version: { hash: string; upload: string } };
    expect(stored.version).toMatchObject({ hash: sha('photo'), upload: key });
    const again = await send('antes.jpg', 'photo');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: stored.id, version: stored.version });
    const record = await member.client.get<{ versions: unknown[] }>(`/db/${db}/${stored.id}`);
    expect(record.body.versions).toEqual([stored.version]);
    // Another upload of the same name is a new version, and a key that is no device's is refused.
    expect((await send('antes.jpg', 'photo 2', randomUUID())).status).toBe(200);
    expect((await member.client.get<{ versions: unknown[] }>(`/db/${db}/${stored.id}`)).body.versions).toHaveLength(2);
    const bad = await send('antes.jpg', 'photo 3', 'not-a-key');
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ reason: { upload: ['is invalid'] } });
  });

  it('keeps as many versions as the file says (max_versions, set from a device)', async () => {
    const { body } = await upload(member.client, 'fotos.txt', 'v0');
    const stored = await member.client.get<Record<string, unknown>>(`/db/${db}/${body.id}`);
    const put = await member.client.put(`/db/${db}/${body.id}`, { ...stored.body, max_versions: 5 });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    for (let n = 1; n <= 6; n++) await upload(member.client, 'fotos.txt', `v${n}`);
    const after = await member.client.get<{ versions: unknown[] }>(`/db/${db}/${body.id}`);
    expect(after.body.versions).toHaveLength(5);
  });

  it('refuses a device writing versions or sizes (they name contents of the shared store)', async () => {
    const { body } = await upload(member.client, 'segredo.txt', 'mine');
    const stored = await member.client.get<Record<string, unknown>>(`/db/${db}/${body.id}`);
    const forged = { ...stored.body, versions: [{ hash: sha('theirs'), size: 6, at: '2026-01-01T00:00:00Z' }] };
    expect((await member.client.put(`/db/${db}/${body.id}`, forged)).status).toBe(422);
    const created = await member.client.post(`/db/${db}`, {
      _id: `fle-${crypto.randomUUID()}`,
      klass: 'CloudFile',
      name: 'forged',
      kind: 'file',
      versions: [{ hash: sha('theirs'), size: 6, at: '2026-01-01T00:00:00Z' }],
    });
    expect(created.status).toBe(422);
  });

  it('lets a read token read but not write, and keeps other groups out', async () => {
    const { body } = await upload(member.client, 'leitura.txt', 'read me');
    const reader = new HttpClient(server.url);
    reader.bearer = readToken;
    expect((await download(reader, body.id)).text).toBe('read me');
    expect((await upload(reader, 'leitura.txt', 'overwritten')).status).toBe(403);
    expect(
      (await reader.post(`/api/groups/${db}/disk/files/${body.id}/versions/${sha('read me')}/restore`)).status,
    ).toBe(403);
    expect((await download(stranger.client, body.id)).status).toBe(403);
    expect((await stranger.client.get(`/api/groups/${db}/disk/files/${body.id}/versions`)).status).toBe(403);
    expect((await upload(stranger.client, 'x.txt', 'x')).status).toBe(403);
    expect((await download(member.client, body.id)).text).toBe('read me');
  });
});

describe('the size limit (DISK_MAX_FILE_BYTES)', () => {
  it('refuses a larger file, announced or streamed without a length, and stores no record', async () => {
    const announced = await member.client.raw('POST', `/api/groups/${db}/disk/files?name=big.bin`, {
      body: Buffer.alloc(LIMIT + 1),
    });
    expect(announced.status).toBe(413);
    // Chunked: the length is known only as the bytes arrive.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(LIMIT / 2));
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/groups/${db}/dav/big.bin`, {
      method: 'PUT',
      headers: { authorization: basic(member.email, writeToken) },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await dav('GET', '/big.bin', { auth: basic(member.email, writeToken) })).status).toBe(404);
    expect((await upload(member.client, 'small.bin', 'x'.repeat(LIMIT))).status).toBe(201);
  });
});

describe('thumbnails', () => {
  it('keeps a small JPEG the device made on the record, for the current content only', async () => {
    const sent = await upload(member.client, 'placa.jpg', 'photo bytes');
    expect(sent.status).toBe(201);
    const { id } = sent.body;
    const hash = sent.body.version.hash;
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const thumb = (client: HttpClient, body: Buffer, of = hash) =>
      client.raw('PUT', `/api/groups/${db}/disk/files/${id}/thumbnail?of=${of}`, {
        body: new Uint8Array(body),
        headers: { 'content-type': 'image/jpeg' },
      });

    expect((await thumb(member.client, jpeg)).status).toBe(200);
    const doc = (await member.client.get<Record<string, unknown>>(`/db/${db}/${id}`)).body;
    expect(doc.thumbnail).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
    expect(doc.thumbnail_of).toBe(hash);

    // Not a JPEG, too big, of another content, or from a read token: refused.
    expect((await thumb(member.client, Buffer.from('<svg/>'))).status).toBe(422);
    expect((await thumb(member.client, Buffer.concat([jpeg, Buffer.alloc(30_000)]))).status).toBe(413);
    expect((await thumb(member.client, jpeg, 'c'.repeat(64))).status).toBe(409);
    const reader = new HttpClient(server.url);
    reader.bearer = readToken;
    expect((await thumb(reader, jpeg)).status).toBe(403);
  });
});

describe('thumbnails the server makes', () => {
  /** A picture as a camera or an office scanner writes it. */
  const picture = (width: number, height: number, format: 'jpeg' | 'png', orientation?: number) => {
    const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 30 } } });
    return (format === 'jpeg' ? image.jpeg().withMetadata(orientation ? { orientation } : {}) : image.png()).toBuffer();
  };
  const record = (id: string) => member.client.get<Record<string, unknown>>(`/db/${db}/${id}`).then((r) => r.body);
  const fileNamed = async (name: string) =>
    (await server.ctx.store.docsWithPrefix<{ _id: string; name: string }>(db, 'fle-')).find((d) => d.name === name)!;
  const shown = async (doc: Record<string, unknown>) => {
    expect(doc.thumbnail_of).toBe((doc.versions as Array<{ hash: string }>)[0]!.hash);
    const jpeg = Buffer.from(String(doc.thumbnail).replace('data:image/jpeg;base64,', ''), 'base64');
    const { width, height, format } = await sharp(jpeg).metadata();
    return { width, height, format };
  };

  it('makes one for a picture arriving over WebDAV or from the disk page, upright and 240 px at most', async () => {
    const auth = basic(member.email, writeToken);
    // A phone's photo taken sideways (EXIF orientation 6), sent as a WebDAV client sends it: no picture type.
    const photo = await picture(1600, 1200, 'jpeg', 6);
    const put = await fetch(`${server.url}/api/groups/${db}/dav/motor.jpg`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(photo),
    });
    expect(put.status).toBe(201);
    const scan = await picture(300, 100, 'png');
    const posted = await member.client.raw('POST', `/api/groups/${db}/disk/files?name=nota`, {
      body: new Uint8Array(scan),
      headers: { 'content-type': 'image/png' },
    });
    expect(posted.status).toBe(201);
    const notes = await upload(member.client, 'notes.txt', 'not a picture');
    // libvips reads what the content is, not what its name says: an SVG named .jpg is not drawn here.
    const broken = await upload(
      member.client,
      'broken.jpg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
    );
    await server.ctx.jobs.idle();

    const motor = await record((await fileNamed('motor.jpg'))._id);
    expect(await shown(motor)).toEqual({ width: 180, height: 240, format: 'jpeg' });
    const nota = await record(((await posted.json()) as { id: string }).id);
    expect(await shown(nota)).toEqual({ width: 240, height: 80, format: 'jpeg' });
    expect((await record(notes.body.id)).thumbnail).toBeUndefined();
    // What libvips cannot read is left, not tried again and again.
    expect((await record(broken.body.id)).thumbnail).toBeUndefined();
    expect(server.logs.some((line) => line.includes(`no thumbnail of ${broken.body.id}`))).toBe(true);
    const jobs = await server.ctx.store.docsWithPrefix<JobDoc>(SYSTEM_DB, 'job:');
    expect(jobs.filter((job) => job.type === THUMBNAIL_JOB)).toEqual([]);

    // A new version is a new picture: its thumbnail follows; a copy keeps the one it has.
    const again = await fetch(`${server.url}/api/groups/${db}/dav/motor.jpg`, {
      method: 'PUT',
      headers: { authorization: auth },
      body: new Uint8Array(await picture(400, 400, 'jpeg')),
    });
    expect(again.status).toBe(204);
    await server.ctx.jobs.idle();
    expect(await shown(await record(motor._id as string))).toEqual({ width: 240, height: 240, format: 'jpeg' });
    const copy = await fetch(`${server.url}/api/groups/${db}/dav/motor.jpg`, {
      method: 'COPY',
      headers: { authorization: auth, destination: `${server.url}/api/groups/${db}/dav/motor-copy.jpg` },
    });
    expect(copy.status).toBe(201);
    const copied = await record((await fileNamed('motor-copy.jpg'))._id);
    expect(copied.thumbnail).toBe((await record(motor._id as string)).thumbnail);
  });

  it("waits for the device's own thumbnail when the device says one follows", async () => {
    const photo = await picture(800, 600, 'jpeg');
    const sent = await member.client.raw('POST', `/api/groups/${db}/disk/files?name=placa-2.jpg&thumbnail=device`, {
      body: new Uint8Array(photo),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(sent.status).toBe(201);
    const { id, version } = (await sent.json()) as { id: string; version: { hash: string } };
    await server.ctx.jobs.idle();
    expect((await record(id)).thumbnail).toBeUndefined();
    const filed = (await server.ctx.store.docsWithPrefix<JobDoc>(SYSTEM_DB, 'job:')).find(
      (job) => job.type === THUMBNAIL_JOB && job.payload.id === id,
    );
    expect(Date.parse(filed!.run_at) - Date.now()).toBeGreaterThan(DEVICE_FIRST_MS - 60_000);

    // The device's arrives: the server's job, when it comes due, leaves it.
    const mine = await sharp(photo).resize(240).jpeg({ quality: 60 }).toBuffer();
    const put = await member.client.raw('PUT', `/api/groups/${db}/disk/files/${id}/thumbnail?of=${version.hash}`, {
      body: new Uint8Array(mine),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.status).toBe(200);
    await makeThumbnail(server.ctx, filed!.payload);
    expect((await record(id)).thumbnail).toBe(`data:image/jpeg;base64,${mine.toString('base64')}`);
  });
});

describe('WebDAV at /api/groups/{acc}/dav/', () => {
  it('asks for credentials, answers OPTIONS as class 2, and refuses infinite depth', async () => {
    const anonymous = await dav('PROPFIND', '/', { headers: { depth: '1' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);
    const options = await dav('OPTIONS', '/');
    expect(options.headers.get('dav')).toBe('1, 2');
    const infinite = await dav('PROPFIND', '/', {
      auth: basic(member.email, writeToken),
      headers: { depth: 'infinity' },
    });
    expect(infinite.status).toBe(403);
    expect(await infinite.text()).toContain('propfind-finite-depth');
    const wrongPerson = await dav('PROPFIND', '/', { auth: basic(owner.email, writeToken), headers: { depth: '0' } });
    expect(wrongPerson.status).toBe(401);
  });

  it('writes records the app sees, and sees what the app writes', async () => {
    const auth = basic(member.email, writeToken);
    expect((await dav('MKCOL', '/Obras', { auth })).status).toBe(201);
    const put = await dav('PUT', '/Obras/planta.txt', { auth, body: 'planta 1' });
    expect(put.status).toBe(201);
    expect(put.headers.get('etag')).toBe(etagOf(sha('planta 1')));
    const again = await dav('PUT', '/Obras/planta.txt', { auth, body: 'planta 2' });
    expect(again.status).toBe(204);
    expect(again.headers.get('etag')).toBe(etagOf(sha('planta 2')));

    const listing = await dav('PROPFIND', '/Obras/', { auth, headers: { depth: '1' } });
    expect(listing.status).toBe(207);
    const xml = await listing.text();
    expect(xml).toContain(`/api/groups/${db}/dav/Obras/planta.txt</D:href>`);
    expect(xml).toContain('<D:getcontentlength>8</D:getcontentlength>');

    const all = await member.client.get<{ rows: Array<{ doc: Record<string, unknown> }> }>(
      `/db/${db}/_all_docs?include_docs=true&startkey=%22fle-%22&endkey=%22fle-%EF%BF%B0%22`,
    );
    const folder = all.body.rows.find((r) => r.doc.name === 'Obras')!.doc;
    const file = all.body.rows.find((r) => r.doc.name === 'planta.txt')!.doc;
    expect(folder).toMatchObject({ kind: 'dir', klass: 'CloudFile' });
    expect(file).toMatchObject({ kind: 'file', dir_id: folder._id, size: 8, created_by: member.id });
    expect((await download(member.client, file._id as string)).text).toBe('planta 2');

    // Renamed in the app: WebDAV answers at the new name at once.
    const renamed = await member.client.put(`/db/${db}/${file._id as string}`, { ...file, name: 'planta-final.txt' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(201);
    expect((await dav('GET', '/Obras/planta.txt', { auth })).status).toBe(404);
    const got = await dav('GET', '/Obras/planta-final.txt', { auth, headers: { range: 'bytes=0-5' } });
    expect(got.status).toBe(206);
    expect(await got.text()).toBe('planta');

    // Deleted over WebDAV: to the bin, restorable from the app.
    expect((await dav('DELETE', '/Obras/planta-final.txt', { auth })).status).toBe(204);
    const binned = await member.client.get<Record<string, unknown>>(`/db/${db}/${file._id as string}`);
    expect(binned.body.kind).toBe('file_deleted');
    expect((await dav('GET', '/Obras/planta-final.txt', { auth })).status).toBe(404);
  });

  it('keeps every descendant’s fullpath and webdav_link current when a folder above moves or is renamed', async () => {
    const auth = basic(member.email, writeToken);
    for (const path of ['/Clientes', '/Clientes/Ana', '/Clientes/Ana/2026'])
      expect((await dav('MKCOL', path, { auth })).status).toBe(201);
    expect((await dav('PUT', '/Clientes/Ana/2026/nota.txt', { auth, body: 'nota' })).status).toBe(201);
    const records = async () => {
      const all = await member.client.get<{ rows: Array<{ doc: Record<string, unknown> }> }>(
        `/db/${db}/_all_docs?include_docs=true&startkey=%22fle-%22&endkey=%22fle-%EF%BF%B0%22`,
      );
      return new Map(all.body.rows.map((r) => [r.doc.name as string, r.doc]));
    };
    const ids = await records().then((byName) => ['Ana', '2026', 'nota.txt'].map((name) => byName.get(name)!._id));
    const paths = async () => {
      const byId = new Map([...(await records()).values()].map((doc) => [doc._id, doc]));
      return ids.map((id) => [byId.get(id)?.fullpath, byId.get(id)?.webdav_link]);
    };
    const link = (path: string) => `${server.url}/api/groups/${db}/dav${path}`;
    // Written just after WebDAV's answer.
    await expect.poll(paths).toEqual([
      ['/Clientes/Ana/', link('/Clientes/Ana/')],
      ['/Clientes/Ana/2026/', link('/Clientes/Ana/2026/')],
      ['/Clientes/Ana/2026/nota.txt', link('/Clientes/Ana/2026/nota.txt')],
    ]);

    // Moved over WebDAV: everything under it follows.
    const moved = await dav('MOVE', '/Clientes/Ana/', { auth, headers: { destination: link('/Ana Souza/') } });
    expect(moved.status).toBe(201);
    await expect.poll(paths).toEqual([
      ['/Ana Souza/', link('/Ana%20Souza/')],
      ['/Ana Souza/2026/', link('/Ana%20Souza/2026/')],
      ['/Ana Souza/2026/nota.txt', link('/Ana%20Souza/2026/nota.txt')],
    ]);

    // Renamed by a device (a write through /db, as sync makes it): the server writes the paths under it.
    const ana = (await records()).get('Ana Souza')!;
    const renamed = await member.client.put(`/db/${db}/${ana._id as string}`, { ...ana, name: 'Ana S' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(201);
    await expect.poll(async () => (await records()).get('nota.txt')?.fullpath).toBe('/Ana S/2026/nota.txt');
    expect((await records()).get('2026')?.webdav_link).toBe(link('/Ana%20S/2026/'));
  });

  it('keeps dead properties and a modification time a client sets', async () => {
    const auth = basic(member.email, writeToken);
    await dav('PUT', '/props.txt', { auth, body: 'p' });
    const patch = await dav('PROPPATCH', '/props.txt', {
      auth,
      headers: { 'content-type': 'application/xml' },
      body:
        '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:x"><D:set><D:prop>' +
        '<Z:color>azul</Z:color><D:getlastmodified>Mon, 12 Jan 1998 09:25:56 GMT</D:getlastmodified>' +
        '</D:prop></D:set></D:propertyupdate>',
    });
    expect(patch.status).toBe(207);
    // A refused property would say so in its status line (the group's id may itself hold "403").
    expect(await patch.text()).not.toMatch(/HTTP\/1\.1 4\d\d/);
    const found = await dav('PROPFIND', '/props.txt', {
      auth,
      headers: { depth: '0' },
      body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getlastmodified/><color xmlns="urn:x"/></D:prop></D:propfind>',
    });
    const text = await found.text();
    expect(text).toContain('Mon, 12 Jan 1998 09:25:56 GMT');
    expect(text).toMatch(/<color xmlns="urn:x">azul<\/color>/);
  });

  it('lets a read token list and fetch but not change, and another group in not at all', async () => {
    const read = basic(member.email, readToken);
    expect((await dav('PROPFIND', '/', { auth: read, headers: { depth: '1' } })).status).toBe(207);
    expect((await dav('PUT', '/ro.txt', { auth: read, body: 'no' })).status).toBe(403);
    expect((await dav('MKCOL', '/ro', { auth: read })).status).toBe(403);
    expect((await dav('LOCK', '/props.txt', { auth: read })).status).toBe(403);
    const other = basic(stranger.email, strangerToken);
    expect((await dav('PROPFIND', '/', { auth: other, headers: { depth: '1' } })).status).toBe(403);
    expect((await dav('GET', '/props.txt', { auth: other })).status).toBe(403);
    expect((await dav('PUT', '/intruso.txt', { auth: other, body: 'x' })).status).toBe(403);
  });

  it('locks: a write without the token is refused (423), with it accepted', async () => {
    const auth = basic(member.email, writeToken);
    await dav('PUT', '/locked.txt', { auth, body: 'a' });
    const lock = await dav('LOCK', '/locked.txt', {
      auth,
      headers: { 'content-type': 'application/xml', timeout: 'Second-60' },
      body: '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>test</D:owner></D:lockinfo>',
    });
    expect(lock.status).toBe(200);
    const lockToken = lock.headers.get('lock-token')!;
    expect(lockToken).toMatch(/^<opaquelocktoken:/);
    expect((await dav('PUT', '/locked.txt', { auth, body: 'b' })).status).toBe(423);
    expect((await dav('PUT', '/locked.txt', { auth, body: 'b', headers: { if: `(${lockToken})` } })).status).toBe(204);
    expect((await dav('UNLOCK', '/locked.txt', { auth, headers: { 'lock-token': lockToken } })).status).toBe(204);
    expect((await dav('PUT', '/locked.txt', { auth, body: 'c' })).status).toBe(204);
  });
});

describe('a group that may not write (issue 32: a free group 30 days past its limit)', () => {
  it('refuses uploads over the routes and WebDAV, and keeps reading and deleting open', async () => {
    const auth = basic(member.email, writeToken);
    const at = (path: string, method: string, body?: string) =>
      fetch(`${server.url}/api/groups/${db}/dav${path}`, {
        method,
        headers: { authorization: auth, ...(method === 'PROPFIND' ? { depth: '1' } : {}) },
        body,
      });
    expect((await at('/before-the-lock.txt', 'PUT', 'kept')).status).toBe(201);
    await writeServerSettings(server.ctx, db, {
      'free-limit-passed-at': new Date(Date.now() - 40 * 86_400_000).toISOString(),
    });
    try {
      const refused = await at('/after-the-lock.txt', 'PUT', 'no');
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(BILLING_MESSAGES.readOnly);
      expect((await at('/new-folder', 'MKCOL')).status).toBe(403);
      expect((await upload(member.client, 'after-the-lock.txt', 'no')).status).toBe(403);
      expect((await at('/', 'PROPFIND')).status).toBe(207);
      expect(await (await at('/before-the-lock.txt', 'GET')).text()).toBe('kept');
      expect((await at('/before-the-lock.txt', 'DELETE')).status).toBe(204);
    } finally {
      await writeServerSettings(server.ctx, db, { 'free-limit-passed-at': '' });
    }
    expect((await at('/after-the-lock.txt', 'PUT', 'yes')).status).toBe(201);
  });
});

describe('the group’s usage (the daily snapshot)', () => {
  it('counts the contents its files keep, each content once, with the file records', async () => {
    const group = await ownerWithGroup(server, 'Arquivo Uso', {}, 'rdisk');
    const send = async (name: string, content: string) => {
      const query = new URLSearchParams({ name });
      const res = await group.owner.client.raw('POST', `/api/groups/${group.db}/disk/files?${query}`, {
        body: content,
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBeLessThan(300);
    };
    await send('a.txt', 'x'.repeat(100_000));
    // The same content under another name is stored once; a new version keeps the old one too.
    await send('b.txt', 'x'.repeat(100_000));
    await send('a.txt', 'y'.repeat(50_000));
    const days = await snapshotGroup(server.ctx, group.db);
    const files = days.at(-1)!.kinds.CloudFile!;
    expect(files.amount).toBe(2);
    // 150,000 bytes of contents, and the two records' JSON (a few kB).
    expect(files.size).toBeGreaterThan(150_000);
    expect(files.size).toBeLessThan(160_000);
  });
});

describe('the byte store', () => {
  it('is the one this run asks for', () => {
    expect(server.ctx.config.byteStore.kind).toBe(process.env.TEST_S3_URL ? 's3' : 'files');
  });

  // A content shorter than its record (a store that lost bytes): the answer fails at once, and
  // the log says which content, instead of a client waiting for the rest it was promised.
  it('ends a download whose stored bytes are fewer than the record says with an error', async ({ skip }) => {
    // Made short on disk: the files store only (S3's objects are not ours to cut).
    if (server.ctx.config.byteStore.kind !== 'files') return skip();
    const root = server.ctx.config.byteStore.root;
    const { body } = await upload(member.client, 'cortado.txt', 'thirteen byte');
    const hash = sha('thirteen byte');
    truncateSync(path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash), 5);
    const res = await member.client.raw('GET', `/api/groups/${db}/disk/files/${body.id}/content`);
    expect(res.headers.get('content-length')).toBe('13');
    await expect(res.text()).rejects.toThrow();
    // Logged once the server has seen the pipe fail, which may be after the client has.
    await expect
      .poll(() => server.logs.some((line) => line.includes(`the store sent 5 bytes of ${hash}, not 13`)), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it('removes contents no version names and keeps the others', async () => {
    const first = await upload(member.client, 'gira.txt', 'gira 0');
    for (let n = 1; n <= 3; n++) await upload(member.client, 'gira.txt', `gira ${n}`);
    expect(await server.ctx.bytes.stat(sha('gira 0'))).not.toBeNull();
    const result = await sweepContents(server.ctx);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await server.ctx.bytes.stat(sha('gira 0'))).toBeNull();
    expect((await download(member.client, first.body.id)).text).toBe('gira 3');
    expect((await download(member.client, first.body.id, {}, sha('gira 1'))).text).toBe('gira 1');
  });
});
