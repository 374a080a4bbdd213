// The public pages' forms posted as plain HTML forms (issue 29): before the app's code has taken
// the page over, or with scripts off. Against the real server and the built renderer (dist/ssr).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestLink, readOutbox } from '../support/outbox.ts';
import { registerUser, uniqueEmail } from '../support/factories.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/config.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Posted {
  status: number;
  html: string;
  location: string | null;
  cookie: string | null;
}

/** Posts `fields` as a browser sends a form from our own page. */
async function post(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Posted> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      accept: 'text/html',
      'accept-language': 'pt-BR,pt;q=0.9',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: res.status,
    html: await res.text(),
    location: res.headers.get('location'),
    cookie: res.headers.get('set-cookie'),
  };
}

/** The text under the field named `name` (MUI's helper text, tied to the input by aria-describedby). */
function helperOf(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const id = input && /aria-describedby="([^"]+)"/.exec(input)?.[1];
  if (!id) return null;
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
}

/** Whether the page has a form that posts to `action`. */
const postsTo = (html: string, action: string) =>
  [...html.matchAll(/<form\b[^>]*>/g)].some(
    ([tag]) => tag.includes('method="post"') && tag.includes(`action="${action}"`),
  );

const sessionOf = async (cookie: string) =>
  (await (await fetch(`${server.url}/db/_session`, { headers: { cookie: cookie.split(';')[0]! } })).json()) as {
    userCtx: { name: string | null };
  };

describe('the public pages as plain forms', () => {
  it('signs in with the session cookie and a redirect, and draws the page again with the refusal otherwise', async () => {
    const user = await registerUser(server.url);
    const wrong = await post('/user/login', { username: user.email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).toBeNull();
    // In the visitor's language, with the address kept and the password never sent back.
    expect(wrong.html).toContain('E-mail ou senha incorretos');
    expect(wrong.html).toMatch(new RegExp(`<input[^>]*name="username"[^>]*value="${user.email}"`));
    expect(wrong.html).not.toContain('not the password');
    expect(postsTo(wrong.html, '/user/login')).toBe(true);
    expect(wrong.html).toContain('<html lang="pt-BR" data-visitor>');

    const empty = await post('/user/login', { username: '', password: '' }, { 'accept-language': 'en' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('Please provide username and password');

    const right = await post('/user/login', { username: user.email, password: user.password, remember: 'on' });
    expect(right.status).toBe(303);
    expect(right.location).toBe('/');
    expect(right.cookie).toMatch(/Max-Age=\d+/);
    expect((await sessionOf(right.cookie!)).userCtx.name).toBe(user.id);
  });

  it('refuses a form posted from another site, and never serves the server renderer', async () => {
    const user = await registerUser(server.url);
    const cross = await post(
      '/user/login',
      { username: user.email, password: user.password },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(cross.status).toBe(403);
    expect(cross.cookie).toBeNull();
    expect((await fetch(`${server.url}/ssr/prerender.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/ssr/pages.json`)).status).toBe(404);
  });

  it('signs up with the page’s own checks, each message under its field, in the visitor’s language', async () => {
    const email = uniqueEmail('form');
    const bad = await post('/user/register', {
      unconfirmed_email: email,
      fullname: 'Ana Técnica',
      password: 'correct horse battery',
      password_confirmation: 'another one',
    });
    expect(bad.status).toBe(422);
    expect(helperOf(bad.html, 'terms') ?? bad.html).toContain('precisa ser aceito');
    expect(helperOf(bad.html, 'password_confirmation')).toBeTruthy();
    expect(bad.html).toMatch(new RegExp(`name="unconfirmed_email"[^>]*value="${email}"`));
    expect(bad.html).not.toContain('correct horse battery');

    const good = await post('/user/register', {
      unconfirmed_email: email,
      fullname: 'Ana Técnica',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      terms: 'on',
    });
    expect(good.status).toBe(303);
    const session = await sessionOf(good.cookie!);
    const profile = (await (
      await fetch(`${server.url}/db/_users/${session.userCtx.name}`, {
        headers: { cookie: good.cookie!.split(';')[0]! },
      })
    ).json()) as { locale: string; fullname: string };
    expect(profile).toMatchObject({ locale: 'pt-BR', fullname: 'Ana Técnica' });
    expect((await readOutbox(server)).some((mail) => mail.to.includes(email))).toBe(true);
  });

  it('sends a reset link, answering alike for an unknown address, and resets the password from the e-mailed page', async () => {
    const user = await registerUser(server.url);
    const { link: confirmLink } = await latestLink(server, user.email, '/user/confirm/');
    const confirmPath = new URL(confirmLink).pathname;
    // The e-mailed confirmation link, for a visitor: a page that posts, not one that confirms on opening.
    const opened = await fetch(server.url + confirmPath, { headers: { 'accept-language': 'en' } });
    expect(opened.status).toBe(200);
    expect(postsTo(await opened.text(), confirmPath)).toBe(true);
    const confirmed = await post(confirmPath, {}, { 'accept-language': 'en' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain(`Your e-mail ${user.email} is confirmed.`);
    const again = await post(confirmPath, {}, { 'accept-language': 'en' });
    expect(again.status).toBe(422);

    const known = await post('/user/password/new', { email: user.email });
    const unknown = await post('/user/password/new', { email: uniqueEmail('nobody') });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.html).toContain(`Se ${user.email} for o endereço confirmado de uma conta`);
    expect(unknown.html).toContain('for o endereço confirmado de uma conta');
    const invalid = await post('/user/password/new', { email: 'not an address' });
    expect(invalid.status).toBe(422);
    expect(helperOf(invalid.html, 'email')).toBeTruthy();

    const { link } = await latestLink(server, user.email, '/user/password/');
    const resetPath = new URL(link).pathname;
    const page = await fetch(server.url + resetPath);
    expect(postsTo(await page.text(), resetPath)).toBe(true);
    const mismatch = await post(resetPath, { password: 'a new long password', password_confirmation: 'other' });
    expect(mismatch.status).toBe(422);
    expect(helperOf(mismatch.html, 'password_confirmation')).toBeTruthy();
    const reset = await post(resetPath, {
      password: 'a new long password',
      password_confirmation: 'a new long password',
    });
    expect(reset.status).toBe(200);
    expect(reset.html).toContain('role="status"');
    const login = await post('/user/login', { username: user.email, password: 'a new long password' });
    expect(login.status).toBe(303);
  });
});

describe('the public forms’ rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      config: { rateLimits: { ...DEFAULT_RATE_LIMITS, login: { max: 5, windowMs: 60_000 } } },
    });
  });
  afterAll(() => limited.stop());

  it('share the JSON routes’ counters: a second way in is no second allowance', async () => {
    const user = await registerUser(limited.url);
    const login = { username: user.email, password: 'guess' };
    const json = () =>
      fetch(`${limited.url}/db/_session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: user.email, password: 'guess' }),
      });
    const form = () =>
      fetch(`${limited.url}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: limited.url },
        body: new URLSearchParams(login).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await json()).status);
    for (let i = 0; i < 2; i++) statuses.push((await form()).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
