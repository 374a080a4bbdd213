// The door's judge (db-writes.ts) against a small in-memory store: the reads it needs and nothing
// more. The store itself is exercised by the integration tests (attachment-writes, door, bulk).
import { describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.ts';
import type { Actor } from '../../domain/permissions.ts';
import { HttpError } from '../http/http-error.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { bulkAnswer, type DoorReads, WriteJudge } from './db-writes.ts';

const GROUP = newId('Account');
/** A sub-group of GROUP with no members of its own. */
const SUB = newId('Account');
const ADMIN = newId('User');
const MEMBER = newId('User');
const DAY = '2026-11-20';
const NOW = new Date(`${DAY}T12:00:00Z`);
type Doc = Record<string, unknown>;
const SEED = { content_type: 'text/plain', length: 4, digest: 'md5-seed', stub: true };

/** The group as stored: one document of each kind the rules treat apart, each holding `seed.txt`. */
function storedGroup(): Map<string, CouchDoc> {
  const wallet = { _id: newId('Wallet'), klass: 'Wallet', name: 'Conta', currency: 'BRL', start_balance: 0 };
  const docs: CouchDoc[] = [
    wallet,
    { _id: newId('Customer'), klass: 'Customer', name: 'Ana' },
    { _id: newId('Adjustment'), klass: 'Adjustment', key: 'checklist', value: 'disabled' },
    { _id: newId('Membership'), klass: 'Membership', db_name: GROUP, user_id: ADMIN, admin: true, status: 'accepted' },
    {
      _id: newId('ReaderItem'),
      klass: 'ReaderItem',
      title: 'News',
      subscription_id: newId('ReaderSubscription'),
      point_at: `${DAY}T10:00:00Z`,
      read: false,
      starred: false,
      created_by: 'server',
      updated_by: 'server',
    },
    {
      _id: newId('Outgo'),
      klass: 'Outgo',
      date: DAY,
      description: 'Fuel',
      wallet_id: wallet._id,
      value: 100,
      currency: 'BRL',
      confirmed: true,
    },
  ];
  return new Map(docs.map((doc) => [doc._id, { ...doc, _rev: '1-a', _attachments: { 'seed.txt': SEED } }]));
}

/** The reads the judge makes, answered from memory; counts them, so a batch is seen to read once. */
class FakeStore implements DoorReads {
  readonly docs = storedGroup();
  reads = 0;
  async storedDocs(db: string, ids: readonly string[]): Promise<Map<string, CouchDoc>> {
    this.reads++;
    if (db !== GROUP) return new Map();
    return new Map(ids.flatMap((id) => (this.docs.has(id) ? [[id, this.docs.get(id)!] as const] : [])));
  }
  async isAdmin(db: string, userId: string): Promise<boolean> {
    return db === GROUP && userId === ADMIN;
  }
  async parentOf(db: string): Promise<string | null> {
    return db === SUB ? GROUP : null;
  }
  async settings(): Promise<Record<string, unknown>> {
    return { currency: 'BRL' };
  }
  byKlass(klass: string): CouchDoc {
    return [...this.docs.values()].find((d) => d.klass === klass)!;
  }
}

type Role = 'member' | 'write token' | 'read token' | 'admin';
const actor = (userId: string, permission: Actor['permission']): Actor => ({
  name: userId,
  roles: [GROUP],
  permission,
});
const CALLERS: Record<Role, { actor: Actor; userId: string }> = {
  member: { actor: actor(MEMBER, 'full'), userId: MEMBER },
  'write token': { actor: actor(MEMBER, 'write'), userId: MEMBER },
  'read token': { actor: actor(MEMBER, 'read'), userId: MEMBER },
  admin: { actor: actor(ADMIN, 'full'), userId: ADMIN },
};
const ROLES = Object.keys(CALLERS) as Role[];

/** What the door answers: 'ok', or the refusal's status. */
type Outcome = 'ok' | 403 | 404 | 422;
async function outcome(write: () => Promise<unknown>): Promise<Outcome> {
  try {
    await write();
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status as Outcome;
    throw error;
  }
}

type Operation = 'edit' | 'delete' | 'attach' | 'detach' | 'detach missing';
/** A change of each kind the right person may make: a mark on an item, a value elsewhere. */
const EDITS: Record<string, Record<string, unknown>> = {
  Customer: { name: 'Ana Maria' },
  Adjustment: { value: 'enabled' },
  Membership: { admin: false },
  ReaderItem: { read: true },
  Outgo: { description: 'Diesel' },
};
function perform(judge: WriteJudge, store: FakeStore, role: Role, klass: string, operation: Operation) {
  const stored = store.byKlass(klass);
  const caller = CALLERS[role];
  const target = (name: string) => ({ id: stored._id, name });
  switch (operation) {
    case 'edit': {
      return judge.judgePut(GROUP, caller, stored._id, { ...stored, ...EDITS[klass] });
    }
    case 'delete':
      return judge.judgeWrite(GROUP, caller, { _id: stored._id, _rev: stored._rev, _deleted: true });
    case 'attach':
      return judge.judgeAttachment(GROUP, caller, target('photo.jpg'), { content_type: 'image/jpeg', length: 9 });
    case 'detach':
      return judge.judgeAttachment(GROUP, caller, target('seed.txt'), null);
    case 'detach missing':
      return judge.judgeAttachment(GROUP, caller, target('missing.txt'), null);
  }
}

/** Per operation, what each role gets: one outcome for every role but those named. */
type Row = Record<Operation, Outcome | (Partial<Record<Role, Outcome>> & { others: Outcome })>;
const everyone = (others: Outcome, but: Partial<Record<Role, Outcome>> = {}) => ({ others, ...but });
const WRITERS = (others: Outcome) => everyone(others, { 'read token': 403 });

const TABLE: Record<string, Row> = {
  // A record people write: whoever writes may change it, attach to it and detach from it.
  Customer: {
    edit: WRITERS('ok'),
    delete: WRITERS('ok'),
    attach: WRITERS('ok'),
    detach: WRITERS('ok'),
    'detach missing': WRITERS(404),
  },
  // A setting: administrators only, and it takes no attachments (what got there may be removed).
  Adjustment: {
    edit: everyone(403, { admin: 'ok' }),
    delete: everyone(403, { admin: 'ok' }),
    attach: everyone(403, { admin: 422 }),
    detach: everyone(403, { admin: 'ok' }),
    'detach missing': WRITERS(404),
  },
  // An administrator's membership changes only through its own calls: nobody writes it here.
  Membership: {
    edit: everyone(403),
    delete: everyone(403),
    attach: everyone(403),
    detach: everyone(403),
    'detach missing': WRITERS(404),
  },
  // A feed's item, made by the server: people mark it, nothing more, and it takes no attachments.
  ReaderItem: {
    edit: WRITERS('ok'),
    delete: everyone(403),
    attach: WRITERS(422),
    detach: WRITERS('ok'),
    'detach missing': WRITERS(404),
  },
  // A confirmed expense: still edited (a receipt attached), never deleted.
  Outgo: {
    edit: WRITERS('ok'),
    delete: WRITERS(422),
    attach: WRITERS('ok'),
    detach: WRITERS('ok'),
    'detach missing': WRITERS(404),
  },
};

describe('the door’s judge: one write', () => {
  for (const [klass, row] of Object.entries(TABLE))
    for (const [operation, expected] of Object.entries(row) as Array<[Operation, Row[Operation]]>)
      it(`${klass}: ${operation}`, async () => {
        const store = new FakeStore();
        const judge = new WriteJudge(store, () => NOW);
        const got = Object.fromEntries(
          await Promise.all(
            ROLES.map(async (role) => [role, await outcome(() => perform(judge, store, role, klass, operation))]),
          ),
        );
        const want = Object.fromEntries(
          ROLES.map((role) => [role, typeof expected === 'object' ? (expected[role] ?? expected.others) : expected]),
        );
        expect(got).toEqual(want);
      });

  it('answers the revision an attachment makes, never the stored document judged against itself', async () => {
    const store = new FakeStore();
    const judge = new WriteJudge(store, () => NOW);
    const customer = store.byKlass('Customer');
    const revision = await judge.judgeAttachment(
      GROUP,
      CALLERS.member,
      { id: customer._id, name: 'photo.jpg' },
      { content_type: 'image/jpeg', length: 9 },
    );
    expect(revision._attachments).toEqual({ 'seed.txt': SEED, 'photo.jpg': { content_type: 'image/jpeg', length: 9 } });
    const removed = await judge.judgeAttachment(GROUP, CALLERS.member, { id: customer._id, name: 'seed.txt' }, null);
    expect(removed).not.toHaveProperty('_attachments');
  });

  it('stamps a document written whole, and refuses a body naming another id (400)', async () => {
    const judge = new WriteJudge(new FakeStore(), () => NOW);
    const id = newId('Customer');
    const bia: Doc = { klass: 'Customer', name: 'Bia' };
    const written = await judge.judgePut(GROUP, CALLERS.member, id, bia);
    expect(written).toMatchObject({ _id: id, created_by: MEMBER, updated_by: MEMBER, created_at: NOW.toISOString() });
    const other: Doc = { ...bia, _id: newId('Customer') };
    expect(await outcome(() => judge.judgePut(GROUP, CALLERS.member, id, other))).toBe(400);
  });
});

describe('the door’s judge: a bulk write', () => {
  /** A batch a device might push: one of each, in this order. */
  function batch(store: FakeStore): Doc[] {
    const customer = store.byKlass('Customer');
    const setting = store.byKlass('Adjustment');
    return [
      { ...customer, name: 'Ana Maria' },
      { ...setting, value: 'enabled' },
      { _id: newId('Customer'), klass: 'Customer', name: 'Bia' },
      { _id: newId('Customer'), klass: 'Customer' },
      {
        ...customer,
        _id: newId('Customer'),
        _rev: undefined,
        _attachments: { 'a.txt': { content_type: 'text/plain', data: 'eA==' } },
      },
      { ...setting, _attachments: { 'seed.txt': SEED, 'x.html': { content_type: 'text/html', data: 'eA==' } } },
      { _id: store.byKlass('ReaderItem')._id, _rev: '1-a', _deleted: true },
    ];
  }
  const statuses = (verdicts: ReadonlyArray<{ ok: boolean; status?: number }>) =>
    verdicts.map((v) => (v.ok ? 'ok' : v.status));

  it.each([
    ['member', ['ok', 403, 'ok', 422, 'ok', 403, 403]],
    ['write token', ['ok', 403, 'ok', 422, 'ok', 403, 403]],
    ['read token', [403, 403, 403, 403, 403, 403, 403]],
    ['admin', ['ok', 'ok', 'ok', 422, 'ok', 422, 403]],
  ] as const)('judges each document for a %s, reading the stored ones once', async (role, expected) => {
    const store = new FakeStore();
    const judge = new WriteJudge(store, () => NOW);
    const judged = await judge.judgeBulk(GROUP, CALLERS[role], batch(store), false);
    expect(statuses(judged.verdicts)).toEqual(expected);
    expect(judged.allowed).toHaveLength(expected.filter((s) => s === 'ok').length);
    if (role !== 'read token') expect(store.reads).toBe(1);
  });

  it('answers each refusal in place with new_edits, and as `forbidden` after the rest in a replication', async () => {
    const store = new FakeStore();
    const judge = new WriteJudge(store, () => NOW);
    const docs = batch(store).slice(0, 4);
    const edits = await judge.judgeBulk(GROUP, CALLERS.member, docs, false);
    const stored = edits.allowed.map((d) => ({ id: String(d._id), ok: true, rev: '2-b' }));
    expect(bulkAnswer(edits, stored).map((r) => r.error ?? r.id)).toEqual([
      docs[0]!._id,
      'forbidden',
      docs[2]!._id,
      'unprocessable_entity',
    ]);
    // Stamps are the device's own in a replication: the documents go as they came.
    expect(edits.allowed[1]).toMatchObject({ created_by: MEMBER });
    const replication = await judge.judgeBulk(GROUP, CALLERS.member, docs, true);
    expect(replication.allowed[1]).not.toHaveProperty('created_by');
    const answer = bulkAnswer(replication, stored);
    expect(answer.slice(0, 2)).toEqual(stored);
    expect(answer.slice(2)).toEqual([
      { id: docs[1]!._id, rev: '1-a', name: 'forbidden', error: 'forbidden', status: 403, reason: expect.any(String) },
      { id: docs[3]!._id, name: 'forbidden', error: 'forbidden', status: 422, reason: { name: expect.any(Array) } },
    ]);
  });
});

describe('a read-only group (src/domain/billing.ts)', () => {
  /** The group's settings: free, and past its record limit since `daysAgo`. */
  class PastLimit extends FakeStore {
    readonly since: number;
    constructor(daysAgo: number) {
      super();
      this.since = daysAgo;
    }
    override async settings(): Promise<Record<string, unknown>> {
      const passed = new Date(NOW.getTime() - this.since * 86_400_000).toISOString();
      return { currency: 'BRL', 'free-limit-passed-at': passed };
    }
  }

  it('refuses every write but a deletion 30 days past the limit, on every path of the judge', async () => {
    const store = new PastLimit(30);
    const judge = new WriteJudge(store, () => NOW);
    const customer = store.byKlass('Customer');
    const fresh = { _id: newId('Customer'), klass: 'Customer', name: 'Bia' };
    const reason = expect.stringContaining('read-only');
    await expect(judge.judgeWrite(GROUP, CALLERS.admin, fresh)).rejects.toMatchObject({ status: 403, reason });
    await expect(
      judge.judgePut(GROUP, CALLERS.member, customer._id, { ...customer, name: 'Ana Maria' } as Doc),
    ).rejects.toMatchObject({ status: 403, reason });
    await expect(
      judge.judgeAttachment(GROUP, CALLERS.member, { id: customer._id, name: 'a.txt' }, { content_type: 'text/plain' }),
    ).rejects.toMatchObject({ status: 403, reason });
    const bulk = await judge.judgeBulk(GROUP, CALLERS.member, [fresh, { _id: customer._id, _deleted: true }], true);
    expect(bulk.verdicts.map((v) => (v.ok ? 'ok' : v.status))).toEqual([403, 'ok']);
    await expect(judge.judgeWrite(GROUP, CALLERS.member, { _id: customer._id, _deleted: true })).resolves.toBeTruthy();
  });

  it('still writes 29 days past the limit', async () => {
    const judge = new WriteJudge(new PastLimit(29), () => NOW);
    const fresh = { _id: newId('Customer'), klass: 'Customer', name: 'Bia' };
    await expect(judge.judgeWrite(GROUP, CALLERS.member, fresh)).resolves.toMatchObject({ name: 'Bia' });
  });
});

describe('a sub-group: reached through its parent (src/domain/group-access.ts)', () => {
  const setting = () => ({ _id: newId('Adjustment'), klass: 'Adjustment', key: 'checklist', value: 'enabled' });
  const customer = () => ({ _id: newId('Customer'), klass: 'Customer', name: 'Bia' });
  it.each([
    ['member', 'ok', 403],
    ['write token', 'ok', 403],
    ['read token', 403, 403],
    ['admin', 'ok', 'ok'],
  ] as const)('the parent’s %s writes a record: %s, a setting: %s', async (role, record, adminOnly) => {
    const judge = new WriteJudge(new FakeStore(), () => NOW);
    const caller = CALLERS[role];
    expect(await outcome(() => judge.judgeWrite(SUB, caller, customer()))).toBe(record);
    expect(await outcome(() => judge.judgeWrite(SUB, caller, setting()))).toBe(adminOnly);
  });

  it('refuses a member of neither', async () => {
    const judge = new WriteJudge(new FakeStore(), () => NOW);
    const stranger = {
      actor: { name: MEMBER, roles: [newId('Account')], permission: 'full' as const },
      userId: MEMBER,
    };
    expect(await outcome(() => judge.judgeWrite(SUB, stranger, customer()))).toBe(403);
  });
});
