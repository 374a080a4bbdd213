import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { latestLink, readOutbox } from '../support/outbox.ts';
import { confirmUser, registerUser, uniqueEmail } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

describe('sign-up', () => {
  it('creates the user, their personal database with the locale setting, a session and a confirmation e-mail', async () => {
    const { id, email, client } = await registerUser(server.url, { locale: 'pt-BR', fullname: 'Ana Souza' });
    const session = await client.get<{ userCtx: { name: string; roles: string[] } }>('/db/_session');
    expect(session.status).toBe(200);
    expect(session.body.userCtx).toEqual({ name: id, roles: [id] });

    const user = await client.get(`/db/_users/${id}?fields=fullname,unconfirmed_email,email,confirmed_at,short_name`);
    expect(user.body).toEqual({
      fullname: 'Ana Souza',
      unconfirmed_email: email,
      email: null,
      confirmed_at: null,
      short_name: 'Ana',
    });

    const found = await client.post<{ docs: Array<{ key: string; value: string }> }>(`/db/${id}/_find`, {
      selector: { klass: 'Adjustment', key: 'locale' },
      fields: ['_id', 'key', 'value'],
    });
    expect(found.body.docs).toEqual([expect.objectContaining({ key: 'locale', value: 'pt-BR' })]);

    const { mail, link } = await latestLink(server, email, '/user/confirm/');
    expect(mail.subject).toBe('Confirme seu endereço de e-mail');
    // Without SMTP the server's log says the link too, for whoever tries the product.
    expect(server.logs.some((line) => line.includes(email) && line.endsWith(link))).toBe(true);
  });

  it('answers bad input with field reasons and writes nothing', async () => {
    const client = new HttpClient(server.url);
    const before = (await readOutbox(server)).length;
    const res = await client.post('/db/_users', {
      unconfirmed_email: '',
      password: 'short',
      locale: 'fr',
      fullname: 42,
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'unprocessable_entity',
      reason: {
        unconfirmed_email: ["can't be blank"],
        password: ['is too short (minimum is 8 characters)'],
        locale: ['is not included in the list'],
        fullname: ['is invalid'],
      },
    });
    const badId = await client.post('/db/_users', {
      _id: 'acc-1',
      unconfirmed_email: uniqueEmail(),
      password: 'long enough',
    });
    expect(badId.body).toEqual({ error: 'unprocessable_entity', reason: { _id: ['is invalid'] } });
    expect((await readOutbox(server)).length).toBe(before);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('leaves nothing half-created when a step fails', async () => {
    const id = `usr-${crypto.randomUUID()}`;
    // A database of that name already exists, so creating the personal database fails midway.
    await server.ctx.store.createDatabase(id);
    const email = uniqueEmail('half');
    const client = new HttpClient(server.url);
    const res = await client.post('/db/_users', { _id: id, unconfirmed_email: email, password: 'long enough' });
    expect(res.status).toBe(409);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await server.ctx.store.get('moneta-users', id)).toBeNull();
    expect(await server.ctx.store.get('moneta-users', `email:${email}`)).toBeNull();
    expect(await server.ctx.store.databaseExists(id)).toBe(true);
    expect((await readOutbox(server)).some((m) => m.to.includes(email))).toBe(false);
    // The address is free for a sign-up that works.
    await registerUser(server.url, { unconfirmed_email: email });
  });

  it('refuses a confirmed address, in any letter case, without touching the first account', async () => {
    const first = await registerUser(server.url);
    await confirmUser(server, first);
    const res = await new HttpClient(server.url).post('/db/_users', {
      unconfirmed_email: first.email.toUpperCase(),
      password: 'another password',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'unprocessable_entity',
      reason: { unconfirmed_email: ['has already been taken'] },
    });
    const login = await new HttpClient(server.url).post('/db/_session', {
      username: first.email,
      password: first.password,
    });
    expect(login.status).toBe(200);
  });
});

describe('a pending, unverified address (L4)', () => {
  it('blocks no one’s sign-up, shows no invitations and receives no password reset', async () => {
    const owner = await registerUser(server.url);
    await confirmUser(server, owner);
    const group = (await owner.client.post<{ id: string }>('/api/groups', { name: 'Invites', kind: 'ticket' })).body.id;
    const victim = uniqueEmail('victim');
    // Someone puts the victim's address on their account, at sign-up.
    const squatter = await registerUser(server.url, { unconfirmed_email: victim, password: 'squatter password' });
    expect((await owner.client.post(`/api/groups/${group}/memberships`, { email: victim, editor: true })).status).toBe(
      201,
    );
    expect((await squatter.client.get<{ invites: unknown[] }>('/api/invites')).body.invites).toEqual([]);
    const before = (await readOutbox(server)).filter((m) => m.to.includes(victim) && /\/user\/password\//.test(m.text));
    expect((await new HttpClient(server.url).post('/api/password', { email: victim })).status).toBe(202);
    const after = (await readOutbox(server)).filter((m) => m.to.includes(victim) && /\/user\/password\//.test(m.text));
    expect(after).toHaveLength(before.length);
    // The victim signs up with their own address all the same, confirms it, and owns it from then on.
    const real = await registerUser(server.url, { unconfirmed_email: victim, password: 'the real owner' });
    await confirmUser(server, real);
    expect((await real.client.get<{ invites: unknown[] }>('/api/invites')).body.invites).toHaveLength(1);
    const login = await new HttpClient(server.url).post('/db/_session', {
      username: victim,
      password: 'the real owner',
    });
    expect(login.body).toMatchObject({ name: real.id });
    const squatterLogin = await new HttpClient(server.url).post('/db/_session', {
      username: victim,
      password: 'squatter password',
    });
    expect(squatterLogin.status).toBe(401);
  });

  it('lets a never-confirmed user sign in with it, and two of them on one address each with their password', async () => {
    const email = uniqueEmail('shared');
    const a = await registerUser(server.url, { unconfirmed_email: email, password: 'password of a' });
    const b = await registerUser(server.url, { unconfirmed_email: email, password: 'password of b' });
    const asA = await new HttpClient(server.url).post('/db/_session', { username: email, password: 'password of a' });
    const asB = await new HttpClient(server.url).post('/db/_session', { username: email, password: 'password of b' });
    expect([asA.body.name, asB.body.name]).toEqual([a.id, b.id]);
  });
});

describe('login and session', () => {
  it('logs in by e-mail, reads the session and logs out', async () => {
    const { id, email, password } = await registerUser(server.url);
    const client = new HttpClient(server.url);
    expect((await client.get('/db/_session')).body).toMatchObject({ userCtx: { name: null } });
    const login = await client.post('/db/_session', { username: email, password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ ok: true, name: id, roles: [id] });
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/moneta_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(cookie).not.toMatch(/Secure/);
    expect((await client.get('/db/_session')).body).toMatchObject({ userCtx: { name: id } });
    expect((await client.delete('/db/_session')).status).toBe(200);
    expect((await client.get('/db/_session')).body).toMatchObject({ userCtx: { name: null } });
  });

  it('"remember me" makes the cookie persistent', async () => {
    const { email, password } = await registerUser(server.url);
    const login = await new HttpClient(server.url).post('/db/_session', { username: email, password, remember: true });
    expect(login.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
  });

  it('gives the spec messages for wrong and missing credentials', async () => {
    const { email } = await registerUser(server.url);
    const client = new HttpClient(server.url);
    expect((await client.post('/db/_session', { username: email, password: 'wrong password' })).body).toEqual({
      error: 'unauthorized',
      reason: 'Email or password is incorrect',
    });
    expect((await client.post('/db/_session', { username: 'nobody@example.com', password: 'whatever1' })).status).toBe(
      401,
    );
    for (const body of [{}, { username: email }, { password: 'x' }, { username: '', password: '' }]) {
      const res = await client.post('/db/_session', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', reason: 'Please provide username and password' });
    }
  });

  it('treats a forged or tampered cookie as no session, and clears it', async () => {
    const { client, id } = await registerUser(server.url);
    const [name, value] = client.cookieHeader.split('=');
    const tampered = value!.slice(0, -3) + (value!.endsWith('AAA') ? 'BBB' : 'AAA');
    const res = await fetch(`${server.url}/db/_session`, { headers: { cookie: `${name}=${tampered}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, userCtx: { name: null, roles: [] }, info: {} });
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${name}=;`));
    const data = await fetch(`${server.url}/db/${id}`, {
      headers: { cookie: `${name}=${tampered}` },
    });
    expect(data.status).toBe(401);
  });
});

describe('e-mail confirmation', () => {
  it('confirms with the single-use link from the outbox', async () => {
    const { id, email, client } = await registerUser(server.url);
    const { link } = await latestLink(server, email, '/user/confirm/');
    expect(link.startsWith(`${server.url}/user/confirm/`)).toBe(true);
    const anonymous = new HttpClient(server.url);
    const ok = await anonymous.post(`/api/confirmation/${tokenOf(link)}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, email });
    const user = await client.get(`/db/_users/${id}?fields=email,unconfirmed_email,confirmed_at`);
    expect(user.body).toMatchObject({ email, unconfirmed_email: null, confirmed_at: expect.any(String) });
    const again = await anonymous.post(`/api/confirmation/${tokenOf(link)}`);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      error: 'unprocessable_entity',
      reason: 'Token already used or expired, please request a new one',
    });
    for (const bad of [
      'nonsense',
      `${id}.${'x'.repeat(43)}`,
      'usr-00000000-0000-0000-0000-000000000000.aaaaaaaaaaaaaaaaaaaaaaaa',
    ]) {
      expect((await anonymous.post(`/api/confirmation/${bad}`)).status).toBe(422);
    }
  });

  it('resends on request, the same answer for unknown addresses, and only the newest link works', async () => {
    const { email } = await registerUser(server.url);
    const first = (await latestLink(server, email, '/user/confirm/')).link;
    const client = new HttpClient(server.url);
    expect((await client.post('/api/confirmation', { email })).status).toBe(202);
    expect((await client.post('/api/confirmation', { email: 'nobody-here@example.com' })).status).toBe(202);
    expect((await client.post('/api/confirmation', { email: 'no at sign' })).body).toEqual({
      error: 'unprocessable_entity',
      reason: { email: ['is invalid'] },
    });
    const second = (await latestLink(server, email, '/user/confirm/')).link;
    expect(second).not.toBe(first);
    expect((await client.post(`/api/confirmation/${tokenOf(first)}`)).status).toBe(422);
    expect((await client.post(`/api/confirmation/${tokenOf(second)}`)).status).toBe(200);
  });

  it('cuts a never-confirmed user off after 30 days, and lets them back once confirmed', async () => {
    const { id, email, password, client } = await registerUser(server.url);
    // A session cookie would have expired by then; a user token does not.
    const program = new HttpClient(server.url);
    program.bearer = (
      await client.post<{ token: string }>('/api/tokens', { description: 'sync', permissions: 'read' })
    ).body.token;
    const realNow = server.ctx.now;
    server.ctx.now = () => new Date(Date.now() + 31 * 24 * 3600_000);
    try {
      const login = await new HttpClient(server.url).post('/db/_session', { username: email, password });
      expect(login.status).toBe(403);
      expect(login.body).toEqual({ error: 'forbidden', reason: 'Please, confirm your email first' });
      expect((await program.get(`/db/${id}/_all_docs`)).status).toBe(403);
      expect((await new HttpClient(server.url).post('/api/confirmation', { email })).status).toBe(202);
      const { link } = await latestLink(server, email, '/user/confirm/');
      expect((await client.post(`/api/confirmation/${tokenOf(link)}`)).status).toBe(200);
      expect((await program.get(`/db/${id}/_all_docs`)).status).toBe(200);
      expect((await new HttpClient(server.url).post('/db/_session', { username: email, password })).status).toBe(200);
    } finally {
      server.ctx.now = realNow;
    }
  });
});

describe('profile', () => {
  it('updates the name with the current password, and refuses a wrong one or a stale revision', async () => {
    const { id, password, client } = await registerUser(server.url);
    const user = await client.get<{ _rev: string }>(`/db/_users/${id}`);
    const wrong = await client.put(`/db/_users/${id}?rev=${user.body._rev}`, {
      fullname: 'New Name',
      current_password: 'nope nope',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ error: 'unprocessable_entity', reason: { current_password: ['is invalid'] } });
    const missing = await client.put(`/db/_users/${id}?rev=${user.body._rev}`, { fullname: 'New Name' });
    expect(missing.body).toEqual({ error: 'unprocessable_entity', reason: { current_password: ["can't be blank"] } });
    const ok = await client.put<{ rev: string }>(`/db/_users/${id}?rev=${user.body._rev}`, {
      fullname: 'Maria Clara Lima',
      current_password: password,
      return_url: server.url,
    });
    expect(ok.status).toBe(200);
    expect((await client.get(`/db/_users/${id}?fields=fullname,short_name,label`)).body).toEqual({
      fullname: 'Maria Clara Lima',
      short_name: 'Maria',
      label: 'Maria Clara Lima',
    });
    const stale = await client.put(`/db/_users/${id}?rev=${user.body._rev}`, {
      fullname: 'Again',
      current_password: password,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: 'conflict',
      reason: 'This record was updated by someone else, please refresh',
    });
  });

  it('keeps the old e-mail until the new one is confirmed', async () => {
    const { id, email, password, client } = await registerUser(server.url);
    await client.post(`/api/confirmation/${tokenOf((await latestLink(server, email, '/user/confirm/')).link)}`);
    const newEmail = uniqueEmail('moved');
    const res = await client.put(`/db/_users/${id}`, { unconfirmed_email: newEmail, current_password: password });
    expect(res.status).toBe(200);
    expect((await client.get(`/db/_users/${id}?fields=email,unconfirmed_email`)).body).toEqual({
      email,
      unconfirmed_email: newEmail,
    });
    // Still the old address for login, not yet the new one.
    expect((await new HttpClient(server.url).post('/db/_session', { username: email, password })).status).toBe(200);
    expect((await new HttpClient(server.url).post('/db/_session', { username: newEmail, password })).status).toBe(401);
    await client.post(`/api/confirmation/${tokenOf((await latestLink(server, newEmail, '/user/confirm/')).link)}`);
    expect((await new HttpClient(server.url).post('/db/_session', { username: newEmail, password })).status).toBe(200);
    expect((await new HttpClient(server.url).post('/db/_session', { username: email, password })).status).toBe(401);
    // The old address is free again.
    await registerUser(server.url, { unconfirmed_email: email });
  });

  it('reads only one own user record', async () => {
    const a = await registerUser(server.url);
    const b = await registerUser(server.url);
    expect((await a.client.get(`/db/_users/${b.id}`)).status).toBe(403);
    expect((await new HttpClient(server.url).get(`/db/_users/${a.id}`)).status).toBe(401);
    const own = await a.client.get(`/db/_users/${a.id}`);
    expect(Object.keys(own.body)).not.toContain('password_hash');
    expect(JSON.stringify(own.body)).not.toMatch(/scrypt|token_hash/);
  });
});

describe('passwords', () => {
  it('changes the password, ends other sessions and e-mails a notice', async () => {
    const { id, email, password, client } = await registerUser(server.url);
    const other = new HttpClient(server.url);
    await other.post('/db/_session', { username: email, password });
    const mismatch = await client.put(`/db/_users/${id}`, {
      password: 'brand new secret',
      password_confirmation: 'something else',
      current_password: password,
    });
    expect(mismatch.body).toEqual({
      error: 'unprocessable_entity',
      reason: { password_confirmation: ["doesn't match"] },
    });
    const ok = await client.put(`/db/_users/${id}`, {
      password: 'brand new secret',
      password_confirmation: 'brand new secret',
      current_password: password,
    });
    expect(ok.status).toBe(200);
    expect((await client.get('/db/_session')).status).toBe(200);
    expect((await other.get('/db/_session')).body).toMatchObject({ userCtx: { name: null } });
    expect(
      (await new HttpClient(server.url).post('/db/_session', { username: email, password: 'brand new secret' })).status,
    ).toBe(200);
    const notice = (await readOutbox(server)).filter((m) => m.to.includes(email)).at(-1)!;
    expect(notice.subject).toBe('Your password was changed');
  });

  it('resets by a 24-hour single-use link, answering the same for unknown addresses', async () => {
    const user = await registerUser(server.url);
    await confirmUser(server, user);
    const { email } = user;
    const client = new HttpClient(server.url);
    const known = await client.post('/api/password', { email });
    const unknown = await client.post('/api/password', { email: 'nobody.at.all@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const token = tokenOf((await latestLink(server, email, '/user/password/')).link);

    const bad = await client.put('/api/password', { token, password: 'short', password_confirmation: 'other' });
    expect(bad.body).toEqual({
      error: 'unprocessable_entity',
      reason: { password: ['is too short (minimum is 8 characters)'], password_confirmation: ["doesn't match"] },
    });
    const ok = await client.put('/api/password', {
      token,
      password: 'reset password 1',
      password_confirmation: 'reset password 1',
    });
    expect(ok.status).toBe(200);
    const reused = await client.put('/api/password', {
      token,
      password: 'reset password 2',
      password_confirmation: 'reset password 2',
    });
    expect(reused.body).toEqual({
      error: 'unprocessable_entity',
      reason: 'Token already used or expired, please request a new one',
    });
    expect((await client.post('/db/_session', { username: email, password: 'reset password 1' })).status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const user = await registerUser(server.url);
    await confirmUser(server, user);
    const { email } = user;
    const client = new HttpClient(server.url);
    await client.post('/api/password', { email });
    const token = tokenOf((await latestLink(server, email, '/user/password/')).link);
    const realNow = server.ctx.now;
    server.ctx.now = () => new Date(Date.now() + 25 * 3600_000);
    try {
      const res = await client.put('/api/password', {
        token,
        password: 'late password',
        password_confirmation: 'late password',
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ reason: 'Token already used or expired, please request a new one' });
    } finally {
      server.ctx.now = realNow;
    }
  });
});
