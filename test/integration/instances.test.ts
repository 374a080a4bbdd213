// Two server instances behind one reverse proxy, on one store, as a cluster deployment runs them
// (docs/deploy.md): whichever instance answers, a person's session, writes, sync and logout are
// the same, and work queued by one (an e-mail) is done once, by either.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { confirmUser, registerUser, type TestUser } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { type InstanceProxy, startInstanceProxy } from '../support/instance-proxy.ts';
import { type OutboxMail, readOutbox } from '../support/outbox.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const require = createRequire(import.meta.url);
type Doc = { _id: string; _rev?: string; [k: string]: unknown };
interface Db {
  put(doc: Doc): Promise<{ rev: string }>;
  get(id: string): Promise<Doc>;
}
interface Replication {
  docs_written: number;
  doc_write_failures: number;
}
const PouchDB = require('pouchdb') as {
  new (name: string, opts?: object): Db;
  replicate(source: Db, target: Db): Promise<Replication>;
  fetch(url: string, opts: RequestInit): Promise<Response>;
};

let proxy: InstanceProxy;
let first: TestServer;
let second: TestServer;
let dir: string;

beforeAll(async () => {
  proxy = await startInstanceProxy();
  // Both instances are reached at the proxy's address, as people reach a deployment.
  first = await startTestServer({ env: { PUBLIC_URL: proxy.url } });
  second = await startTestServer({ env: { PUBLIC_URL: proxy.url, COUCHDB_URL: first.storeUrl } });
  proxy.targets = [first.url, second.url];
  dir = mkdtempSync(path.join(tmpdir(), 'moneta-instances-'));
});
afterAll(async () => {
  await proxy?.close();
  await second?.stop();
  await first?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every e-mail both instances have sent, once neither has a job left to run. */
async function mailOfBoth(): Promise<OutboxMail[]> {
  await Promise.all([first.ctx.jobs.idle(), second.ctx.jobs.idle()]);
  return (await Promise.all([first, second].map(readOutbox))).flat();
}

/** Confirms `user` with the link in whichever instance's outbox the e-mail landed. */
async function confirm(user: TestUser): Promise<void> {
  await mailOfBoth();
  const sent = await Promise.all(
    [first, second].map(async (s) => ((await readOutbox(s)).some((m) => m.to.includes(user.email)) ? s : null)),
  );
  const sender = sent.find((s) => s !== null);
  if (!sender) throw new Error(`no e-mail to ${user.email} on either instance`);
  await confirmUser(sender, user);
}

/** Who the cookie opens when sent straight to `server`, and what it reads in `db`. */
async function opens(server: TestServer, cookie: string, db: string): Promise<{ name: string | null; reads: number }> {
  const session = (await (await fetch(`${server.url}/db/_session`, { headers: { cookie } })).json()) as {
    userCtx: { name: string | null };
  };
  const reads = (await fetch(`${server.url}/db/${db}/_all_docs`, { headers: { cookie } })).status;
  return { name: session.userCtx.name, reads };
}

it('signs in on one, writes and syncs through the other, and a logout on one ends the session and its live sync on both', async () => {
  const person = await registerUser(proxy.url);
  await confirm(person);
  const browser = new HttpClient(proxy.url);

  proxy.pinned = 0;
  const login = await browser.post('/db/_session', { name: person.email, password: person.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);

  proxy.pinned = 1;
  expect((await browser.get<{ userCtx: { name: string } }>('/db/_session')).body.userCtx.name).toBe(person.id);
  const group = await browser.post<{ id: string }>('/api/groups', { name: 'Duas instâncias', kind: 'ticket' });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const db = group.body.id;
  const ticket = { klass: 'Ticket', status: 'open', priority: 'low', ticket_kind: 'chore', title: 'Written on B' };
  const written = newId('Ticket');
  expect((await browser.put(`/db/${db}/${written}`, ticket)).status).toBe(201);

  // A device's sync, each of its requests to the next instance in turn.
  proxy.pinned = null;
  const remote = new PouchDB(`${proxy.url}/db/${db}`, {
    skip_setup: true,
    fetch: (url: string, opts: RequestInit) => {
      const headers = new Headers(opts.headers);
      headers.set('cookie', browser.cookieHeader);
      return PouchDB.fetch(url, { ...opts, headers });
    },
  });
  const device = new PouchDB(path.join(dir, 'device'));
  const servedBefore = [...proxy.served];
  const pulled = await PouchDB.replicate(remote, device);
  expect(pulled.doc_write_failures).toBe(0);
  expect((await device.get(written)).title).toBe('Written on B');
  const offline = newId('Ticket');
  await device.put({ _id: offline, ...ticket, title: 'Written on the device' });
  const pushed = await PouchDB.replicate(device, remote);
  expect(pushed).toMatchObject({ docs_written: 1, doc_write_failures: 0 });
  // The sync's requests went to both instances.
  expect(proxy.served.every((count, i) => count > (servedBefore[i] ?? 0))).toBe(true);
  const onFirst = await fetch(`${first.url}/db/${db}/${offline}`, { headers: { cookie: browser.cookieHeader } });
  expect(((await onFirst.json()) as Doc).title).toBe('Written on the device');

  const cookie = browser.cookieHeader;
  for (const server of [first, second])
    expect(await opens(server, cookie, db)).toEqual({ name: person.id, reads: 200 });
  // A device's live sync held open on the second instance.
  const live = await fetch(`${second.url}/db/${db}/_changes?feed=continuous&since=now&heartbeat=1000`, {
    headers: { cookie },
  });
  expect(live.status).toBe(200);
  // Ended or cut (the socket closed): either way it ends; otherwise the test times out.
  const liveEnded = live.text().catch(() => 'cut');
  expect(await Promise.race([liveEnded, Promise.resolve('open')])).toBe('open');
  proxy.pinned = 0;
  expect((await browser.delete('/db/_session')).status).toBe(200);
  // Cut by the second instance once the first has ended the session (it never ends by itself).
  await liveEnded;
  // The same cookie, replayed to either instance, opens nothing any more.
  for (const server of [first, second]) expect(await opens(server, cookie, db)).toEqual({ name: null, reads: 401 });
});

it('sends each e-mail once, whichever instance queued it, with both sweeping the same queue', async () => {
  proxy.pinned = null;
  const people = await Promise.all(Array.from({ length: 8 }, () => registerUser(proxy.url)));
  const mail = await mailOfBoth();
  for (const person of people) {
    const theirs = mail.filter((m) => m.to.includes(person.email));
    expect(
      theirs.map((m) => m.subject),
      person.email,
    ).toHaveLength(1);
  }
});
