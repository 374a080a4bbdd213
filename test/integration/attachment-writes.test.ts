// Attachment writes are writes of the document they hang on (audit 2026-11-27, M1 and L1): an
// attachment PUT or DELETE is judged as the next revision of its document, by every rule a field
// edit meets, for every klass and every role; a missing attachment is 404, never the store's 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PREFIXES, type Klass, newId } from '../../src/domain/ids.ts';
import { SERVER_KLASSES } from '../../src/domain/permissions.ts';
import type { CouchDoc } from '../../src/server/store/couch-client.ts';
import { addMember, ownerWithGroup, type TestUser, userToken } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let db: string;
const roles: Record<Role, HttpClient> = {} as Record<Role, HttpClient>;
const BRL = newId('Wallet');
const BRL2 = newId('Wallet');
const USD = newId('Wallet');
const DAY = '2026-11-20';

type Role = 'member' | 'write token' | 'read token' | 'admin';
/** Answers to an attachment PUT (a new file) and DELETE (the one stored), per role. */
type Answers = Record<Role, { put: number; delete: number }>;

const everyone = (put: number, del: number): Answers => ({
  member: { put, delete: del },
  'write token': { put, delete: del },
  'read token': { put: 403, delete: 403 },
  admin: { put, delete: del },
});
/** Records people write: whoever may edit one may attach to it. */
const RECORD = everyone(201, 200);
/** Only the server writes these: nobody changes them, administrators included. */
const SERVER = everyone(403, 403);
/** Records that take no attachments: nothing can be added; what got there may be removed. */
const NO_ATTACHMENTS = everyone(422, 200);
/** Settings and the group's lists: administrators only, and they take no attachments. */
const ADMIN_ONLY: Answers = { ...SERVER, admin: { put: 422, delete: 200 } };

/** Every klass (a new one fails to compile, and the loop below, until it has its case). */
const CASES: Record<
  Klass | 'TicketSeries' | 'Invite',
  { doc: Record<string, unknown>; answers: Answers; id?: string }
> = {
  Account: { doc: { name: 'Group' }, answers: SERVER },
  Address: { doc: { street: 'Rua A' }, answers: ADMIN_ONLY },
  Adjustment: { doc: { key: 'checklist', value: 'enabled' }, answers: ADMIN_ONLY },
  Category: { doc: { name: 'Pumps' }, answers: RECORD },
  CloudFile: { doc: { name: 'manual.pdf', kind: 'file' }, answers: NO_ATTACHMENTS },
  Comment: { doc: { content: 'Done', ticket_id: newId('Ticket') }, answers: RECORD },
  Contract: { doc: { description: 'Yearly', customer_id: newId('Customer') }, answers: RECORD },
  ContractItem: { doc: { content: 'Visit' }, answers: NO_ATTACHMENTS },
  Crystal: { doc: {}, answers: NO_ATTACHMENTS },
  CsvImport: {
    doc: { description: 'Bank', wallet_id: BRL, date_format: 'YYYY-MM-DD', status: 'done' },
    answers: RECORD,
  },
  Customer: { doc: { name: 'Ana' }, answers: RECORD },
  DocumentChange: { doc: {}, answers: NO_ATTACHMENTS },
  Equipment: { doc: { identifier: 'EQ-1' }, answers: RECORD },
  Estimate: { doc: { description: 'Pump', currency: 'BRL' }, answers: RECORD },
  Exchange: {
    doc: {
      date: DAY,
      description: 'Trip',
      source_wallet_id: BRL,
      destination_wallet_id: USD,
      value_out: 500,
      value_in: 100,
      fee_kind: 'source',
      source_currency: 'BRL',
      destination_currency: 'USD',
    },
    answers: RECORD,
  },
  Handbook: { doc: { title: 'Guide' }, answers: RECORD },
  Bookmark: { doc: { url: 'https://example.org/guide' }, answers: RECORD },
  Income: {
    doc: { date: DAY, description: 'Pay', wallet_id: BRL, value: 100, currency: 'BRL', confirmed: true },
    answers: RECORD,
  },
  // Kept in the users' database, by an id with no klass prefix: the klass alone says what it is.
  Invite: { id: `invite-${crypto.randomUUID()}`, doc: {}, answers: SERVER },
  Maintenance: { doc: { date: DAY, equipment_id: newId('Equipment') }, answers: RECORD },
  Mapping: {
    doc: {
      description: 'Fuel',
      target: 'outgo',
      field_to_watch: 'description',
      kind_of_watch: 'contains',
      text_to_match: 'posto',
      field_to_change: 'categories',
      kind_of_change: 'replace',
      text_to_change: 'fuel',
      order: 0,
    },
    answers: RECORD,
  },
  Membership: { doc: { name: 'Group' }, answers: SERVER },
  // A confirmed expense is still edited (only its deletion is refused): a receipt may be attached.
  Outgo: {
    doc: { date: DAY, description: 'Fuel', wallet_id: BRL, value: 100, currency: 'BRL', confirmed: true },
    answers: RECORD,
  },
  Phone: { doc: { number: '+55 11 5555-5555' }, answers: ADMIN_ONLY },
  PlanPrice: { doc: {}, answers: SERVER },
  ReaderItem: {
    doc: { title: 'News', subscription_id: newId('ReaderSubscription'), point_at: `${DAY}T10:00:00Z` },
    answers: NO_ATTACHMENTS,
  },
  ReaderLabel: { doc: { name: 'News', kind: 'topic' }, answers: RECORD },
  ReaderSubscription: { doc: { url: 'https://maker.example/feed' }, answers: RECORD },
  Ticket: { doc: { title: 'Pump', status: 'open', priority: 'low', ticket_kind: 'bug' }, answers: RECORD },
  TicketChecklist: { doc: {}, answers: NO_ATTACHMENTS },
  TicketSeries: { id: 'ticket-series', doc: { next: 2 }, answers: SERVER },
  Transfer: {
    doc: {
      date: DAY,
      description: 'Savings',
      source_wallet_id: BRL,
      destination_wallet_id: BRL2,
      value: 100,
      currency: 'BRL',
    },
    answers: RECORD,
  },
  User: { doc: {}, answers: SERVER },
  UserToken: { doc: {}, answers: SERVER },
  WalletBalance: { doc: {}, answers: NO_ATTACHMENTS },
  Wallet: { doc: { name: 'Conta', currency: 'BRL' }, answers: RECORD },
};

const SEED_FILE = { content_type: 'text/plain', data: Buffer.from('seed').toString('base64') };

async function token(user: TestUser, permissions: 'read' | 'write'): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  client.bearer = await userToken(user, permissions);
  return client;
}

/** A document of `klass` as the server or its administrator wrote it, holding the attachment `seed.txt`. */
async function seed(klass: string): Promise<string> {
  const entry = CASES[klass as keyof typeof CASES];
  const id = entry.id ?? newId(klass as Klass);
  const stored = await server.ctx.store.get<CouchDoc>(db, id);
  if (stored) await server.ctx.store.remove(db, id, stored._rev!);
  const at = new Date().toISOString();
  const stamps = { created_at: at, created_by: owner.id, updated_at: at, updated_by: owner.id };
  await server.ctx.store.put(db, { _id: id, klass, ...entry.doc, ...stamps, _attachments: { 'seed.txt': SEED_FILE } });
  return id;
}

const revOf = async (id: string) => (await server.ctx.store.get<CouchDoc>(db, id))!._rev!;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Anexos'));
  member = await addMember(server, owner, db);
  roles.member = member.client;
  roles['write token'] = await token(member, 'write');
  roles['read token'] = await token(member, 'read');
  roles.admin = owner.client;
  for (const [id, currency] of [
    [BRL, 'BRL'],
    [BRL2, 'BRL'],
    [USD, 'USD'],
  ] as const) {
    const res = await owner.client.put(`/db/${db}/${id}`, { klass: 'Wallet', name: currency, currency });
    expect(res.status).toBe(201);
  }
});
afterAll(() => server.stop());

describe('attachment writes, per klass and role (M1)', () => {
  it('has a case for every klass, the server’s own included', () => {
    const klasses = new Set([...Object.keys(ID_PREFIXES), ...SERVER_KLASSES]);
    expect(Object.keys(CASES).sort()).toEqual([...klasses].sort());
  });

  for (const [klass, { answers }] of Object.entries(CASES)) {
    it(`judges an attachment PUT and DELETE on a ${klass} as a write of it`, async () => {
      for (const [role, expected] of Object.entries(answers) as Array<[Role, Answers[Role]]>) {
        const id = await seed(klass);
        const put = await roles[role].raw('PUT', `/db/${db}/${id}/probe.html?rev=${await revOf(id)}`, {
          body: '<p>x</p>',
          headers: { 'content-type': 'text/html' },
        });
        expect(put.status, `${role} PUT on ${klass}: ${await put.text()}`).toBe(expected.put);
        const afterPut = await server.ctx.store.get<CouchDoc>(db, id);
        expect(Object.keys(afterPut!._attachments as object).sort(), `${role} PUT on ${klass}`).toEqual(
          expected.put < 300 ? ['probe.html', 'seed.txt'] : ['seed.txt'],
        );
        const del = await roles[role].raw('DELETE', `/db/${db}/${id}/seed.txt?rev=${await revOf(id)}`);
        expect(del.status, `${role} DELETE on ${klass}: ${await del.text()}`).toBe(expected.delete);
        const afterDelete = await server.ctx.store.get<CouchDoc>(db, id);
        expect(Object.hasOwn((afterDelete!._attachments ?? {}) as object, 'seed.txt')).toBe(expected.delete >= 300);
      }
    });
  }
});

describe('attachments inside a document body, on every write path (M1)', () => {
  const inline = { 'probe.html': { content_type: 'text/html', data: Buffer.from('<p>x</p>').toString('base64') } };

  it('refuses a member’s inline attachment on a setting by PUT, POST, _bulk_docs and new_edits:false', async () => {
    const id = await seed('Adjustment');
    const stored = (await server.ctx.store.get<CouchDoc>(db, id))!;
    const next = { ...stored, _attachments: { ...(stored._attachments as object), ...inline } };
    expect((await member.client.put(`/db/${db}/${id}`, next)).status).toBe(403);
    const fresh = { _id: newId('Adjustment'), klass: 'Adjustment', key: 'x', value: 'y', _attachments: inline };
    expect((await member.client.post(`/db/${db}`, fresh)).status).toBe(403);
    const bulk = await member.client.post<Array<{ error?: string }>>(`/db/${db}/_bulk_docs`, { docs: [next] });
    expect(bulk.body).toEqual([expect.objectContaining({ error: 'forbidden' })]);
    const replicated = await member.client.post<Array<{ error?: string }>>(`/db/${db}/_bulk_docs`, {
      new_edits: false,
      docs: [{ ...next, _rev: `9-${'a'.repeat(32)}` }],
    });
    expect(replicated.body).toEqual([expect.objectContaining({ error: 'forbidden' })]);
    // The administrator may change the setting, but a setting takes no attachments.
    const admin = await owner.client.put(`/db/${db}/${id}`, next);
    expect(admin).toMatchObject({ status: 422, body: { reason: { _attachments: ['is not allowed'] } } });
    expect(Object.keys((await server.ctx.store.get<CouchDoc>(db, id))!._attachments as object)).toEqual(['seed.txt']);
  });

  it('keeps a device’s put-back of the stored revision (stubs) open to any member, and a ticket’s inline photo', async () => {
    const id = await seed('Adjustment');
    const stored = (await server.ctx.store.get<CouchDoc>(db, id))!;
    expect((await member.client.put(`/db/${db}/${id}`, stored)).status).toBe(201);
    const { _attachments: _, ...withoutFiles } = (await server.ctx.store.get<CouchDoc>(db, id))!;
    expect((await member.client.put(`/db/${db}/${id}`, withoutFiles)).status).toBe(403);
    const ticket = { _id: newId('Ticket'), ...CASES.Ticket.doc, klass: 'Ticket', _attachments: inline };
    expect((await member.client.put(`/db/${db}/${ticket._id}`, ticket)).status).toBe(201);
  });

  it('refuses attachments in a _local document, which no rule judges', async () => {
    const res = await member.client.put(`/db/${db}/_local/checkpoint-x`, { last_seq: 1, _attachments: inline });
    expect(res).toMatchObject({ status: 400, body: { reason: { _attachments: ['is not allowed'] } } });
    expect((await member.client.put(`/db/${db}/_local/checkpoint-x`, { last_seq: 1 })).status).toBe(201);
  });
});

describe('a missing attachment (L1)', () => {
  it('answers 404 to its DELETE, with or without other attachments, and writes no revision', async () => {
    for (const base of [db, owner.id]) {
      const id = newId('Customer');
      const put = await owner.client.put<{ rev: string }>(`/db/${base}/${id}`, { klass: 'Customer', name: 'Ana' });
      expect(put.status).toBe(201);
      const bare = await owner.client.raw('DELETE', `/db/${base}/${id}/missing?rev=${put.body.rev}`);
      expect(bare.status, await bare.text()).toBe(404);
      const att = await owner.client.raw('PUT', `/db/${base}/${id}/a.txt?rev=${put.body.rev}`, {
        body: 'a',
        headers: { 'content-type': 'text/plain' },
      });
      const { rev } = (await att.json()) as { rev: string };
      const other = await owner.client.call('DELETE', `/db/${base}/${id}/missing?rev=${rev}`);
      expect(other).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect((await server.ctx.store.get<CouchDoc>(base, id))!._rev).toBe(rev);
      const gone = await owner.client.call('DELETE', `/db/${base}/${newId('Customer')}/missing?rev=1-a`);
      expect(gone.status).toBe(404);
    }
  });

  it('passes the store’s own 4xx through: a stale revision is 409, not 503', async () => {
    const id = newId('Customer');
    const put = await owner.client.put<{ rev: string }>(`/db/${db}/${id}`, { klass: 'Customer', name: 'Ana' });
    const first = await owner.client.raw('PUT', `/db/${db}/${id}/a.txt?rev=${put.body.rev}`, {
      body: 'a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(first.status).toBe(201);
    const stale = await owner.client.raw('PUT', `/db/${db}/${id}/b.txt?rev=${put.body.rev}`, {
      body: 'b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(stale.status, await stale.text()).toBe(409);
  });
});
