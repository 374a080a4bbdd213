// The kept list fields answer as pouchdb-find would: the same records in the same order, for
// the queries the screens make (a kind by an order, filtered by a reference or a choice, bounded
// dates), through creations, edits and deletions; queries they cannot answer are left to it.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { destroyLocalDb, localDb } from '../../src/data/databases.ts';
import { keptIds, keptQueryOf } from '../../src/data/kept-lists.ts';
import { ensureIndex, findRecords, type RecordQuery } from '../../src/data/records.ts';
import { newId } from '../../src/domain/ids.ts';

const name = newId('Account');
const customers = Array.from({ length: 5 }, () => newId('Customer'));
const STATUSES = ['open', 'doing', 'done'];

/** Tickets with repeated dates (ties), some without a customer, some without updated_at. */
function tickets(count: number, offset = 0) {
  return Array.from({ length: count }, (_, k) => {
    const i = k + offset;
    return {
      _id: newId('Ticket'),
      klass: 'Ticket',
      number: `1-${i}`,
      title: `Ticket ${(i * 37) % 101}`,
      status: STATUSES[i % 3],
      priority: ['low', 'high'][i % 2],
      created_at: new Date(Date.UTC(2026, 0, 1 + (i % 17))).toISOString(),
      ...(i % 4 === 0 ? {} : { updated_at: new Date(Date.UTC(2026, 1, 1 + (i % 9))).toISOString() }),
      ...(i % 5 === 0 ? {} : { customer_id: customers[i % customers.length] }),
    };
  });
}

const QUERIES: RecordQuery[] = [
  {
    selector: { klass: 'Ticket', created_at: { $gt: null } },
    sort: [{ klass: 'desc' }, { created_at: 'desc' }],
    limit: 25,
  },
  {
    selector: { klass: 'Ticket', created_at: { $gt: null } },
    sort: [{ klass: 'asc' }, { created_at: 'asc' }],
    limit: 25,
    skip: 25,
  },
  {
    selector: { klass: 'Ticket', status: 'open', updated_at: { $gt: null } },
    sort: [{ klass: 'desc' }, { status: 'desc' }, { updated_at: 'desc' }],
    limit: 50,
  },
  {
    selector: { klass: 'Ticket', customer_id: customers[1], created_at: { $gt: null } },
    sort: [{ klass: 'desc' }, { customer_id: 'desc' }, { created_at: 'desc' }],
    limit: 10,
  },
  {
    selector: { klass: 'Ticket', created_at: { $gte: '2026-01-05', $lte: '2026-01-09T23' } },
    sort: [{ klass: 'asc' }, { created_at: 'asc' }],
    limit: 1000,
  },
  { selector: { klass: 'Ticket', title: { $gt: null } }, sort: [{ klass: 'asc' }, { title: 'asc' }], limit: 40 },
];

async function pouchFind(query: RecordQuery): Promise<string[]> {
  const db = localDb(name);
  const fields = [...new Set([...Object.keys(query.selector), ...(query.sort ?? []).flatMap((s) => Object.keys(s))])];
  await ensureIndex(db, fields);
  // A copy: pouchdb-find rewrites the selector it is given.
  return (await db.find(structuredClone(query))).docs.map((d) => d._id);
}

async function same(): Promise<void> {
  for (const query of QUERIES) {
    expect(keptQueryOf(query), JSON.stringify(query.selector)).not.toBeNull();
    const kept = (await findRecords(name, query)).map((d) => d._id);
    expect(kept, JSON.stringify(query)).toEqual(await pouchFind(query));
    expect(kept.length).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  await localDb(name).bulkDocs(tickets(120));
});
afterAll(() => destroyLocalDb(name));

describe('the kept list fields', () => {
  it('answer the screens’ queries as pouchdb-find does', async () => {
    await same();
  });

  it('follow creations, edits and deletions', async () => {
    const db = localDb(name);
    await db.bulkDocs(tickets(30, 500));
    const { rows } = await db.allDocs({ include_docs: true, startkey: 'tik-', endkey: 'tik-\ufff0', limit: 40 });
    await db.bulkDocs(
      rows.map(({ doc }, i) =>
        i % 2 ? { ...doc!, status: 'open', updated_at: '2026-03-01T00:00:00.000Z' } : { ...doc!, _deleted: true },
      ),
    );
    await same();
  });

  it('leave to pouchdb-find what they do not keep', () => {
    expect(keptQueryOf({ selector: { klass: 'Customer', city: 'Recife' }, limit: 10 })).toBeNull();
    expect(keptQueryOf({ selector: { klass: 'Ticket', status: { $in: ['open'] } }, limit: 10 })).toBeNull();
    expect(keptQueryOf({ selector: { klass: 'Nothing' }, limit: 10 })).toBeNull();
    expect(
      keptQueryOf({ selector: { klass: 'Ticket' }, sort: [{ created_at: 'asc' }, { updated_at: 'asc' }], limit: 1 }),
    ).toBeNull();
  });

  it('count what a filter keeps', async () => {
    const query = keptQueryOf({ selector: { klass: 'Ticket', priority: 'high' }, limit: 0 })!;
    const counted = await keptIds(name, query);
    expect(counted!.total).toBe(
      (await pouchFind({ selector: { klass: 'Ticket', priority: 'high' }, limit: 10_000 })).length,
    );
  });

  it('sort a list once per state of the rows: its next page and its count reuse the order', async () => {
    const query = (skip: number) =>
      keptQueryOf({
        selector: { klass: 'Ticket', created_at: { $gt: null } },
        sort: [{ klass: 'desc' }, { created_at: 'desc' }],
        limit: 25,
        skip,
      })!;
    // Sorts of the kind's rows (over 100 tickets; PouchDB sorts a few things of its own) counted.
    const sorts = vi.spyOn(Array.prototype, 'sort');
    const rowSorts = () => sorts.mock.contexts.filter((sorted) => (sorted as unknown[]).length > 100).length;
    // The tests before asked for this order: a new ticket makes it to be sorted again.
    await localDb(name).put(tickets(1, 800)[0]!);
    sorts.mockClear();
    const first = await keptIds(name, query(0));
    expect(rowSorts()).toBe(1);
    sorts.mockClear();
    const next = await keptIds(name, query(25));
    expect(rowSorts()).toBe(0);
    expect(next!.total).toBe(first!.total);
    expect(next!.ids).toEqual(await pouchFind({ ...QUERIES[0]!, skip: 25 }));

    // A change to the replica: the same page is sorted again, and shows it.
    await localDb(name).put({ ...tickets(1, 900)[0]!, created_at: '2027-01-01T00:00:00.000Z' });
    const after = await keptIds(name, query(0));
    expect(rowSorts()).toBe(1);
    sorts.mockRestore();
    expect(after!.ids).toEqual(await pouchFind(QUERIES[0]!));
  });
});
