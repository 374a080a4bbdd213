// SESSION_SECRET as a list, newest first: the first key signs, every key verifies, so the key can
// be rotated without logging anybody out, and a key taken out of the list opens nothing any more.
// Three instances on one store, each with the list of one step of a rotation.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const OLD = randomBytes(32).toString('base64url');
const NEW = randomBytes(32).toString('base64url');

let before: TestServer;
let during: TestServer;
let after: TestServer;
let user: TestUser;

beforeAll(async () => {
  before = await startTestServer({ env: { SESSION_SECRET: OLD } });
  const shared = { COUCHDB_URL: before.storeUrl };
  [during, after] = await Promise.all([
    startTestServer({ env: { ...shared, SESSION_SECRET: `${NEW}, ${OLD}` } }),
    startTestServer({ env: { ...shared, SESSION_SECRET: NEW } }),
  ]);
  user = await registerUser(before.url);
});
afterAll(async () => {
  await Promise.all([during?.stop(), after?.stop()]);
  await before?.stop();
});

/** Who `cookie` opens on `server`, and whether it reads the person's own database. */
async function signedIn(server: TestServer, cookie: string): Promise<{ name: string | null; reads: number }> {
  const session = await fetch(`${server.url}/db/_session`, { headers: { cookie } });
  const body = (await session.json()) as { userCtx: { name: string | null } };
  const reads = (await fetch(`${server.url}/db/${user.id}/_all_docs`, { headers: { cookie } })).status;
  return { name: body.userCtx.name, reads };
}

it('keeps a session signed with the previous key open once a new key is put first, and signs with the new one', async () => {
  const signedWithOld = user.client.cookieHeader;
  expect(await signedIn(during, signedWithOld)).toEqual({ name: user.id, reads: 200 });

  const client = new HttpClient(during.url);
  const login = await client.post('/db/_session', { name: user.email, password: user.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(await signedIn(after, client.cookieHeader)).toEqual({ name: user.id, reads: 200 });
  expect(await signedIn(before, client.cookieHeader)).toEqual({ name: null, reads: 401 });
});

it('refuses a session signed with a key taken out of the list', async () => {
  expect(await signedIn(after, user.client.cookieHeader)).toEqual({ name: null, reads: 401 });
  // Still open where its key is listed: nothing but the key decided.
  expect(await signedIn(during, user.client.cookieHeader)).toEqual({ name: user.id, reads: 200 });
});
