// The search's words kept on the device find what the search view finds: by a word's start, and
// through a record's references, through creations, edits and deletions.
import '../support/browser-globals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destroyLocalDb, localDb } from '../../src/data/databases.ts';
import { keptWords, SEARCH_VIEW } from '../../src/data/kept-search.ts';
import { newId } from '../../src/domain/ids.ts';
import { designDocsFor } from '../../src/server/store/design-docs.ts';

const name = newId('Account');
const ana = { _id: newId('Customer'), klass: 'Customer', name: 'Ana Conceição' };
const bia = { _id: newId('Customer'), klass: 'Customer', name: 'Beatriz Ana' };
const tickets = Array.from({ length: 30 }, (_, i) => ({
  _id: newId('Ticket'),
  klass: 'Ticket',
  number: `1-${i}`,
  title: ['Compressor ruidoso', 'Troca de filtro', 'Compra de peças'][i % 3],
  customer_id: [ana._id, bia._id][i % 2],
}));

async function viewIds(klass: string, term: string): Promise<string[]> {
  const { rows } = await localDb(name).query(SEARCH_VIEW, {
    startkey: [klass, term],
    endkey: [klass, `${term}\ufff0`],
    reduce: false,
  });
  return [...new Set(rows.map((r) => r.id!))].sort();
}

async function same(): Promise<void> {
  const words = (await keptWords(name))!;
  expect(words).not.toBeNull();
  for (const [klass, term] of [
    ['Ticket', 'comp'],
    ['Ticket', 'filtro'],
    ['Ticket', '1'],
    ['Customer', 'ana'],
    ['Customer', 'conceicao'],
  ] as const) {
    const kept = [...new Set(words.withPrefix(klass, term))].sort();
    expect(kept, `${klass} ${term}`).toEqual(await viewIds(klass, term));
    expect(kept.length).toBeGreaterThan(0);
  }
  const { rows } = await localDb(name).query(SEARCH_VIEW, { keys: [['Ticket', `@${ana._id}`]], reduce: false });
  expect(words.withWords('Ticket', [`@${ana._id}`]).sort()).toEqual(rows.map((r) => r.id!).sort());
}

beforeAll(async () => {
  await localDb(name).bulkDocs([...designDocsFor('group'), ana, bia, ...tickets]);
});
afterAll(() => destroyLocalDb(name));

describe('the kept search words', () => {
  it('find what the search view finds', async () => {
    await same();
  });

  it('follow edits and deletions', async () => {
    const db = localDb(name);
    const { rows } = await db.allDocs({ include_docs: true, startkey: 'tik-', endkey: 'tik-\ufff0', limit: 10 });
    await db.bulkDocs(
      rows.map(({ doc }, i) => (i % 2 ? { ...doc!, title: 'Filtro novo' } : { ...doc!, _deleted: true })),
    );
    await same();
  });
});
