import '../support/browser-globals.ts';
import { describe, expect, it, vi } from 'vitest';
import { designDocsFor } from '../../src/server/store/design-docs.ts';
import { newId } from '../../src/domain/ids.ts';
import { destroyLocalDb, LOCAL_PREFIX, localDb } from '../../src/data/databases.ts';
import { type Bucket, bucketOf, keptStore } from '../../src/data/kept-store.ts';
import { PouchDB } from '../../src/data/pouch.ts';
import {
  type Derived,
  holdKeptSaves,
  keptDerived,
  prepareReducedView,
  registerKeptView,
  reducedView,
  type ReduceOptions,
  SAVE_AFTER_MS,
  saveKeptView,
} from '../../src/data/reduced-views.ts';

const QUERIES: Array<[string, ReduceOptions]> = [
  ['count-by-klass/all', { group_level: 1 }],
  ['count-by-klass/all', { key: 'Outgo', group: true }],
  ['count-by-klass/all', {}],
  ['wallet-balances/by-currency', { group_level: 1 }],
  ['wallet-balances/by-currency', { group_level: 2 }],
  ['wallet-balances/by-currency', { group_level: 3, startkey: ['BRL', 'wll-a'], endkey: ['BRL', 'wll-a', {}] }],
  ['wallet-balances/pending', { group_level: 2 }],
];

/** What PouchDB itself answers (every row read and reduced at the query). */
async function reference(name: string, view: string, options: ReduceOptions) {
  const { rows } = await localDb(name).query(view, { ...options, reduce: true });
  return rows.map((row) => ({ key: row.key, value: row.value }));
}

async function expectSameAsPouchDB(name: string) {
  for (const [view, options] of QUERIES)
    expect(await reducedView(localDb(name), view, options), `${view} ${JSON.stringify(options)}`).toEqual(
      await reference(name, view, options),
    );
}

describe('reductions kept change by change', () => {
  it('tell a kept structure once its load or catch-up is applied, before the read that asked is answered', async () => {
    // What a structure sees: its changes, then `settle`, so work left for many changes at once is done
    // while the view is made (the wiki's index sorts there), not by the screen reading it next.
    const seen: string[] = [];
    registerKeptView('search/by-word', (): Derived => ({
      update: (id) => void seen.push(id),
      settle: () => void seen.push('settled'),
    }));
    const name = newId('Account');
    const db = localDb(name);
    await db.bulkDocs(designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc));
    await db.bulkDocs([1, 2, 3].map((i) => ({ _id: `cst-${i}`, klass: 'Customer', name: `Customer ${i}` })));
    await keptDerived(db, 'search/by-word');
    expect(seen).toEqual(['cst-1', 'cst-2', 'cst-3', 'settled']);
    await db.put({ _id: 'cst-4', klass: 'Customer', name: 'Customer 4' });
    await keptDerived(db, 'search/by-word');
    expect(seen.slice(4)).toEqual(['cst-4', 'settled']);
    await destroyLocalDb(name);
  });

  it('answer as PouchDB does, through creations, edits, deletions and a zero sum', async () => {
    const name = newId('Account');
    const db = localDb(name);
    await db.bulkDocs(designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc));
    const wallets = [
      { _id: 'wll-a', klass: 'Wallet', currency: 'BRL', start_balance: 10_000 },
      { _id: 'wll-b', klass: 'Wallet', currency: 'USD', start_balance: 0 },
    ];
    const outgo = (i: number) => ({
      _id: `out-${i}`,
      klass: 'Outgo',
      wallet_id: i % 2 ? 'wll-a' : 'wll-b',
      currency: i % 2 ? 'BRL' : 'USD',
      value: 100 * i,
      date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
      confirmed: i % 3 !== 0,
    });
    await db.bulkDocs([...wallets, ...Array.from({ length: 60 }, (_, i) => outgo(i))]);
    await expectSameAsPouchDB(name);

    // An edit moving money between wallets and days, a confirmation, a deletion, a new kind.
    const moved = await db.get('out-5');
    await db.put({ ...moved, wallet_id: 'wll-b', currency: 'USD', date: '2026-10-01' });
    const pending = await db.get('out-3');
    await db.put({ ...pending, confirmed: true });
    const gone = await db.get('out-8');
    await db.put({ ...gone, _deleted: true });
    await db.put({ _id: 'inc-1', klass: 'Income', wallet_id: 'wll-a', currency: 'BRL', value: 7, confirmed: true });
    await expectSameAsPouchDB(name);

    // Every USD record gone: the currency's rows disappear, while a BRL sum of 0 stays a row.
    const usd = (await db.allDocs({ include_docs: true })).rows.filter(
      (row) => (row.doc as { currency?: string } | undefined)?.currency === 'USD' && row.id !== 'wll-b',
    );
    await db.bulkDocs(usd.map((row) => ({ _id: row.id, _rev: row.value.rev, _deleted: true })));
    const a = await db.get('wll-a');
    const balance = (await reducedView(db, 'wallet-balances/by-currency', { group_level: 2 }))!.find(
      (row) => JSON.stringify(row.key) === '["BRL","wll-a"]',
    )!.value;
    await db.put({ ...a, start_balance: 10_000 - balance });
    await expectSameAsPouchDB(name);
    expect(
      (await reducedView(db, 'wallet-balances/by-currency', { group_level: 1 }))!.find(
        (r) => JSON.stringify(r.key) === '["BRL"]',
      ),
    ).toEqual({ key: ['BRL'], value: 0 });
    await destroyLocalDb(name);
  });

  it('read the rows again when the replica is made anew or its design document changes', async () => {
    const name = newId('Account');
    const ddocs = designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc);
    let db = localDb(name);
    await db.bulkDocs([...ddocs, { _id: 'cus-1', klass: 'Customer' }, { _id: 'cus-2', klass: 'Customer' }]);
    expect(await reducedView(db, 'count-by-klass/all', { group_level: 1 })).toEqual([{ key: 'Customer', value: 2 }]);
    await destroyLocalDb(name);
    db = localDb(name);
    await db.bulkDocs([...ddocs, { _id: 'cus-3', klass: 'Customer' }]);
    expect(await reducedView(db, 'count-by-klass/all', { group_level: 1 })).toEqual([{ key: 'Customer', value: 1 }]);
    // A design document the app was not built with is not reduced here.
    const ddoc = await db.get('_design/count-by-klass');
    await db.put({ ...ddoc, views: { all: { map: 'function (doc) { emit(1, 1); }', reduce: '_count' } } });
    expect(await reducedView(db, 'count-by-klass/all', { group_level: 1 })).toBeNull();
    await destroyLocalDb(name);
  });

  it('start a page load from the saved rows, then read only the changes since', async () => {
    const name = newId('Account');
    const db = localDb(name);
    await db.bulkDocs([
      ...designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc),
      ...Array.from({ length: 30 }, (_, i) => ({ _id: `cus-${i}`, klass: i % 3 ? 'Customer' : 'Equipment' })),
    ]);
    expect(await prepareReducedView(db, 'count-by-klass/all')).toBe(true);
    await db.put({ _id: 'cus-new', klass: 'Customer' });
    // Another page of the app: the same storage, nothing of this one's memory.
    const again = new PouchDB(`${LOCAL_PREFIX}${name}`, { auto_compaction: true });
    const allDocs = vi.spyOn(again, 'allDocs');
    expect(await reducedView(again, 'count-by-klass/all', { group_level: 1 })).toEqual([
      { key: 'Customer', value: 21 },
      { key: 'Equipment', value: 10 },
    ]);
    expect(allDocs).not.toHaveBeenCalled();
    await destroyLocalDb(name);
  });

  it('save only the documents a burst touched, beside the replica, and drop the old one-document snapshot', async () => {
    const name = newId('Account');
    const db = localDb(name);
    const legacy = '_local/moneta-reduced:count-by-klass/all';
    await db.bulkDocs([
      ...designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc),
      ...Array.from({ length: 300 }, (_, i) => ({ _id: `cus-${i}`, klass: 'Customer' })),
    ]);
    await db.put({ _id: legacy, seq: 0, source: 'older', docs: [] } as never);
    const buckets = (ids: string[]) => new Set(ids.map(bucketOf)).size;
    const all = Array.from({ length: 300 }, (_, i) => `cus-${i}`);
    expect(await saveKeptView(db, 'count-by-klass/all')).toEqual({ records: buckets(all), outcome: 'written' });
    await expect(db.get(legacy)).rejects.toMatchObject({ status: 404 });

    const { rows } = await db.allDocs({ keys: ['cus-1', 'cus-2', 'cus-3'] });
    await db.bulkDocs([
      { _id: 'cus-1', _rev: rows[0]!.value.rev, klass: 'Equipment' },
      { _id: 'cus-2', _rev: rows[1]!.value.rev, _deleted: true },
      { _id: 'cus-new', klass: 'Customer' },
    ]);
    // Only the buckets of the three documents: the 297 others' rows are not written again.
    expect(await saveKeptView(db, 'count-by-klass/all')).toEqual({
      records: buckets(['cus-1', 'cus-2', 'cus-new']),
      outcome: 'written',
    });
    expect(await saveKeptView(db, 'count-by-klass/all')).toEqual({ records: 0, outcome: 'clean' });

    const again = new PouchDB(`${LOCAL_PREFIX}${name}`, { auto_compaction: true });
    const allDocs = vi.spyOn(again, 'allDocs');
    expect(await reducedView(again, 'count-by-klass/all', { group_level: 1 })).toEqual([
      { key: 'Customer', value: 299 },
      { key: 'Equipment', value: 1 },
    ]);
    expect(allDocs).not.toHaveBeenCalled();
    // Leaving the group (or signing out) removes the saved rows with the replica.
    const stored = async () => (await indexedDB.databases()).flatMap((d) => (d.name?.includes(name) ? [d.name] : []));
    expect(await stored()).toContain(`_pouch_${LOCAL_PREFIX}${name}-kept-views`);
    await destroyLocalDb(name);
    expect(await stored()).toEqual([]);
  });

  it('wait while a pull brings batch after batch, and save once when it rests', async () => {
    const name = newId('Account');
    const db = localDb(name);
    await db.bulkDocs(designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const heads = () => put.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'heads').length;
    const counted = () => reducedView(db, 'count-by-klass/all', { group_level: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pulling = holdKeptSaves(db);
      // A slow pull (a phone on a poor network): a batch, the open screen asking again, then a
      // pause longer than a save's quiet time before the next batch, twenty times.
      for (let batch = 1; batch <= 20; batch++) {
        await db.bulkDocs(Array.from({ length: 25 }, (_, i) => ({ _id: `cus-${batch}-${i}`, klass: 'Customer' })));
        expect(await counted()).toEqual([{ key: 'Customer', value: 25 * batch }]);
        await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS + 1);
      }
      expect(heads()).toBe(0);
      pulling();
      await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS + 1);
      // Queued behind the save: answered once it is written.
      expect(await counted()).toEqual([{ key: 'Customer', value: 500 }]);
      expect(heads()).toBe(1);
    } finally {
      vi.useRealTimers();
      put.mockRestore();
    }
    // What was saved at the end is what a page load starts from.
    const again = new PouchDB(`${LOCAL_PREFIX}${name}`, { auto_compaction: true });
    const allDocs = vi.spyOn(again, 'allDocs');
    expect(await reducedView(again, 'count-by-klass/all', { group_level: 1 })).toEqual([
      { key: 'Customer', value: 500 },
    ]);
    expect(allDocs).not.toHaveBeenCalled();
    await destroyLocalDb(name);
  });

  it('keep the saved rows of a tab further along when a tab behind it saves', async () => {
    // Two tabs of one replica: the one behind must not put back an older x, which the one ahead
    // would not write again (x has not changed for it) while its head says x is up to date.
    const name = newId('Account');
    const store = keptStore(localDb(name));
    const head = async (seq: number) => ({ seq, source: 'map', replica: await store.replica() });
    const doc = (id: string, klass: string): Bucket => [bucketOf(id), [[id, [[klass, 1]]]]];
    expect(await store.write('v', await head(4), [doc('x', 'Ticket')], true)).toBe('written');
    expect(await store.write('v', await head(3), [doc('x', 'Equipment')], false)).toBe('behind');
    expect(await store.write('v', await head(5), [doc('y', 'Customer')], false)).toBe('written');
    const saved = await store.read('v', 'map');
    expect(saved?.seq).toBe(5);
    expect(new Map(saved?.docs)).toEqual(
      new Map([
        ['x', [['Ticket', 1]]],
        ['y', [['Customer', 1]]],
      ]),
    );
    // Rows of another map, or of another replica of the same name, are never read or added to.
    expect(await store.read('v', 'another map')).toBeNull();
    expect(await store.write('v', { seq: 6, source: 'map', replica: 'another' }, [], false)).toBe('stale');
    await destroyLocalDb(name);
  });
});
