// Corporate sub-groups over HTTP (issue 32, spec 000 §6): members of a parent reach its sub-groups,
// only the Administrator setting is copied down, nothing reaches upwards or sideways, and only a
// Corporate group's Owner creates sub-groups. The rule itself is src/domain/group-access.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { CouchDoc } from '../../src/server/store/couch-client.ts';

let server: TestServer;
let owner: TestUser;
let parent: string;

/** The plan as Paddle's webhook leaves it (that path is billing.test.ts's): written in the store. */
async function setPlan(db: string, plan: string): Promise<void> {
  const docs = await server.ctx.store.docsWithPrefix<CouchDoc & { key?: string }>(db, 'adj-');
  const stored = docs.find((d) => d.key === 'confirmed-plan')!;
  await server.ctx.store.put(db, { ...stored, value: plan });
}

const customer = () => ({ _id: `cus-${crypto.randomUUID()}`, klass: 'Customer', name: 'Ana' });
const setting = () => ({ _id: `adj-${crypto.randomUUID()}`, klass: 'Adjustment', key: 'checklist', value: 'enabled' });

async function subGroup(user: TestUser, of: string, name = 'Filial Norte') {
  return user.client.post<{ id: string; parent: string; error?: string; reason?: string }>(
    `/api/groups/${of}/subgroups`,
    { name },
  );
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server.url, { fullname: 'Olga Dona' });
  await confirmUser(server, owner);
  parent = await createGroup(owner, 'Matriz');
});
afterAll(() => server.stop());

describe('creating a sub-group', () => {
  it('is refused on a group that is not Corporate, with the reason', async () => {
    const res = await subGroup(owner, parent);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('Only a Group on the Corporate plan can have sub-groups');
  });

  it('is refused to a stranger, to a member and to another administrator; the Owner creates it', async () => {
    await setPlan(parent, 'corp');
    const stranger = await registerUser(server.url);
    await confirmUser(server, stranger);
    expect((await subGroup(stranger, parent)).status).toBe(403);
    const member = await addMember(server, owner, parent);
    const admin = await addMember(server, owner, parent, { admin: true });
    for (const who of [member, admin]) {
      const res = await subGroup(who, parent);
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('Only the Owner of this Corporate Group can create its sub-groups');
    }
    const created = await subGroup(owner, parent);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.parent).toBe(parent);
    const account = await owner.client.get<Record<string, unknown>>(
      `/db/accounts/${created.body.id}?fields=name,parent-account-id,confirmed-plan,admin`,
    );
    expect(account.body).toMatchObject({
      name: 'Filial Norte',
      'parent-account-id': parent,
      'confirmed-plan': 'corp',
      admin: true,
    });
    // The parent lists it (a server-only setting, replicated to its devices).
    const list = await owner.client.post<{ docs: Array<{ value: string }> }>(`/db/${parent}/_find`, {
      selector: { klass: 'Adjustment', key: 'sub-groups' },
    });
    expect(JSON.parse(list.body.docs[0]!.value)).toEqual([{ id: created.body.id, name: 'Filial Norte' }]);
  });

  it('is refused under a sub-group (no grand-parents)', async () => {
    const sub = (await subGroup(owner, parent, 'Filial Sul')).body.id;
    const res = await subGroup(owner, sub);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('A sub-group cannot have sub-groups of its own');
  });
});

describe('who reaches a sub-group', () => {
  let top: string;
  let sub: string;
  let sibling: string;
  let outsiderGroup: string;
  let parentMember: TestUser;
  let parentAdmin: TestUser;
  let subMember: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    const corp = await registerUser(server.url);
    await confirmUser(server, corp);
    top = await createGroup(corp, 'Holding');
    await setPlan(top, 'corp');
    sub = (await subGroup(corp, top, 'Loja 1')).body.id;
    sibling = (await subGroup(corp, top, 'Loja 2')).body.id;
    parentMember = await addMember(server, corp, top);
    parentAdmin = await addMember(server, corp, top, { admin: true });
    // Invited by the parent's administrator: the Administrator setting reaches the sub-group.
    subMember = await addMember(server, parentAdmin, sub);
    const other = await registerUser(server.url);
    await confirmUser(server, other);
    outsiderGroup = await createGroup(other, 'Outra');
    outsider = other;
  });

  it('a parent member reads and writes records, but not the settings', async () => {
    expect((await parentMember.client.get(`/db/${sub}/_all_docs`)).status).toBe(200);
    expect((await parentMember.client.post(`/db/${sub}`, customer())).status).toBe(201);
    expect((await parentMember.client.post(`/db/${sub}`, setting())).status).toBe(403);
    const account = await parentMember.client.get<{ admin: boolean }>(`/db/accounts/${sub}?fields=admin`);
    expect(account.body.admin).toBe(false);
  });

  it('the parent administrator administers the sub-group', async () => {
    expect((await parentAdmin.client.post(`/db/${sub}`, setting())).status).toBe(201);
    const account = await parentAdmin.client.get<{ admin: boolean }>(`/db/accounts/${sub}?fields=admin`);
    expect(account.body.admin).toBe(true);
    const bulk = await parentAdmin.client.post<Array<{ ok?: boolean }>>(`/db/${sub}/_bulk_docs`, {
      docs: [customer(), setting()],
    });
    expect(bulk.body.every((r) => r.ok)).toBe(true);
  });

  it('a member of another group reaches none of them', async () => {
    for (const db of [top, sub, sibling]) {
      expect((await outsider.client.get(`/db/${db}/_all_docs`)).status).toBe(403);
      expect((await outsider.client.post(`/db/${db}`, customer())).status).toBe(403);
    }
  });

  it('a sub-group’s own member reaches it, but neither its parent nor its sibling', async () => {
    expect((await subMember.client.post(`/db/${sub}`, customer())).status).toBe(201);
    expect((await subMember.client.get(`/db/${top}/_all_docs`)).status).toBe(403);
    expect((await subMember.client.post(`/db/${top}`, customer())).status).toBe(403);
    expect((await subMember.client.get(`/db/${sibling}/_all_docs`)).status).toBe(403);
    expect((await subMember.client.get(`/db/accounts/${top}`)).status).toBe(403);
  });

  it('a parent member’s membership copy lists the sub-groups (the switcher, offline)', async () => {
    const copy = await parentMember.client.post<{ docs: Array<{ sub_groups?: unknown }> }>(
      `/db/${parentMember.id}/_find`,
      { selector: { klass: 'Membership', db_name: top } },
    );
    expect(copy.body.docs[0]?.sub_groups).toEqual([
      { id: sub, name: 'Loja 1' },
      { id: sibling, name: 'Loja 2' },
    ]);
  });

  it('a member removed from the parent loses its sub-groups at once', async () => {
    const leaving = await addMember(server, parentAdmin, top);
    expect((await leaving.client.get(`/db/${sub}/_all_docs`)).status).toBe(200);
    const membership = await server.ctx.store.get<{ _id: string; _rev: string }>(top, leaving.membershipId);
    const removed = await parentAdmin.client.delete(`/db/${top}/${leaving.membershipId}?rev=${membership!._rev}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await leaving.client.get(`/db/${sub}/_all_docs`)).status).toBe(403);
  });

  it('no client writes a parent link or a list of sub-groups, administrators included', async () => {
    // An administrator hanging their group under another would let that group's members in.
    for (const key of ['parent-account-id', 'sub-groups']) {
      const link = { _id: `adj-${crypto.randomUUID()}`, klass: 'Adjustment', key, value: top };
      expect((await outsider.client.post(`/db/${outsiderGroup}`, link)).status).toBe(403);
    }
    expect((await parentMember.client.get(`/db/${outsiderGroup}/_all_docs`)).status).toBe(403);
  });
});
