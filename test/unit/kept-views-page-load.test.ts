// A page load answers a list's first page and the balances from what the last save kept beside
// the rows (the sums per key, the list's order in chunks), without reading the rows, and never
// from a save the replica has moved past: an edit made while the page was closed (a pull, another
// tab) is in the answers. Each page load is the app's modules imported anew over the same storage.
import '../support/browser-globals.ts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { destroyLocalDb, LOCAL_PREFIX } from '../../src/data/databases.ts';
import { PouchDB } from '../../src/data/pouch.ts';
import { newId } from '../../src/domain/ids.ts';
import { designDocsFor } from '../../src/server/store/design-docs.ts';

const BALANCES = 'wallet-balances/by-currency';
const name = newId('Account');
afterAll(async () => {
  await closePage();
  await destroyLocalDb(name);
});

let closePage = () => Promise.resolve();

/** A page of the app opened anew: its modules, with nothing of an earlier page's memory. */
async function pageLoad() {
  // The page before is closed: its timers (a save, a read of the rows when quiet) go with it.
  await closePage();
  vi.resetModules();
  const [lists, reduced] = await Promise.all([
    import('../../src/data/kept-lists.ts'),
    import('../../src/data/reduced-views.ts'),
  ]);
  const databases = await import('../../src/data/databases.ts');
  closePage = databases.stopBackgroundWork;
  const db = databases.localDb(name);
  // The expenses list's first page as the screen asks for it (src/data/record-list.ts).
  const query = (skip = 0) =>
    lists.keptQueryOf({
      selector: { klass: 'Outgo', date: { $gt: null } },
      sort: [{ klass: 'desc' }, { date: 'desc' }],
      limit: 25,
      skip,
    })!;
  return {
    /** What a group page loaded from the address does before its screens ask (router.tsx). */
    warm: () => import('../../src/data/warm-replica.ts').then((m) => m.warmReplica(name)),
    firstPage: (skip = 0) => lists.keptIds(name, query(skip)),
    balances: () => reduced.reducedView(db, BALANCES, { group_level: 1 }),
    save: async () => {
      for (const view of [lists.LIST_VIEW, BALANCES]) await reduced.saveKeptView(db, view);
    },
  };
}

/** The store's reads of whole ranges, by object store: the rows' store is the one a page load should not read. */
function rangeReads() {
  const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
  return {
    of: (store: string) => getAll.mock.contexts.filter((s) => (s as IDBObjectStore).name === store).length,
    stop: () => getAll.mockRestore(),
  };
}

/** What the replica holds, answered without any kept view: the list's ids in order, the sums per currency. */
async function expected() {
  const replica = new PouchDB(`${LOCAL_PREFIX}${name}`);
  const { rows } = await replica.allDocs({ include_docs: true });
  const docs = rows.flatMap(({ doc }) => (doc ? [doc as unknown as Record<string, unknown> & { _id: string }] : []));
  const outgos = docs.filter((d) => d.klass === 'Outgo' && typeof d.date === 'string');
  outgos.sort((a, b) =>
    a.date !== b.date ? ((a.date as string) < (b.date as string) ? 1 : -1) : a._id < b._id ? 1 : -1,
  );
  const sums = (await replica.query(BALANCES, { reduce: true, group_level: 1 })).rows;
  return { ids: outgos.map((d) => d._id), sums: sums.map(({ key, value }) => ({ key, value })) };
}

const outgo = (i: number) => ({
  _id: newId('Outgo'),
  klass: 'Outgo',
  wallet_id: i % 3 ? 'wll-a' : 'wll-b',
  currency: i % 3 ? 'BRL' : 'USD',
  value: 100 + i,
  date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  confirmed: i % 4 !== 0,
});

describe('a page load with the group on the device', () => {
  it('answers the first list page and the balances from the save, without reading the rows, and never from a stale save', async () => {
    const replica = new PouchDB(`${LOCAL_PREFIX}${name}`);
    await replica.bulkDocs([
      ...designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc),
      { _id: 'wll-a', klass: 'Wallet', currency: 'BRL', start_balance: 10_000 },
      { _id: 'wll-b', klass: 'Wallet', currency: 'USD', start_balance: 500 },
      ...Array.from({ length: 300 }, (_, i) => outgo(i)),
    ]);
    const first = await pageLoad();
    const before = await expected();
    expect((await first.firstPage())?.ids).toEqual(before.ids.slice(0, 25));
    expect(await first.balances()).toEqual(before.sums);
    await first.save();

    // The next page load: the first page, the next one and the sums from the save alone, the
    // replica warmed first as a page loaded from the address does.
    const second = await pageLoad();
    let reads = rangeReads();
    await second.warm();
    expect(await second.firstPage()).toEqual({ ids: before.ids.slice(0, 25), total: before.ids.length });
    expect(await second.firstPage(25)).toEqual({ ids: before.ids.slice(25, 50), total: before.ids.length });
    expect(await second.balances()).toEqual(before.sums);
    expect(reads.of('rows'), 'the rows read before the first answers').toBe(0);
    reads.stop();

    // Edits while no page is open (a pull, another tab): a newest expense, a confirmed one moved
    // to the other wallet. The save's answers are behind the replica: never served.
    const moved = (await replica.allDocs({ include_docs: true, startkey: 'out-', endkey: 'out-\ufff0', limit: 1 }))
      .rows[0]!.doc!;
    await replica.bulkDocs([
      { ...outgo(1), date: '2027-01-01', value: 7_000 },
      { ...moved, wallet_id: 'wll-b', currency: 'USD', confirmed: true, value: 99_999 },
    ]);
    const third = await pageLoad();
    const edited = await expected();
    expect(edited.ids[0]).not.toBe(before.ids[0]);
    expect(edited.sums).not.toEqual(before.sums);
    expect((await third.firstPage())?.ids).toEqual(edited.ids.slice(0, 25));
    expect(await third.balances()).toEqual(edited.sums);

    // One more edit after the page's questions, then its save: the order it had made is made
    // again from the rows for the save, and the next page load answers from it.
    await replica.put({ ...outgo(2), date: '2027-02-01' });
    await third.save();
    const fourth = await pageLoad();
    const latest = await expected();
    reads = rangeReads();
    expect(await fourth.firstPage()).toEqual({ ids: latest.ids.slice(0, 25), total: latest.ids.length });
    expect(await fourth.balances()).toEqual(latest.sums);
    expect(reads.of('rows'), 'the rows read before the first answers').toBe(0);
    reads.stop();
  }, 60_000);
});
