// List paging on the device against fake IndexedDB, with the group's own design documents (the
// count and search views) as sync would bring them.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destroyLocalDb, localDb } from '../../src/data/databases.ts';
import { listRecords } from '../../src/data/record-list.ts';
import { newId } from '../../src/domain/ids.ts';
import { designDocsFor } from '../../src/server/store/design-docs.ts';

const name = newId('Account');
const names = Array.from({ length: 45 }, (_, i) => `Cliente ${String(i + 1).padStart(2, '0')}`);
const ana = { _id: newId('Customer'), klass: 'Customer', name: 'Ana Conceição', created_at: '2025-12-01T00:00:00Z' };
const split = { _id: newId('Equipment'), klass: 'Equipment', identifier: 'SN-100', description: 'Split' };
const ticket = (number: string, title: string, refs: Record<string, string>) => ({
  _id: newId('Ticket'),
  klass: 'Ticket',
  number,
  title,
  status: 'open',
  created_at: `2026-03-0${number.slice(-1)}T00:00:00Z`,
  ...refs,
});
const tickets = [
  ticket('1-117', 'Compressor ruidoso', { customer_id: ana._id, equipment_id: split._id }),
  ticket('1-2', 'Troca de filtro', { customer_id: ana._id }),
  ticket('1-3', 'Compressor da Ana', {}),
  ticket('1-4', 'Revisão', {}),
];

beforeAll(async () => {
  await localDb(name).bulkDocs([
    ...designDocsFor('group'),
    ...names.map((n, i) => ({
      _id: newId('Customer'),
      klass: 'Customer',
      name: n,
      city: i % 3 === 0 ? 'Recife' : 'Natal',
      created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    })),
    // Other kinds never show in the list or its count.
    { _id: newId('Equipment'), klass: 'Equipment', name: 'Cliente 99' },
    ana,
    split,
    ...tickets,
  ] as never[]);
});
afterAll(() => destroyLocalDb(name));

const query = { klass: 'Customer', sort: 'name', direction: 'asc' as const, page: 1, perPage: 20 };
const namesOf = (rows: Array<{ name?: unknown }>) => rows.map((r) => r.name);

describe('list paging on the device', () => {
  it('pages through a kind in order, with the total of the kind', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => listRecords<{ _id: string; name: string }>(name, { ...query, page })),
    );
    expect(pages.map((p) => p.total)).toEqual([46, 46, 46, 46]);
    expect(pages.map((p) => p.rows.length)).toEqual([20, 20, 6, 0]);
    expect(pages.flatMap((p) => namesOf(p.rows))).toEqual([ana.name, ...names]);
  });

  it('sorts descending by another field', async () => {
    const page = await listRecords<{ _id: string; name: string }>(name, {
      ...query,
      sort: 'created_at',
      direction: 'desc',
      perPage: 3,
    });
    expect(namesOf(page.rows)).toEqual(['Cliente 45', 'Cliente 44', 'Cliente 43']);
  });

  it('filters by a field and counts what the filter keeps', async () => {
    const page = await listRecords<{ _id: string; name: string }>(name, {
      ...query,
      filter: { city: 'Recife' },
      perPage: 10,
    });
    expect(page.total).toBe(15);
    expect(namesOf(page.rows).slice(0, 3)).toEqual(['Cliente 01', 'Cliente 04', 'Cliente 07']);
  });

  it('pages a search, counting its matches', async () => {
    const first = await listRecords<{ _id: string; name: string }>(name, { ...query, search: 'cliente 4', perPage: 4 });
    expect(first.total).toBe(6);
    expect(namesOf(first.rows)).toEqual(
      ['Cliente 40', 'Cliente 41', 'Cliente 42', 'Cliente 43'].filter(() => true).slice(0, 4),
    );
    const second = await listRecords<{ _id: string; name: string }>(name, {
      ...query,
      search: 'cliente 4',
      perPage: 4,
      page: 2,
    });
    expect(namesOf(second.rows)).toEqual(['Cliente 44', 'Cliente 45']);
  });

  it('finds records through the records they point at, and numbers with or without their dash', async () => {
    const titles = async (search: string) =>
      (
        await listRecords<{ _id: string; title: string }>(name, {
          klass: 'Ticket',
          sort: 'number',
          direction: 'asc',
          page: 1,
          perPage: 20,
          search,
        })
      ).rows.map((r) => r.title);
    // In number order (1-2 before 1-117). The customer's name, the equipment's serial: their tickets, and the tickets naming them.
    expect(await titles('conceicao')).toEqual(['Troca de filtro', 'Compressor ruidoso']);
    expect(await titles('ana')).toEqual(['Troca de filtro', 'Compressor da Ana', 'Compressor ruidoso']);
    expect(await titles('sn-100')).toEqual(['Compressor ruidoso']);
    // Every term must match, each by the record or by what it points at.
    expect(await titles('ana compressor')).toEqual(['Compressor da Ana', 'Compressor ruidoso']);
    expect(await titles('ana filtro')).toEqual(['Troca de filtro']);
    expect(await titles('1117')).toEqual(['Compressor ruidoso']);
    expect(await titles('1-117')).toEqual(['Compressor ruidoso']);
    expect(await titles('revisao ana')).toEqual([]);
  });
});
