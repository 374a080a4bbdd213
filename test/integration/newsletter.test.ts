// The newsletter (docs/email.md): topics chosen on the profile and on the preferences page an
// e-mail links to (signed, no session, a plain form), and an operator's issue queued by the
// command and sent by two instances on one store through a real SMTP server: per topic and
// language, once, a second run of the command included.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_DB } from '../../src/server/context.ts';
import { newsletterMarkerId } from '../../src/server/services/newsletter.ts';
import { preferencesLink } from '../../src/server/services/unsubscribe.ts';
import { registerUser, type TestUser } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { type InstanceProxy, startInstanceProxy } from '../support/instance-proxy.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const run = promisify(execFile);
let smtp: SmtpSink;
let proxy: InstanceProxy;
let first: TestServer;
let second: TestServer;
const people: Record<'en' | 'pt' | 'rss' | 'off', TestUser> = {} as never;
const issues = mkdtempSync(path.join(tmpdir(), 'moneta-newsletters-'));

beforeAll(async () => {
  smtp = await startSmtpSink();
  proxy = await startInstanceProxy();
  const env = { SMTP_URL: smtp.url, PUBLIC_URL: proxy.url };
  first = await startTestServer({ env });
  second = await startTestServer({ env: { ...env, COUCHDB_URL: first.storeUrl } });
  proxy.targets = [first.url, second.url];
  for (const [who, locale] of [
    ['en', 'en'],
    ['pt', 'pt-BR'],
    ['rss', 'en'],
    ['off', 'pt-BR'],
  ] as const) {
    people[who] = await registerUser(proxy.url, { locale, fullname: `Person ${who}` });
    await confirm(people[who]);
  }
});

afterAll(async () => {
  await proxy?.close();
  await second?.stop();
  await first?.stop();
  await smtp?.close();
  rmSync(issues, { recursive: true, force: true });
});

async function confirm(user: TestUser): Promise<void> {
  const mail = await vi.waitFor(() => {
    const found = smtp.received.find((m) => m.to === user.email && m.body.includes('/user/confirm/'));
    if (!found) throw new Error('no confirmation e-mail yet');
    return found;
  });
  const token = /\/user\/confirm\/([\w.-]+)/.exec(mail.body)![1]!;
  expect((await user.client.post(`/api/confirmation/${token}`)).status).toBe(200);
}

const profile = async (user: TestUser) =>
  (await user.client.get<Record<string, unknown>>(`/db/_users/${user.id}`)).body;
const form = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();
const postForm = (client: HttpClient, pathname: string, body: string, origin = proxy.url) =>
  client.raw('POST', pathname, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body,
  });
const newslettersTo = (email: string) =>
  smtp.received.filter((m) => m.to === email && /^List-Unsubscribe: <[^>]+\.newsletter\./m.test(m.headers));

describe('newsletter preferences', () => {
  it('are saved from the profile without the password, and refused when not in the list', async () => {
    const en = people.en;
    const res = await en.client.put(`/db/_users/${en.id}`, { newsletter: true, newsletter_topics: ['ticket_app'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await profile(en)).toMatchObject({ newsletter: true, newsletter_topics: ['ticket_app'] });
    const bad = await en.client.put(`/db/_users/${en.id}`, { newsletter_topics: ['cats'] });
    expect(bad.status).toBe(422);
    const rss = people.rss;
    expect(
      (await rss.client.put(`/db/_users/${rss.id}`, { newsletter: true, newsletter_topics: ['rss'] })).status,
    ).toBe(200);
    // Anyone else's user document stays theirs.
    expect((await rss.client.put(`/db/_users/${en.id}`, { newsletter: false })).status).toBe(403);
  });

  it('are chosen on the signed page without a session, as a plain form, and the profile shows them', async () => {
    const pt = people.pt;
    const link = preferencesLink(first.ctx, pt.id);
    expect(link.startsWith(`${proxy.url}/email-preferences/${pt.id}.`)).toBe(true);
    const pathname = new URL(link).pathname;
    const anonymous = new HttpClient(proxy.url);

    const page = await anonymous.raw('GET', pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post">');
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('name="newsletter_topics" value="remote_diskette"');

    const signature = pathname.slice(pathname.lastIndexOf('.') + 1);
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const chosen = form([
      ['weekly_summary', 'on'],
      ['newsletter', 'on'],
      ['newsletter_topics', 'ticket_app'],
      ['newsletter_topics', 'rss'],
    ]);
    for (const forged of [
      `/email-preferences/${pt.id}.${flipped}`,
      `/email-preferences/${people.en.id}.${signature}`,
      `/email-preferences/${pt.id}.${'A'.repeat(signature.length)}`,
      `/email-preferences/${pt.id}`,
      // The unsubscribe link's signature does not open the preferences page.
      `/email-preferences/${pt.id}.weekly_summary.${signature}`,
    ]) {
      expect((await anonymous.raw('GET', forged)).status, forged).toBe(404);
      expect((await postForm(anonymous, forged, chosen)).status, forged).toBe(404);
    }
    // Another site's form cannot post it.
    expect((await postForm(anonymous, pathname, chosen, 'https://evil.example')).status).toBe(403);
    expect(await profile(pt)).toMatchObject({ newsletter: false, newsletter_topics: null });

    const saved = await postForm(anonymous, pathname, chosen);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${pathname}?saved=1`);
    const after = await (await anonymous.raw('GET', `${pathname}?saved=1`)).text();
    expect(after).toContain('role="status"');
    expect(after).toMatch(/value="rss" checked/);
    expect(await profile(pt)).toMatchObject({
      newsletter: true,
      newsletter_topics: ['ticket_app', 'rss'],
      weekly_summary: true,
    });
  });
});

describe('the newsletter command', () => {
  const issueDir = path.join(issues, '2026-12');
  const command = (env: Record<string, string>) =>
    run(process.execPath, ['src/server/cli/newsletter.ts', issueDir], {
      env: { ...process.env, PUBLIC_URL: proxy.url, ...env },
    });
  const markerOf = (user: TestUser) =>
    first.ctx.store.get<{ _id: string; status: string }>(SYSTEM_DB, newsletterMarkerId('2026-12', user.id));
  /** No newsletter job left in the queue: every instance is done with it. */
  const queueEmpty = async () => {
    const res = await first.ctx.store.must<{ rows: Array<{ doc?: { type: string; run_at: string } }> }>(
      `/${SYSTEM_DB}/_all_docs`,
      { query: { startkey: JSON.stringify('job:'), endkey: JSON.stringify('job:~'), include_docs: true } },
    );
    return res.rows.filter((r) => r.doc?.type === 'newsletter').length;
  };

  it('refuses an issue it cannot send, saying why', async () => {
    mkdirSync(issueDir, { recursive: true });
    writeFileSync(path.join(issueDir, 'pt-BR.md'), '---\ntopic: ticket_app\nsubject: Novidades\n---\nCorpo');
    await expect(command({ COUCHDB_URL: first.storeUrl })).rejects.toMatchObject({
      stderr: expect.stringMatching(/en\.md is missing/),
    });
  });

  it('sends the issue to those who chose its topic, in their language, once across instances and runs', async () => {
    writeFileSync(
      path.join(issueDir, 'en.md'),
      '---\ntopic: ticket_app\nsubject: "December news"\n---\n## Board\n\nThe **board** is faster. <script>x</script>\n',
    );
    writeFileSync(
      path.join(issueDir, 'pt-BR.md'),
      '---\ntopic: ticket_app\nsubject: "Novidades de dezembro"\n---\n## Quadro\n\nO **quadro** está mais rápido.\n',
    );
    // The embedded store of the server running on DATA_DIR, or COUCHDB_URL: both reach the same store.
    const out = first.embedded
      ? await command({ DATA_DIR: first.dataDir, COUCHDB_URL: '' })
      : await command({ COUCHDB_URL: first.storeUrl });
    expect(out.stdout).toMatch(/newsletter 2026-12: topic ticket_app, en, pt-BR; queued/);
    for (const who of [people.en, people.pt])
      await expect.poll(async () => (await markerOf(who))?.status, { timeout: 20_000 }).toBe('sent');
    await expect.poll(queueEmpty, { timeout: 20_000 }).toBe(0);

    const [en] = newslettersTo(people.en.email);
    expect(en?.headers).toMatch(/^Subject: December news$/m);
    expect(en?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(en?.body).toContain('<strong>board</strong>');
    // Raw HTML in the Markdown is shown as text, never sent as markup.
    const enHtml = en!.body.slice(en!.body.indexOf('Content-Type: text/html'));
    expect(enHtml).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(enHtml).not.toContain('<script>');
    expect(en?.body).toContain(`${proxy.url}/email-preferences/${people.en.id}.`);
    const [pt] = newslettersTo(people.pt.email);
    expect(pt?.headers).toMatch(/^Subject: Novidades de dezembro$/m);
    expect(pt?.body).toContain('<strong>quadro</strong>');
    // Another topic, and the newsletter off: nothing.
    expect(newslettersTo(people.rss.email)).toHaveLength(0);
    expect(newslettersTo(people.off.email)).toHaveLength(0);

    // Run again: the markers keep everyone who had it out of it.
    await command({ COUCHDB_URL: first.storeUrl });
    await expect.poll(queueEmpty, { timeout: 20_000 }).toBe(0);
    expect(newslettersTo(people.en.email)).toHaveLength(1);
    expect(newslettersTo(people.pt.email)).toHaveLength(1);
  });

  it('stops with its one-click link, and the preferences page takes the person back in', async () => {
    const en = people.en;
    const [mail] = newslettersTo(en.email);
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(mail!.headers)![1]!;
    const anonymous = new HttpClient(proxy.url);
    const res = await anonymous.raw('POST', new URL(link).pathname, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const done = await res.text();
    expect(done).toContain('/email-preferences/');
    expect(await profile(en)).toMatchObject({ newsletter: false, newsletter_topics: ['ticket_app'] });

    const preferences = /href="([^"]*\/email-preferences\/[^"]+)"/.exec(done)![1]!;
    const back = await postForm(
      anonymous,
      new URL(preferences.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))).pathname,
      form([
        ['weekly_summary', 'on'],
        ['newsletter', 'on'],
        ['newsletter_topics', 'api'],
      ]),
    );
    expect(back.status).toBe(303);
    expect(await profile(en)).toMatchObject({ newsletter: true, newsletter_topics: ['api'], weekly_summary: true });
  });
});
