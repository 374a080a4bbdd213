// Groups and memberships over HTTP: creation, limits, invitations, flags, removal, and who may
// read and write what — every refusal tried for real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { latestLink } from '../support/outbox.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

const adjId = () => `adj-${crypto.randomUUID()}`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server.url, { fullname: 'Olga Dona' });
  await confirmUser(server, owner);
  db = await createGroup(owner);
});
afterAll(() => server.stop());

async function invite(email: string, flags: Record<string, boolean> = {}) {
  const res = await owner.client.post<{ _id: string }>(`/api/groups/${db}/memberships`, {
    email,
    editor: true,
    ...flags,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id;
}

/** A confirmed user who accepted an invitation to the owner's group. */
const member = () => addMember(server, owner, db);

describe('creating a group', () => {
  it('writes the database, its default settings, the admin membership, its copy and the role', async () => {
    const session = await owner.client.get<{ userCtx: { roles: string[] } }>('/db/_session');
    expect(session.body.userCtx.roles).toEqual([owner.id, db]);
    const settings = await owner.client.post<{ docs: Array<{ key: string; value: string }> }>(`/db/${db}/_find`, {
      selector: { klass: 'Adjustment' },
      fields: ['_id', '_rev', 'key', 'value'],
      limit: 100,
    });
    const map = Object.fromEntries(settings.body.docs.map((d) => [d.key, d.value]));
    expect(map).toMatchObject({
      name: 'Oficina Central',
      kind: 'ticket',
      'confirmed-plan': 'free',
      checklist: 'disabled',
      'project-management': 'disabled',
      budget: 'enabled',
      rdisk: 'enabled',
      textnotes: 'enabled',
      exoreader: 'disabled',
      maintenance: 'disabled',
      billing: 'disabled',
      'contract-receipt': 'on-demand',
      'created-by-id': owner.id,
    });
    const account = await owner.client.get(`/db/accounts/${db}?fields=name,confirmed-plan,admin,admin_roles`);
    expect(account.body).toEqual({
      _id: db,
      name: 'Oficina Central',
      'confirmed-plan': 'free',
      admin: true,
      admin_roles: [owner.id],
    });
    // The store's _security is the server's alone: the account record says who administers the group.
    expect((await owner.client.get(`/db/${db}/_security`)).status).toBe(404);
    expect((await server.ctx.store.must<{ admins: { roles: string[] } }>(`/${db}/_security`)).admins.roles).toContain(
      owner.id,
    );
    const copy = await owner.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${owner.id}/_find`, {
      selector: { klass: 'Membership', status: 'accepted' },
    });
    expect(copy.body.docs).toEqual([
      expect.objectContaining({ db_name: db, name: 'Oficina Central', admin: true, bookmark: false }),
    ]);
  });

  it('gives field reasons for a bad form and leaves no database behind', async () => {
    const before = (await server.ctx.store.must<string[]>('/_all_dbs')).length;
    const res = await owner.client.post('/api/groups', { name: '', kind: 'casino' });
    expect(res).toMatchObject({
      status: 422,
      body: { reason: { name: ["can't be blank"], kind: ['is not included in the list'] } },
    });
    expect((await server.ctx.store.must<string[]>('/_all_dbs')).length).toBe(before);
  });

  it('keeps the currency the creator chose, whatever their language, and refuses one that is not (issue 28)', async () => {
    // Olga reads the app in English and runs a shop in Brazil.
    const refused = await owner.client.post('/api/groups', { name: 'Loja', kind: 'moneta', currency: 'R$' });
    expect(refused).toMatchObject({ status: 422, body: { reason: { currency: ['is not included in the list'] } } });
    const created = await owner.client.post<{ id: string }>('/api/groups', {
      name: 'Loja',
      kind: 'moneta',
      currency: 'BRL',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const settings = await owner.client.post<{ docs: Array<{ value: unknown }> }>(`/db/${created.body.id}/_find`, {
      selector: { klass: 'Adjustment', key: 'currency' },
      fields: ['value'],
    });
    expect(settings.body.docs).toEqual([{ value: 'BRL' }]);
  });

  it('limits an unconfirmed user to 1 free group and a confirmed one to 5', async () => {
    const fresh = await registerUser(server.url);
    await createGroup(fresh, 'First');
    const second = await fresh.client.post('/api/groups', { name: 'Second', kind: 'moneta' });
    expect(second.body).toEqual({
      error: 'forbidden',
      reason: 'You can have only 1 free Group, please confirm your email to unlock more benefits',
    });
    await confirmUser(server, fresh);
    for (const name of ['Second', 'Third', 'Fourth', 'Fifth']) await createGroup(fresh, name, 'moneta');
    const sixth = await fresh.client.post('/api/groups', { name: 'Sixth', kind: 'rdisk' });
    expect(sixth.body).toEqual({ error: 'forbidden', reason: 'You can create or be member of up to 5 free Groups' });
    expect(sixth.status).toBe(403);
  });
});

describe('a stranger', () => {
  it('gets 403 on every read path of the group, replication included', async () => {
    const stranger = await registerUser(server.url);
    const reads = [
      ['GET', `/db/${db}`],
      ['GET', `/db/${db}/_changes?include_docs=true&since=0`],
      ['GET', `/db/${db}/_changes?feed=longpoll&since=0`],
      ['POST', `/db/${db}/_find`, { selector: {} }],
      ['GET', `/db/${db}/_all_docs`],
      ['POST', `/db/${db}/_bulk_get`, { docs: [] }],
      ['POST', `/db/${db}/_revs_diff`, {}],
      ['GET', `/db/${db}/_local/replication-checkpoint`],
      ['GET', `/db/${db}/_design/count-by-klass/_view/all?group_level=1`],
      ['GET', `/db/accounts/${db}`],
      ['POST', `/api/groups/${db}/memberships`, { email: 'x@y.co' }],
    ] as const;
    for (const [method, path, body] of reads) {
      const res = await stranger.client.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('memberships', () => {
  it('invite → pending (no access) → accept with a confirmed e-mail → member', async () => {
    const invitee = await registerUser(server.url, { fullname: 'Bia Nova' });
    const membershipId = await invite(invitee.email);
    const { mail } = await latestLink(server, invitee.email, '/user/profile');
    expect(mail.subject).toBe('Olga Dona invited you to Oficina Central on Moneta');
    const invites = () =>
      invitee.client.get<{ invites: Array<{ _id: string; name: string; status: string }> }>('/api/invites');
    // An address not yet confirmed sees nothing sent to it (L4).
    expect((await invites()).body.invites).toEqual([]);
    // Pending: nothing of the group is reachable.
    expect((await invitee.client.get(`/db/${db}/_all_docs`)).status).toBe(403);
    // Not confirmed yet: accepting is refused.
    const early = await invitee.client.put(`/db/${db}/_design/status/_update/accept/${membershipId}`);
    expect(early.body).toEqual({ error: 'forbidden', reason: 'You need to confirm your email to use this feature' });
    await confirmUser(server, invitee);
    expect((await invites()).body.invites).toEqual([
      expect.objectContaining({ _id: membershipId, name: 'Oficina Central', status: 'pending' }),
    ]);
    // Someone else cannot accept it.
    const other = await registerUser(server.url);
    await confirmUser(server, other);
    expect((await other.client.put(`/db/${db}/_design/status/_update/accept/${membershipId}`)).status).toBe(404);
    const accepted = await invitee.client.put(`/db/${db}/_design/status/_update/accept/${membershipId}`);
    expect(accepted.body).toEqual({ ok: true, id: membershipId, db_name: db });
    expect((await invitee.client.get(`/db/${db}/_all_docs`)).status).toBe(200);
    expect((await invitee.client.get<{ invites: unknown[] }>('/api/invites')).body.invites).toEqual([]);
    const again = await invitee.client.put(`/db/${db}/_design/status/_update/accept/${membershipId}`);
    expect(again.status).toBe(404);
    const account = await invitee.client.get(`/db/accounts/${db}?fields=admin`);
    expect(account.body).toEqual({ _id: db, admin: false });
  });

  it('needs an administrator with a confirmed e-mail to invite, and refuses a second invitation', async () => {
    const m = await member();
    const res = await m.client.post(`/api/groups/${db}/memberships`, { email: 'someone@example.com' });
    expect(res.status).toBe(403);
    const twice = await owner.client.post(`/api/groups/${db}/memberships`, { email: m.email });
    expect(twice.body).toEqual({ error: 'unprocessable_entity', reason: { email: ['has already been taken'] } });
    const bad = await owner.client.post(`/api/groups/${db}/memberships`, { email: 'nope' });
    expect(bad.body).toEqual({ error: 'unprocessable_entity', reason: { email: ['is invalid'] } });
    const unconfirmed = await registerUser(server.url);
    const own = await createGroup(unconfirmed, 'Mine');
    const refused = await unconfirmed.client.post(`/api/groups/${own}/memberships`, { email: 'friend@example.com' });
    expect(refused.body).toEqual({ error: 'forbidden', reason: 'You need to confirm your email to use this feature' });
  });

  it('toggles the bookmark of one’s own membership copy', async () => {
    const copy = await owner.client.post<{ docs: Array<{ _id: string; bookmark: boolean }> }>(`/db/${owner.id}/_find`, {
      selector: { klass: 'Membership', db_name: db },
    });
    const id = copy.body.docs[0]!._id;
    expect((await owner.client.put(`/db/${owner.id}/_design/bookmark/_update/true/${id}`)).status).toBeLessThan(300);
    expect((await owner.client.get<{ bookmark: boolean }>(`/db/${owner.id}/${id}`)).body.bookmark).toBe(true);
    expect((await owner.client.put(`/db/${owner.id}/_design/bookmark/_update/false/${id}`)).status).toBeLessThan(300);
    expect((await owner.client.get<{ bookmark: boolean }>(`/db/${owner.id}/${id}`)).body.bookmark).toBe(false);
    const stranger = await registerUser(server.url);
    expect((await stranger.client.put(`/db/${owner.id}/_design/bookmark/_update/true/${id}`)).status).toBe(403);
    // Only update handlers the server deployed exist; of those, only the listed ones are the clients'.
    expect((await owner.client.put(`/db/${owner.id}/_design/settings/_update/true/${id}`)).status).toBe(404);
  });

  it('applies the rules on flags: own membership, creator, one admin in free groups', async () => {
    const m = await member();
    const mine = await m.client.put(`/db/${db}/${m.membershipId}`, { editor: false });
    expect(mine.status).toBe(403);
    const ownerMembership = (
      await owner.client.post<{ docs: Array<{ _id: string; _rev: string }> }>(`/db/${db}/_find`, {
        selector: { klass: 'Membership', user_id: owner.id },
      })
    ).body.docs[0]!;
    const self = await owner.client.put(`/db/${db}/${ownerMembership._id}`, { admin: false });
    expect(self.body).toEqual({
      error: 'forbidden',
      reason: 'You are not allowed to update or delete your own membership',
    });
    const removeSelf = await owner.client.delete(`/db/${db}/${ownerMembership._id}?rev=${ownerMembership._rev}`);
    expect(removeSelf.body).toEqual({ error: 'forbidden', reason: 'You cannot delete your own subscription' });
    const promote = await owner.client.put(`/db/${db}/${m.membershipId}`, { admin: true });
    expect(promote.body).toEqual({ error: 'forbidden', reason: 'Only one Person can be Administrator in Free Groups' });
    const flags = await owner.client.put(`/db/${db}/${m.membershipId}`, { report_view: true, editor: false });
    expect(flags.status).toBe(200);
    const doc = await m.client.get(`/db/${db}/${m.membershipId}`);
    expect(doc.body).toMatchObject({ report_view: true, editor: false, admin: false });
    const copy = await m.client.get(`/db/${m.id}/${m.membershipId}`);
    expect(copy.body).toMatchObject({ report_view: true, editor: false });
    const missing = await owner.client.put(`/db/${db}/mem-00000000-0000-4000-8000-000000000000`, { editor: true });
    expect(missing.body).toEqual({
      error: 'not_found',
      reason: 'Could not find this Member subscription. It may have been deleted.',
    });
  });

  it('takes a removed member’s access away on the next request, replication included', async () => {
    const m = await member();
    expect((await m.client.get(`/db/${db}/_changes?since=0`)).status).toBe(200);
    const doc = await m.client.get<{ _rev: string }>(`/db/${db}/${m.membershipId}`);
    expect((await m.client.delete(`/db/${db}/${m.membershipId}?rev=${doc.body._rev}`)).status).toBe(403);
    const removed = await owner.client.delete(`/db/${db}/${m.membershipId}?rev=${doc.body._rev}`);
    expect(removed.status).toBe(200);
    for (const path of [`/db/${db}/_changes?since=0`, `/db/${db}/_all_docs`, `/db/${db}`]) {
      expect((await m.client.get(path)).status, path).toBe(403);
    }
    expect(
      (await m.client.post(`/db/${db}/_bulk_docs`, { docs: [{ _id: `tik-${crypto.randomUUID()}`, klass: 'Ticket' }] }))
        .status,
    ).toBe(403);
    expect((await m.client.get<{ userCtx: { roles: string[] } }>('/db/_session')).body.userCtx.roles).not.toContain(db);
    expect((await m.client.get(`/db/${m.id}/${m.membershipId}`)).status).toBe(404);
  });

  it('keeps the creator in the group', async () => {
    const ownerMembership = (
      await owner.client.post<{ docs: Array<{ _id: string; _rev: string }> }>(`/db/${db}/_find`, {
        selector: { klass: 'Membership', user_id: owner.id },
      })
    ).body.docs[0]!;
    const res = await owner.client.delete(`/db/${db}/${ownerMembership._id}?rev=${ownerMembership._rev}`);
    expect(res.status).toBe(403);
  });
});

describe('a member who is not an administrator', () => {
  it('writes records but no setting or membership, through any path', async () => {
    const m = await member();
    const setting = (extra: Record<string, unknown> = {}) => ({
      _id: adjId(),
      klass: 'Adjustment',
      key: 'checklist',
      value: 'enabled',
      ...extra,
    });
    const membership = () => ({
      _id: `mem-${crypto.randomUUID()}`,
      klass: 'Membership',
      db_name: db,
      status: 'accepted',
      user_id: m.id,
      admin: true,
    });
    const existing = (
      await m.client.post<{ docs: Array<{ _id: string; _rev: string; key: string }> }>(`/db/${db}/_find`, {
        selector: { klass: 'Adjustment', key: 'checklist' },
      })
    ).body.docs[0]!;
    const attempts: Array<[string, string, unknown]> = [
      [
        'PUT',
        `/db/${db}/${existing._id}?rev=${existing._rev}`,
        { klass: 'Adjustment', key: 'checklist', value: 'enabled', _rev: existing._rev },
      ],
      ['DELETE', `/db/${db}/${existing._id}?rev=${existing._rev}`, undefined],
      ['POST', `/db/${db}`, setting()],
      ['PUT', `/db/${db}/${adjId()}`, { klass: 'Adjustment', key: 'billing', value: 'enabled' }],
      ['POST', `/api/groups/${db}/memberships`, { email: 'friend@example.com' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await m.client.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const bulk = await m.client.post<Array<{ error?: string }>>(`/db/${db}/_bulk_docs`, {
      docs: [setting(), membership()],
    });
    expect(bulk.body.map((r) => r.error)).toEqual(['forbidden', 'forbidden']);
    const replicated = await m.client.post<Array<{ error?: string }>>(`/db/${db}/_bulk_docs`, {
      new_edits: false,
      docs: [
        { ...setting(), _rev: '1-aaaa' },
        { ...membership(), _rev: '1-bbbb' },
        { _id: existing._id, _rev: `9-${'c'.repeat(32)}`, klass: 'Adjustment', key: 'checklist', value: 'enabled' },
      ],
    });
    expect(replicated.body.map((r) => r.error)).toEqual(['forbidden', 'forbidden', 'forbidden']);
    const stillDisabled = await owner.client.post<{ docs: Array<{ value: string }> }>(`/db/${db}/_find`, {
      selector: { klass: 'Adjustment', key: 'checklist' },
    });
    expect(stillDisabled.body.docs.map((d) => d.value)).toEqual(['disabled']);
    expect((await m.client.get(`/db/${db}/_security`)).status).toBe(404);
    expect((await m.client.put(`/db/${db}/_security`, { admins: { roles: [m.id] } })).status).toBe(404);

    const ticket = await m.client.put(`/db/${db}/tik-${crypto.randomUUID()}`, {
      klass: 'Ticket',
      status: 'open',
      priority: 'low',
      ticket_kind: 'chore',
      title: 'Fan noise',
    });
    expect(ticket.status).toBe(201);
  });

  it('sees the administrator change a setting', async () => {
    const existing = (
      await owner.client.post<{ docs: Array<{ _id: string; _rev: string }> }>(`/db/${db}/_find`, {
        selector: { klass: 'Adjustment', key: 'maintenance' },
      })
    ).body.docs[0]!;
    const res = await owner.client.put(`/db/${db}/${existing._id}?rev=${existing._rev}`, {
      klass: 'Adjustment',
      key: 'maintenance',
      value: 'enabled',
      _rev: existing._rev,
    });
    expect(res.status).toBe(201);
  });
});

describe('counters', () => {
  it('count-by-klass counts the group’s documents by kind', async () => {
    const rows = await owner.client.get<{ rows: Array<{ key: string; value: number }> }>(
      `/db/${db}/_design/count-by-klass/_view/all?group_level=1`,
    );
    const counts = Object.fromEntries(rows.body.rows.map((r) => [r.key, r.value]));
    expect(counts.Adjustment).toBeGreaterThanOrEqual(15);
    expect(counts.Membership).toBeGreaterThanOrEqual(1);
    const total = await owner.client.get<{ rows: Array<{ value: number }> }>(
      `/db/${db}/_design/count-by-klass/_view/all`,
    );
    expect(total.body.rows[0]!.value).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
  });
});

describe('ticket counters', () => {
  it('count open tickets by priority (group level 1) and in total (group level 0)', async () => {
    const put = (priority: string, status: string) =>
      owner.client.put(`/db/${db}/tik-${crypto.randomUUID()}`, {
        klass: 'Ticket',
        priority,
        status,
        ticket_kind: 'bug',
        title: 't',
      });
    for (const [priority, status] of [
      ['high', 'open'],
      ['high', 'doing'],
      ['medium', 'review'],
      ['low', 'done'],
      ['low', 'block'],
    ]) {
      expect((await put(priority!, status!)).status).toBe(201);
    }
    const byPriority = await owner.client.get<{ rows: Array<{ key: string; value: number }> }>(
      `/db/${db}/_design/count-by-open-ticket-priority/_view/all?group_level=1`,
    );
    const counts = Object.fromEntries(byPriority.body.rows.map((r) => [r.key, r.value]));
    expect(counts.high).toBe(2);
    expect(counts.medium).toBe(1);
    const total = await owner.client.get<{ rows: Array<{ value: number }> }>(
      `/db/${db}/_design/count-by-open-ticket-priority/_view/all`,
    );
    expect(total.body.rows[0]!.value).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    const all = await owner.client.get<{ rows: Array<{ key: string; value: number }> }>(
      `/db/${db}/_design/count-by-ticket-priority/_view/all?group_level=1`,
    );
    expect(all.body.rows.find((r) => r.key === 'low')!.value).toBeGreaterThanOrEqual(2);
  });
});

describe('an unknown group', () => {
  it('is a 403 for the account record and a 404 for accept', async () => {
    const nobody = 'acc-00000000-0000-4000-8000-000000000000';
    expect((await owner.client.get(`/db/accounts/${nobody}`)).status).toBe(403);
    expect(
      (await owner.client.put(`/db/${nobody}/_design/status/_update/accept/mem-00000000-0000-4000-8000-000000000000`))
        .status,
    ).toBe(404);
    expect((await new HttpClient(server.url).get(`/db/accounts/${db}`)).status).toBe(401);
  });
});

describe('renaming a group', () => {
  it('renames every membership and each member’s copy, whichever path wrote the name', async () => {
    const m = await member();
    const nameSetting = (
      await owner.client.post<{ docs: Array<Record<string, unknown> & { _id: string; _rev: string }> }>(
        `/db/${db}/_find`,
        {
          selector: { klass: 'Adjustment', key: 'name' },
        },
      )
    ).body.docs[0]!;
    const res = await owner.client.put(`/db/${db}/${nameSetting._id}`, { ...nameSetting, value: 'Oficina Norte' });
    expect(res.status).toBe(201);
    const copy = await m.client.get<{ name: string }>(`/db/${m.id}/${m.membershipId}`);
    expect(copy.body.name).toBe('Oficina Norte');
    const all = await owner.client.post<{ docs: Array<{ name: string }> }>(`/db/${db}/_find`, {
      selector: { klass: 'Membership' },
    });
    expect(new Set(all.body.docs.map((d) => d.name))).toEqual(new Set(['Oficina Norte']));

    const latest = await owner.client.get<Record<string, unknown> & { _rev: string }>(`/db/${db}/${nameSetting._id}`);
    const bulk = await owner.client.post(`/db/${db}/_bulk_docs`, {
      docs: [{ ...latest.body, value: 'Oficina Central' }],
    });
    expect(bulk.status).toBe(201);
    expect((await m.client.get<{ name: string }>(`/db/${m.id}/${m.membershipId}`)).body.name).toBe('Oficina Central');
  });
});
