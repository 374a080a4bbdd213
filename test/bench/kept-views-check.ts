// The kept views (src/data/reduced-views.ts, kept-lists.ts) against PouchDB's own answers on the
// same replica: the design documents' map/reduce queries for the balances and the counts, and
// pouchdb-find through an index for the lists. Shared by the unit test (a few thousand random
// records, in Node) and bench:finance (50,000, in Chromium), with the records and the bursts of
// edits and deletions both make.
import { countRecords } from '../../src/data/record-list.ts';
import { localDb } from '../../src/data/databases.ts';
import { keptIds, keptQueryOf } from '../../src/data/kept-lists.ts';
import type { PouchDoc } from '../../src/data/pouch-api.ts';
import { ensureIndex, type RecordQuery } from '../../src/data/records.ts';
import { type ReduceOptions, reducedView } from '../../src/data/reduced-views.ts';

/** The same random numbers for the same seed (mulberry32): a failure can be run again. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export interface CheckWallet {
  _id: string;
  currency: string;
}

const CURRENCIES = ['BRL', 'USD', 'EUR'];

/** A few wallets in three currencies, with start balances. */
export function walletDocs(
  random: () => number,
  count: number,
  id: (i: number) => string,
): Array<PouchDoc & CheckWallet> {
  return Array.from({ length: count }, (_, i) => ({
    _id: id(i),
    klass: 'Wallet',
    name: `Wallet ${i}`,
    currency: CURRENCIES[i % CURRENCIES.length]!,
    start_balance: Math.floor(random() * 1_000_000),
    active: true,
  }));
}

/** One random movement of a wallet's money, with the fields the views and lists read (some missing). */
function movement(random: () => number, wallets: readonly CheckWallet[]): Record<string, unknown> {
  const wallet = pick(random, wallets);
  const day = 1 + Math.floor(random() * 1_000);
  return {
    klass: random() < 0.75 ? 'Outgo' : 'Income',
    wallet_id: wallet._id,
    currency: wallet.currency,
    value: 1 + Math.floor(random() * 90_000),
    ...(random() < 0.97 ? { date: new Date(Date.UTC(2024, 0, day)).toISOString().slice(0, 10) } : {}),
    description: `Loja ${Math.floor(random() * 40)}`,
    categories: random() < 0.15 ? [] : [`cat-${Math.floor(random() * 12)}`],
    confirmed: random() < 0.75,
    ...(random() < 0.2 ? { imported: true } : {}),
  };
}

export function movementDocs(
  random: () => number,
  wallets: readonly CheckWallet[],
  count: number,
  id: (klass: string) => string,
): PouchDoc[] {
  return Array.from({ length: count }, () => {
    const doc = movement(random, wallets);
    return { _id: id(doc.klass as string), ...doc };
  });
}

/**
 * `count` edits and deletions of random stored movements, as a sync or an import brings them:
 * a fifth deleted, the others moved to another wallet, day, value or confirmation.
 */
export async function burst(dbName: string, random: () => number, wallets: readonly CheckWallet[], count: number) {
  const db = localDb(dbName);
  const ids = (await db.allDocs()).rows.map((row) => row.id).filter((id) => /^(out|inc)-/.test(id));
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, ids.length)) chosen.add(pick(random, ids));
  const { rows } = await db.allDocs({ keys: [...chosen], include_docs: true });
  const changed = rows.map(({ doc }) =>
    random() < 0.2
      ? { _id: doc!._id, _rev: doc!._rev, _deleted: true }
      : { ...doc!, ...movement(random, wallets), klass: doc!.klass },
  );
  await db.bulkDocs(changed as PouchDoc[]);
}

/** The balances and counts the screens ask for, as reduce queries. */
function reduceQueries(wallets: readonly CheckWallet[]): Array<[string, ReduceOptions]> {
  const first = wallets[0]!;
  return [
    ['wallet-balances/by-currency', { group_level: 1 }],
    ['wallet-balances/by-currency', { group_level: 2 }],
    [
      'wallet-balances/by-currency',
      { group_level: 2, startkey: [first.currency, first._id], endkey: [first.currency, first._id, {}] },
    ],
    ['wallet-balances/pending', { group_level: 1 }],
    ['wallet-balances/pending', { group_level: 2 }],
    ['count-by-klass/all', { group_level: 1 }],
    ['count-by-klass/all', { key: 'Outgo', group: true }],
  ];
}

/** The lists the screens page through: newest expenses, a wallet's, incomes oldest first. */
function listQueries(wallets: readonly CheckWallet[]): RecordQuery[] {
  return [
    { selector: { klass: 'Outgo', date: { $gt: null } }, sort: [{ klass: 'desc' }, { date: 'desc' }], limit: 1e9 },
    {
      selector: { klass: 'Outgo', wallet_id: wallets[1]!._id, date: { $gt: null } },
      sort: [{ klass: 'desc' }, { wallet_id: 'desc' }, { date: 'desc' }],
      limit: 1e9,
    },
    { selector: { klass: 'Income', date: { $gt: null } }, sort: [{ klass: 'asc' }, { date: 'asc' }], limit: 1e9 },
  ];
}

/**
 * Where the kept answers differ from PouchDB's (empty: none), for the balances per currency and
 * per wallet, the pending sums, the counts and the lists (every id in order, and the count a
 * filtered list shows). PouchDB's first query of each builds its index over every document.
 */
export async function keptDifferences(dbName: string, wallets: readonly CheckWallet[]): Promise<string[]> {
  const db = localDb(dbName);
  const differences: string[] = [];
  const differ = (what: string, kept: unknown, pouch: unknown) => {
    const [a, b] = [JSON.stringify(kept), JSON.stringify(pouch)];
    if (a !== b) differences.push(`${what}: kept ${a.slice(0, 200)}, PouchDB ${b.slice(0, 200)}`);
  };
  for (const [view, options] of reduceQueries(wallets)) {
    const kept = await reducedView(db, view, options);
    const { rows } = await db.query(view, { ...options, reduce: true });
    differ(
      `${view} ${JSON.stringify(options)}`,
      kept,
      rows.map(({ key, value }) => ({ key, value })),
    );
  }
  for (const query of listQueries(wallets)) {
    const fields = [...Object.keys(query.selector), ...(query.sort ?? []).flatMap((s) => Object.keys(s))];
    await ensureIndex(db, [...new Set(fields)]);
    // A copy: pouchdb-find rewrites the selector it is given.
    const { docs } = await db.find({ ...structuredClone(query), fields: ['_id'] });
    const kept = keptQueryOf(query);
    differ(
      `list ${JSON.stringify(query.selector)}`,
      kept && (await keptIds(dbName, kept))?.ids,
      docs.map((d) => d._id),
    );
  }
  const filter = { wallet_id: wallets[1]!._id };
  const counted = await countRecords(dbName, { klass: 'Outgo', sort: 'date', filter });
  await ensureIndex(db, ['klass', 'wallet_id', 'date']);
  const { docs } = await db.find({
    selector: { klass: 'Outgo', ...filter, date: { $gt: null } },
    fields: ['_id'],
    limit: 1e9,
  });
  differ(`count of a wallet's expenses`, counted, docs.length);
  return differences;
}
