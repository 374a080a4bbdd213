// Scheduled and account e-mails (docs/email.md): the weekly summary sent once per person and week
// by two instances on one store and after a restart, through a real SMTP server; its one-click
// unsubscribe link, which needs no session and cannot be forged; and the password-changed notice
// that also reaches the address an account just left. The clock is the servers' (`ctx.now`),
// moved, never slept on.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { summaryWindow } from '../../src/domain/weekly-summary.ts';
import { SYSTEM_DB, USERS_DB } from '../../src/server/context.ts';
import { markerId } from '../../src/server/services/weekly-summary.ts';
import { createGroup, registerUser, seedTickets, uniqueEmail, type TestUser } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { type InstanceProxy, startInstanceProxy } from '../support/instance-proxy.ts';
import { latestLink, readOutbox } from '../support/outbox.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';

interface Received {
  to: string;
  data: string;
  /** Headers unfolded, body with quoted-printable soft breaks and `=3D` undone. */
  headers: string;
  body: string;
}

const DAY = 86_400_000;
const received: Received[] = [];
let smtp: SMTPServer;
let proxy: InstanceProxy;
let first: TestServer;
let second: TestServer;
let offsetDays = 0;
let smtpPort = 0;
/** Addresses the SMTP server refuses for now. */
const refused = new Set<string>();

function env(smtpPort: number): Record<string, string> {
  return { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_SWEEP_MS: '200', PUBLIC_URL: proxy.url };
}

/** Both instances' clocks `days` ahead of the real one. */
function moveClock(days: number): void {
  offsetDays = days;
  for (const s of [first, second]) s.ctx.now = () => new Date(Date.now() + offsetDays * DAY);
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) return callback(new Error('mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const split = data.indexOf('\r\n\r\n');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          data,
          headers: data.slice(0, split).replace(/\r\n[ \t]+/g, ' '),
          body: data
            .slice(split)
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  smtpPort = await freePort();
  smtp.listen(smtpPort, '127.0.0.1');
  await once(smtp.server, 'listening');
  proxy = await startInstanceProxy();
  first = await startTestServer({ env: env(smtpPort) });
  second = await startTestServer({ env: { ...env(smtpPort), COUCHDB_URL: first.storeUrl } });
  proxy.targets = [first.url, second.url];
});

afterAll(async () => {
  await proxy?.close();
  await second?.stop();
  await first?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** A person's sent marker for a week, as the server keeps it. */
const marker = (week: string, userId: string) =>
  first.ctx.store.get<{ _id: string; status: string; attempts: number; until: string | null }>(
    SYSTEM_DB,
    markerId(week, userId),
  );
/** Waits (on the marker, never on time) until a person's week is marked `status`. */
async function markedAs(week: string, userId: string, status: string): Promise<void> {
  await expect.poll(async () => (await marker(week, userId))?.status, { timeout: 15_000 }).toBe(status);
}
const summariesTo = (email: string) => received.filter((m) => m.to === email && /^List-Unsubscribe:/im.test(m.headers));

/** Confirms the address with the link of the confirmation e-mail the SMTP server received. */
async function confirm(user: TestUser): Promise<void> {
  await vi.waitFor(() => {
    if (!received.some((m) => m.to === user.email && m.body.includes('/user/confirm/')))
      throw new Error('no e-mail yet');
  });
  const mail = received.find((m) => m.to === user.email && m.body.includes('/user/confirm/'))!;
  const token = /\/user\/confirm\/([\w.-]+)/.exec(mail.body)![1]!;
  expect((await user.client.post(`/api/confirmation/${token}`)).status).toBe(200);
}

/** The weekly task's document: its runs, whichever instance ran them. */
async function taskRuns(): Promise<string | null> {
  const doc = await first.ctx.store.get<{ _id: string; last_run_at: string | null }>(
    SYSTEM_DB,
    'mail-task:weekly-summary',
  );
  return doc?.last_run_at ?? null;
}

/** Waits until the weekly task has run `runs` more times (on either instance). */
async function afterRuns(runs: number): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const before = await taskRuns();
    await expect.poll(taskRuns, { timeout: 15_000 }).not.toBe(before);
  }
}

describe('weekly summary', () => {
  let en: TestUser;
  let pt: TestUser;
  let quiet: TestUser;
  let unconfirmed: TestUser;
  let shop: string;
  let home: string;

  beforeAll(async () => {
    en = await registerUser(proxy.url, { locale: 'en', fullname: 'Ana English' });
    pt = await registerUser(proxy.url, { locale: 'pt-BR', fullname: 'Bia Português' });
    quiet = await registerUser(proxy.url, { locale: 'en' });
    unconfirmed = await registerUser(proxy.url, { locale: 'en' });
    for (const user of [en, pt, quiet]) await confirm(user);
    shop = await createGroup(en, 'Oficina Semanal');
    await seedTickets(en, shop, 3);
    home = await createGroup(pt, 'Casa', 'moneta');
    await seedTickets(pt, home, 2);
    await createGroup(unconfirmed, 'Never confirmed');
    // The quiet person's group had nothing happen: no e-mail for them.
    await createGroup(quiet, 'Quiet');
  });

  it('sends each person their week once, across two instances and a restart', async () => {
    const week = summaryWindow(new Date(Date.now() + 7 * DAY)).period;
    moveClock(7);
    await markedAs(week, pt.id, 'sent');
    await markedAs(week, en.id, 'sent');
    // Several more runs, on either instance: nothing goes out again.
    await afterRuns(3);
    const restarted = await startTestServer({
      env: { ...env(smtpPort), COUCHDB_URL: first.storeUrl },
    });
    await second.stop();
    second = restarted;
    proxy.targets = [first.url, second.url];
    moveClock(7);
    await afterRuns(3);

    expect(summariesTo(en.email)).toHaveLength(1);
    expect(summariesTo(pt.email)).toHaveLength(1);
    expect(summariesTo(quiet.email)).toHaveLength(0);
    expect(summariesTo(unconfirmed.email)).toHaveLength(0);
    const quietMarker = await marker(week, quiet.id);
    expect(quietMarker?.status).toBe('nothing');

    const mail = summariesTo(en.email)[0]!;
    expect(mail.headers).toMatch(/^Subject: Your week on Moneta: /m);
    expect(mail.body).toContain('Oficina Semanal');
    expect(mail.body).toContain('Tickets opened: 3');
    expect(mail.body).toContain('Records added: 4');
    expect(mail.body).toMatch(/Content-Type: text\/html/);
    const ptMail = summariesTo(pt.email)[0]!;
    expect(ptMail.body).toContain('Registros adicionados: 3');
  });

  it('stops with one POST to the signed link, without a session, and refuses a forged or altered one', async () => {
    const mail = summariesTo(en.email)[0]!;
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.headers)![1]!;
    expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(link.startsWith(`${proxy.url}/unsubscribe/${en.id}.weekly_summary.`)).toBe(true);
    // The footer carries the same link.
    expect(mail.body).toContain(link);

    const anonymous = new HttpClient(proxy.url);
    const signature = link.slice(link.lastIndexOf('.') + 1);
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const forged = [
      `/unsubscribe/${en.id}.weekly_summary.${flipped}`,
      // Another person's id with this signature, and a signature of the right length made up.
      `/unsubscribe/${pt.id}.weekly_summary.${signature}`,
      `/unsubscribe/${en.id}.weekly_summary.${'A'.repeat(signature.length)}`,
      `/unsubscribe/${en.id}.newsletter.${signature}`,
      `/unsubscribe/${en.id}.weekly_summary`,
    ];
    for (const pathname of forged) {
      const res = await anonymous.raw('POST', pathname, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status, pathname).toBe(404);
    }
    for (const user of [en, pt]) {
      const stored = await first.ctx.store.get<{ _id: string; weekly_summary?: boolean }>(USERS_DB, user.id);
      expect(stored?.weekly_summary).toBeUndefined();
    }

    // Opening the link only asks; a mail client's POST (another origin, no cookie) stops it.
    const page = await anonymous.raw('GET', new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect(
      (await first.ctx.store.get<{ _id: string; weekly_summary?: boolean }>(USERS_DB, en.id))?.weekly_summary,
    ).toBeUndefined();
    const res = await anonymous.raw('POST', new URL(link).pathname, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(
      (await first.ctx.store.get<{ _id: string; weekly_summary?: boolean }>(USERS_DB, en.id))?.weekly_summary,
    ).toBe(false);

    // The next week: the person who stayed gets it, the one who left does not.
    const week = summaryWindow(new Date(Date.now() + 14 * DAY)).period;
    // Back to today to write (a session would have expired), records dated in the next week.
    moveClock(0);
    await addTicket(en, shop, 7);
    await addTicket(pt, home, 7);
    moveClock(14);
    await markedAs(week, pt.id, 'sent');
    await afterRuns(2);
    expect(summariesTo(pt.email)).toHaveLength(2);
    expect(summariesTo(en.email)).toHaveLength(1);
  });

  it('marks and logs a failed send, tries it again after the back-off, and sends it once then', async () => {
    const week = summaryWindow(new Date(Date.now() + 21 * DAY)).period;
    const ptMarker = () => marker(week, pt.id);
    moveClock(0);
    await addTicket(pt, home, 14);
    refused.add(pt.email);
    moveClock(21);
    await markedAs(week, pt.id, 'failed');
    const failed = (await ptMarker())!;
    expect(failed.attempts).toBe(1);
    const logs = () => [...first.logs, ...second.logs].join('\n');
    expect(logs()).toContain(`mail: weekly summary ${week} to ${pt.id} failed (attempt 1)`);
    // Runs before the back-off's 10 seconds are over leave it alone.
    refused.delete(pt.email);
    const until = Date.parse(failed.until!);
    await afterRuns(1);
    expect(first.ctx.now().getTime()).toBeLessThan(until);
    expect(await ptMarker()).toMatchObject({ status: 'failed', attempts: 1 });
    expect(summariesTo(pt.email)).toHaveLength(2);
    // Past it, the next run sends it, once.
    const started = Date.now();
    for (const s of [first, second]) s.ctx.now = () => new Date(until + 1000 + (Date.now() - started));
    await markedAs(week, pt.id, 'sent');
    await afterRuns(2);
    expect(summariesTo(pt.email)).toHaveLength(3);
  });
});

/** A ticket opened `days` from now, as a device whose clock says so writes it. */
async function addTicket(user: TestUser, db: string, days: number): Promise<void> {
  const at = new Date(Date.now() + days * DAY).toISOString();
  const ticket = {
    _id: newId('Ticket'),
    klass: 'Ticket',
    status: 'open',
    priority: 'low',
    content: 'Leak',
    title: 'Leak',
    ticket_kind: 'chore',
    created_at: at,
    updated_at: at,
  };
  const res = await user.client.put(`/db/${db}/${ticket._id}`, ticket);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

describe('password changed', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'moneta-mail-'));
    server = await startTestServer({ dataDir: dir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is told to the address the account left within 30 days, and only to the current one after', async () => {
    const user = await registerUser(server.url);
    const confirmWith = async (email: string) => {
      const { link } = await latestLink(server, email, '/user/confirm/');
      expect((await user.client.post(`/api/confirmation/${link.slice(link.lastIndexOf('/') + 1)}`)).status).toBe(200);
    };
    await confirmWith(user.email);
    const moved = uniqueEmail('moved');
    await user.client.put(`/db/_users/${user.id}`, { unconfirmed_email: moved, current_password: user.password });
    await confirmWith(moved);
    const changePassword = async (from: string, to: string) => {
      const res = await user.client.put(`/db/_users/${user.id}`, {
        password: to,
        password_confirmation: to,
        current_password: from,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const notices = async () =>
      (await readOutbox(server)).filter((m) => m.subject === 'Your password was changed').map((m) => m.to);

    await changePassword(user.password, 'second password 2');
    expect((await notices()).sort()).toEqual([moved, user.email].sort());

    const realNow = server.ctx.now;
    server.ctx.now = () => new Date(Date.now() + 31 * DAY);
    try {
      await user.client.post('/db/_session', { username: moved, password: 'second password 2' });
      await changePassword('second password 2', 'third password 3');
    } finally {
      server.ctx.now = realNow;
    }
    expect((await notices()).filter((to) => to === moved)).toHaveLength(2);
    expect((await notices()).filter((to) => to === user.email)).toHaveLength(1);
  });
});
