// The embedded store runs in a process of its own, behind credentials, and is restarted when it
// dies; meanwhile the server keeps answering and nobody is logged out (C2, C3, L7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await registerUser(server.url);
});
afterAll(() => server.stop());

/** Resolves once `check` holds, or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, delay));
  }
}

describe('the embedded store', () => {
  it('runs in its own process, not in the server’s', () => {
    const pid = server.embedded?.pid();
    expect(pid).toBeTypeOf('number');
    expect(pid).not.toBe(process.pid);
  });

  it('answers nothing without the server’s credentials, not even on loopback (L7)', async () => {
    const url = new URL(server.embedded!.url);
    const bare = `http://${url.host}`;
    for (const path of [
      '/',
      '/_all_dbs',
      '/_session',
      '/_uuids',
      `/${user.id}/_all_docs`,
      '/moneta-system/session-secret',
    ]) {
      const res = await fetch(bare + path);
      expect(res.status, path).toBe(401);
      expect(await res.text(), path).not.toMatch(/usr-|acc-|value/);
    }
  });

  it('is restarted when it dies; meanwhile requests answer 503 and sessions stay', async () => {
    const before = server.embedded!.restarts();
    const oldPid = server.embedded!.pid()!;
    const exited = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        try {
          process.kill(oldPid, 0);
        } catch {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    process.kill(oldPid, 'SIGKILL');
    await exited;
    // The server itself still answers, and says the store is away rather than "logged out".
    expect((await new HttpClient(server.url).get('/db/')).status).toBe(200);
    const during = await user.client.get(`/db/${user.id}/_all_docs`);
    if (during.status !== 200) {
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({ error: 'store_unavailable' });
    }
    await eventually(async () => server.embedded!.restarts() > before);
    expect(server.embedded!.pid()).not.toBe(oldPid);
    // The same cookie works again: nobody was logged out.
    await eventually(async () => (await user.client.get(`/db/${user.id}/_all_docs`)).status === 200);
    expect((await user.client.get('/db/_session')).status).toBe(200);
  });
});
