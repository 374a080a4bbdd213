// The ticket module's records over /db, as devices and programs write them: every kind described
// in src/domain/records/ticket-module.ts round-trips when valid and is refused whole (422 with the
// bad fields named) when not, on every write path; the group's counters and search view follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES as M } from '../../src/domain/errors.ts';
import { newId } from '../../src/domain/ids.ts';
import { TICKET_RESOURCES } from '../../src/domain/modules/ticket/records.ts';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type Doc = Record<string, unknown>;
type Reasons = Record<string, string[]>;
interface Refusal {
  error: string;
  reason: Reasons;
}
interface BulkRow {
  id?: string;
  rev?: string;
  ok?: boolean;
  error?: string;
  reason?: Reasons;
}

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server.url, { fullname: 'Rita Records' });
  await confirmUser(server, owner);
  db = await createGroup(owner, 'Records');
});
afterAll(() => server.stop());

const customerId = newId('Customer');
const equipmentId = newId('Equipment');
const ticketId = newId('Ticket');
const categoryId = newId('Category');
const STAMPS = {
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  created_by: 'usr-00000000-0000-4000-8000-000000000001',
  updated_by: 'usr-00000000-0000-4000-8000-000000000001',
};

interface Case {
  /** A valid record as the app stores it. */
  valid: Doc;
  /** A change that keeps it valid. */
  update: Doc;
  /** Invalid records, each with the reasons the server must give (field → messages). */
  bad: Array<{ doc: Doc; reasons: Reasons }>;
}

// One case per resource of TICKET_RESOURCES: a test below fails when a resource is added without one.
const CASES: Record<string, Case> = {
  tickets: {
    valid: {
      klass: 'Ticket',
      number: '1-1',
      title: 'Bomba d’água não liga',
      status: 'open',
      priority: 'high',
      ticket_kind: 'bug',
      customer_id: customerId,
      equipment_id: equipmentId,
      category_id: categoryId,
      checklist: [
        { item: 'Check the fuse', done: true },
        { item: 'Replace the seal', done: false },
      ],
      content: 'The pump hums but does not start.',
      estimation: 2.5,
    },
    update: { status: 'doing', priority: 'medium' },
    bad: [
      {
        doc: { klass: 'Ticket', status: 'closed', priority: 'high', ticket_kind: 'bug', estimation: 'two' },
        reasons: { title: [M.blank], status: [M.inclusion], estimation: ['is not a number'] },
      },
      {
        doc: {
          klass: 'Ticket',
          title: 'Rows',
          status: 'open',
          priority: 'urgent',
          ticket_kind: 'chore',
          checklist: [{ item: 'ok' }, { done: true }],
          customer_id: 'cus-1',
        },
        reasons: { priority: [M.inclusion], 'checklist.1.item': [M.blank], customer_id: [M.invalid] },
      },
    ],
  },
  customers: {
    valid: {
      klass: 'Customer',
      name: 'João da Silva',
      email: 'joao@example.com',
      gender: 'male',
      born_at: '1980-02-29',
      phones: [{ main: true, description: 'Cell', number: '+55 11 99999-0000' }],
      addresses: [{ main: true, street: 'Rua das Flores', number: '12', city: 'São Paulo', state: 'SP' }],
    },
    update: { company_name: 'Silva & Filhos' },
    bad: [
      {
        doc: { klass: 'Customer', email: 'not-an-email', gender: 'robot' },
        reasons: { name: [M.blank], email: [M.invalid], gender: [M.inclusion] },
      },
      {
        doc: {
          klass: 'Customer',
          name: 'Rows',
          born_at: '1981-02-29',
          phones: [{ main: true }],
          addresses: [{ street: 'ok' }, { city: 'Nowhere' }],
        },
        reasons: { born_at: [M.invalid], 'phones.0.number': [M.blank], 'addresses.1.street': [M.blank] },
      },
    ],
  },
  equipment: {
    valid: { klass: 'Equipment', identifier: 'SN-0042', maker: 'Acme', customer_id: customerId },
    update: { location: 'Basement' },
    bad: [
      {
        doc: { klass: 'Equipment', maker: 'Acme', customer_id: ticketId },
        reasons: { identifier: [M.blank], customer_id: [M.invalid] },
      },
    ],
  },
  contracts: {
    valid: {
      klass: 'Contract',
      description: 'Yearly maintenance',
      customer_id: customerId,
      active: true,
      payment_kind: 'yearly',
      items: [
        { number: '1', content: 'Two visits a year' },
        { number: '2', content: 'Parts at cost' },
      ],
    },
    update: { active: false },
    bad: [
      {
        doc: {
          klass: 'Contract',
          description: 'No customer',
          payment_kind: 'weekly',
          active: 'yes',
          items: [{ number: '1' }],
        },
        reasons: {
          customer_id: [M.blank],
          payment_kind: [M.inclusion],
          active: [M.invalid],
          'items.0.content': [M.blank],
        },
      },
    ],
  },
  estimates: {
    valid: {
      klass: 'Estimate',
      number: 'E-7',
      description: 'New seal',
      customer_id: customerId,
      ticket_id: ticketId,
      currency: 'BRL',
      // Money in minor units: R$ 15,50 and R$ 80,00.
      items: [
        { description: 'Seal', quantity: 2, value: 1550 },
        { description: 'Labour', quantity: 1, value: 8000 },
      ],
    },
    update: { observation: 'Valid for 30 days' },
    bad: [
      {
        doc: {
          klass: 'Estimate',
          description: 'Bad rows',
          currency: 'BRL',
          items: [
            { description: 'ok', quantity: 1, value: 1 },
            { description: 'x', quantity: 'two', value: -1 },
            { description: 'float', quantity: 1, value: 15.5 },
          ],
        },
        reasons: {
          'items.1.quantity': ['is not a number'],
          'items.1.value': ['must be greater than or equal to 0'],
          'items.2.value': ['is not a number'],
        },
      },
      {
        doc: { klass: 'Estimate', items: 'not rows', currency: 'XYZ' },
        reasons: { description: [M.blank], items: [M.invalid], currency: [M.invalid] },
      },
    ],
  },
  maintenances: {
    valid: {
      klass: 'Maintenance',
      date: '2026-11-20',
      next_maintenance: '2027-05-20',
      equipment_id: equipmentId,
      category_id: categoryId,
      warranty: 90,
      ticket_id: ticketId,
    },
    update: { warranty: 180 },
    bad: [
      {
        doc: { klass: 'Maintenance', date: '2026-02-30', warranty: 1.5 },
        reasons: { date: [M.invalid], equipment_id: [M.blank], warranty: ['must be an integer'] },
      },
      {
        doc: { klass: 'Maintenance', date: '2026-02-03', equipment_id: equipmentId, warranty: 40_000 },
        reasons: { warranty: ['must be less than or equal to 36500'] },
      },
    ],
  },
  categories: {
    valid: {
      klass: 'Category',
      name: 'Pumps',
      checklist: 'Check the fuse\nReplace the seal',
      active: true,
      color: '#1976d2',
    },
    update: { color: '#ff0000' },
    bad: [
      {
        doc: { klass: 'Category', color: 'red', active: 'yes' },
        reasons: { name: [M.blank], color: [M.invalid], active: [M.invalid] },
      },
    ],
  },
  handbooks: {
    valid: {
      klass: 'Handbook',
      title: 'Replacing seals',
      content: '# Steps\n\n1. Drain',
      categories: ['pumps', 'seals'],
    },
    update: { categories: ['pumps'] },
    bad: [
      {
        doc: { klass: 'Handbook', title: 'x'.repeat(256), categories: 'pumps, seals' },
        reasons: { title: ['is too long (maximum is 255 characters)'], categories: [M.invalid] },
      },
    ],
  },
  comments: {
    valid: { klass: 'Comment', content: 'Waiting for the part.', ticket_id: ticketId },
    update: { content: 'The part arrived.' },
    bad: [
      {
        doc: { klass: 'Comment', content: '   ', ticket_id: 'tik-nope' },
        reasons: { content: [M.blank], ticket_id: [M.invalid] },
      },
      { doc: { klass: 'Comment', content: 'No ticket' }, reasons: { ticket_id: [M.blank] } },
    ],
  },
};

const docPath = (id: string, name = db) => `/db/${name}/${encodeURIComponent(id)}`;

async function read(id: string, name = db) {
  return owner.client.get<Doc & { _rev: string }>(docPath(id, name));
}

async function put(id: string, doc: Doc, name = db) {
  return owner.client.put<{ ok: boolean; rev: string } & Partial<Refusal>>(docPath(id, name), doc);
}

it('has a case for every resource of the ticket module', () => {
  expect(Object.keys(CASES).sort()).toEqual(TICKET_RESOURCES.map((spec) => spec.resource).sort());
  for (const spec of TICKET_RESOURCES) expect(CASES[spec.resource]!.valid.klass).toBe(spec.klass);
});

describe.each(TICKET_RESOURCES.map((spec) => [spec.resource, spec] as const))('%s over /db', (resource, spec) => {
  const c = CASES[resource]!;
  const id = newId(spec.klass);

  it('round-trips a valid record: created, read back equal, updated, deleted', async () => {
    const created = await put(id, { ...c.valid, ...STAMPS });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const first = await read(id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...c.valid, ...STAMPS, _id: id, _rev: created.body.rev });

    const changed = { ...first.body, ...c.update, updated_at: '2026-11-21T10:00:00.000Z' };
    const updated = await put(id, changed);
    expect(updated.status, JSON.stringify(updated.body)).toBe(201);
    const second = await read(id);
    expect(second.body).toEqual({ ...changed, _rev: updated.body.rev });
    expect(second.body._rev.startsWith('2-')).toBe(true);

    const deleted = await owner.client.delete(`${docPath(id)}?rev=${updated.body.rev}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await read(id)).status).toBe(404);
  });

  it('refuses invalid records with the bad fields named, and writes nothing', async () => {
    for (const { doc, reasons } of c.bad) {
      const badId = newId(spec.klass);
      const refused = await put(badId, { ...doc, ...STAMPS });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body).toEqual({ error: 'unprocessable_entity', reason: reasons });
      expect((await read(badId)).status).toBe(404);
      // POST /{db} with the id in the body takes the same door.
      const posted = await owner.client.post<Refusal>(`/db/${db}`, { ...doc, _id: badId });
      expect(posted.status).toBe(422);
      expect(posted.body.reason).toEqual(reasons);
      expect((await read(badId)).status).toBe(404);
    }
  });

  it('refuses an invalid update and keeps the stored revision', async () => {
    const keptId = newId(spec.klass);
    const created = await put(keptId, c.valid);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = (await read(keptId)).body;
    for (const { doc, reasons } of c.bad) {
      // The bad fields over the stored record; fields the bad doc leaves out are removed as a form would.
      const broken: Doc = { ...stored, ...doc };
      for (const field of Object.keys(reasons)) {
        const top = field.split('.')[0]!;
        if (!(top in doc)) delete broken[top];
      }
      const refused = await put(keptId, broken);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.reason).toEqual(reasons);
    }
    expect(await read(keptId)).toMatchObject({ status: 200, body: stored });
  });
});

describe('_bulk_docs', () => {
  it('writes the good document and answers the bad one with its own error, in order', async () => {
    const good = { _id: newId('Customer'), klass: 'Customer', name: 'Maria Bulk' };
    const bad = { _id: newId('Ticket'), klass: 'Ticket', title: 'Bad', status: 'open', priority: 'huge' };
    const res = await owner.client.post<BulkRow[]>(`/db/${db}/_bulk_docs`, { docs: [bad, good] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({
      id: bad._id,
      error: 'unprocessable_entity',
      status: 422,
      reason: { priority: [M.inclusion], ticket_kind: [M.blank] },
    });
    expect(res.body[1]).toMatchObject({ id: good._id, ok: true, rev: expect.stringMatching(/^1-/) });
    expect((await read(good._id)).body).toMatchObject({ name: 'Maria Bulk', _rev: res.body[1]!.rev });
    expect((await read(bad._id)).status).toBe(404);
  });

  it('validates replicated revisions (new_edits: false) too', async () => {
    const rev = '3-0123456789abcdef0123456789abcdef';
    const good = { _id: newId('Equipment'), _rev: rev, klass: 'Equipment', identifier: 'SN-REPL' };
    const bad = {
      _id: newId('Estimate'),
      _rev: rev,
      klass: 'Estimate',
      description: 'Replicated',
      currency: 'USD',
      items: [{ description: 'x', quantity: 1 }],
    };
    const res = await owner.client.post<BulkRow[]>(`/db/${db}/_bulk_docs`, { docs: [good, bad], new_edits: false });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // As CouchDB reports a failed validation in a replication: `forbidden`, with its own reasons.
    expect(res.body).toContainEqual({
      id: bad._id,
      rev,
      error: 'forbidden',
      name: 'forbidden',
      status: 422,
      reason: { 'items.0.value': [M.blank] },
    });
    expect(res.body.filter((row) => row.error)).toHaveLength(1);
    expect((await read(good._id)).body).toMatchObject({ identifier: 'SN-REPL', _rev: rev });
    expect((await read(bad._id)).status).toBe(404);

    // A replicated bad revision over a stored record leaves the stored one the winner.
    const next = { ...good, _rev: '4-0123456789abcdef0123456789abcdef', identifier: '' };
    const over = await owner.client.post<BulkRow[]>(`/db/${db}/_bulk_docs`, { docs: [next], new_edits: false });
    expect(over.body).toEqual([
      {
        id: good._id,
        rev: next._rev,
        error: 'forbidden',
        name: 'forbidden',
        status: 422,
        reason: { identifier: [M.blank] },
      },
    ]);
    expect((await read(good._id)).body).toMatchObject({ identifier: 'SN-REPL', _rev: rev });
  });
});

describe('counters and search over the server', () => {
  let counted: string;
  type Rows = { rows: Array<{ key: unknown; value: number; id?: string }> };
  const view = async (ddoc: string, query = '') => {
    const res = await owner.client.get<Rows>(`/db/${counted}/_design/${ddoc}/_view/all${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.rows;
  };
  const byKey = (rows: Rows['rows']) => Object.fromEntries(rows.map((r) => [String(r.key), r.value]));
  const search = async (klass: string, word: string) => {
    const key = encodeURIComponent(JSON.stringify([klass, word]));
    const res = await owner.client.get<Rows>(`/db/${counted}/_design/search/_view/by-word?key=${key}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.rows.map((r) => r.id).sort();
  };
  const ticket = (priority: string, status: string, title: string) => ({
    _id: newId('Ticket'),
    klass: 'Ticket',
    title,
    priority,
    status,
    ticket_kind: 'chore',
  });
  const tickets = [
    ticket('high', 'open', 'Compressor leaking oil'),
    ticket('high', 'doing', 'Bomba d’água parada'),
    ticket('high', 'done', 'Old compressor'),
    ticket('medium', 'review', 'Thermostat'),
    ticket('medium', 'cancel', 'Duplicate'),
    ticket('low', 'block', 'Waiting for parts'),
    ticket('low', 'open', 'Paint'),
  ];
  const customers = [
    { _id: newId('Customer'), klass: 'Customer', name: 'Açougue São João' },
    { _id: newId('Customer'), klass: 'Customer', name: 'Padaria Central' },
  ];

  beforeAll(async () => {
    // A group of its own, so every count is exact.
    counted = await createGroup(owner, 'Counted');
    const res = await owner.client.post<BulkRow[]>(`/db/${counted}/_bulk_docs`, {
      docs: [
        ...tickets,
        ...customers,
        { _id: newId('Comment'), klass: 'Comment', content: 'Hi', ticket_id: tickets[0]!._id },
      ],
    });
    expect(
      res.body.every((r) => r.ok),
      JSON.stringify(res.body),
    ).toBe(true);
  });

  it('count-by-klass counts records by kind (group_level 1) and in total (group_level 0)', async () => {
    const kinds = byKey(await view('count-by-klass', '?group_level=1'));
    expect(kinds).toMatchObject({ Ticket: 7, Customer: 2, Comment: 1 });
    const [total] = await view('count-by-klass');
    expect(total!.value).toBe(Object.values(kinds).reduce((a, b) => a + b, 0));
    // The group's own records (settings, membership) are counted as well: the total is not the records alone.
    expect(total!.value).toBeGreaterThan(10);
  });

  it('count-by-open-ticket-priority and count-by-ticket-priority follow writes and deletes', async () => {
    expect(byKey(await view('count-by-open-ticket-priority', '?group_level=1'))).toEqual({
      high: 2,
      medium: 1,
      low: 2,
    });
    expect((await view('count-by-open-ticket-priority'))[0]!.value).toBe(5);
    expect(byKey(await view('count-by-ticket-priority', '?group_level=1'))).toEqual({ high: 3, medium: 2, low: 2 });
    expect((await view('count-by-ticket-priority'))[0]!.value).toBe(7);

    // The open high one is done, the cancelled medium one reopened as low, the blocked low one deleted.
    const change = async (id: string, fields: Doc) => {
      const current = (await read(id, counted)).body;
      const res = await put(id, { ...current, ...fields }, counted);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.rev;
    };
    await change(tickets[0]!._id, { status: 'done' });
    await change(tickets[4]!._id, { status: 'open', priority: 'low' });
    const blocked = (await read(tickets[5]!._id, counted)).body;
    expect((await owner.client.delete(`${docPath(blocked._id as string, counted)}?rev=${blocked._rev}`)).status).toBe(
      200,
    );

    expect(byKey(await view('count-by-open-ticket-priority', '?group_level=1'))).toEqual({
      high: 1,
      medium: 1,
      low: 2,
    });
    expect((await view('count-by-open-ticket-priority'))[0]!.value).toBe(4);
    expect(byKey(await view('count-by-ticket-priority', '?group_level=1'))).toEqual({ high: 3, medium: 1, low: 2 });
    expect(byKey(await view('count-by-klass', '?group_level=1')).Ticket).toBe(6);
  });

  it('search/by-word finds records by a word of their searchable fields, folded, by kind', async () => {
    expect(await search('Ticket', 'compressor')).toEqual([tickets[0]!._id, tickets[2]!._id].sort());
    expect(await search('Ticket', 'agua')).toEqual([tickets[1]!._id]);
    expect(await search('Customer', 'acougue')).toEqual([customers[0]!._id]);
    expect(await search('Customer', 'joao')).toEqual([customers[0]!._id]);
    // Kinds are apart: a ticket's word is not a customer's.
    expect(await search('Customer', 'compressor')).toEqual([]);
    expect(await search('Comment', 'hi')).toHaveLength(1);

    // Renamed, the record is found by its new words only.
    const current = (await read(tickets[3]!._id, counted)).body;
    expect(await search('Ticket', 'thermostat')).toEqual([tickets[3]!._id]);
    await put(tickets[3]!._id, { ...current, title: 'Termostato queimado' }, counted);
    expect(await search('Ticket', 'thermostat')).toEqual([]);
    expect(await search('Ticket', 'queimado')).toEqual([tickets[3]!._id]);
    // Prefix search as the record lists run it.
    const range = `startkey=${encodeURIComponent(JSON.stringify(['Ticket', 'term']))}&endkey=${encodeURIComponent(
      JSON.stringify(['Ticket', 'term\ufff0']),
    )}`;
    const prefixed = await owner.client.get<Rows>(`/db/${counted}/_design/search/_view/by-word?${range}`);
    expect(prefixed.body.rows.map((r) => r.id)).toEqual([tickets[3]!._id]);
  });
});
