// The kept views answer as PouchDB's own map/reduce and pouchdb-find do on the same replica, for
// random finance records: after a load, after bursts of edits and deletions, and on a page load
// that starts from the saved rows and reads only the changes since. bench:finance runs the same
// check (test/bench/kept-views-check.ts) at 50,000 records in Chromium; here a few thousand, in
// Node, where PouchDB's own view index over fake-indexeddb takes most of the time.
import '../support/browser-globals.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { destroyLocalDb, LOCAL_PREFIX, localDb } from '../../src/data/databases.ts';
import { LIST_VIEW } from '../../src/data/kept-lists.ts';
import { PouchDB } from '../../src/data/pouch.ts';
import { reducedView, saveKeptView } from '../../src/data/reduced-views.ts';
import { newId } from '../../src/domain/ids.ts';
import { designDocsFor } from '../../src/server/store/design-docs.ts';
import { burst, keptDifferences, movementDocs, seeded, walletDocs } from '../bench/kept-views-check.ts';

const RECORDS = 2_000;
const SEED = 20261127;
const KEPT = [LIST_VIEW, 'wallet-balances/by-currency', 'wallet-balances/pending', 'count-by-klass/all'];

const name = newId('Account');
afterAll(() => destroyLocalDb(name));

describe('the kept views against PouchDB', () => {
  it(`agree on ${RECORDS.toLocaleString('en')} random records, through bursts of edits and deletions and a page load`, async () => {
    const random = seeded(SEED);
    const db = localDb(name);
    const wallets = walletDocs(random, 6, () => newId('Wallet'));
    await db.bulkDocs([
      ...designDocsFor('group').map(({ _rev: _, ...ddoc }) => ddoc),
      ...wallets,
      ...movementDocs(random, wallets, RECORDS, (klass) => newId(klass as 'Outgo' | 'Income')),
    ]);
    expect(await keptDifferences(name, wallets), `seed ${SEED}, after the load`).toEqual([]);
    for (const view of KEPT) expect(await saveKeptView(db, view)).not.toBeNull();

    await burst(name, random, wallets, 200);
    expect(await keptDifferences(name, wallets), `seed ${SEED}, after a burst`).toEqual([]);
    for (const view of KEPT) await saveKeptView(db, view);
    await burst(name, random, wallets, 200);

    // Another page of the app: the same storage, nothing of this one's memory. It starts from
    // the rows saved after the first burst and reads the second from the replica's changes.
    const again = new PouchDB(`${LOCAL_PREFIX}${name}`, { auto_compaction: true });
    for (const view of ['wallet-balances/by-currency', 'count-by-klass/all'])
      expect(await reducedView(again, view, { group_level: 1 }), view).toEqual(
        (await db.query(view, { group_level: 1, reduce: true })).rows.map(({ key, value }) => ({ key, value })),
      );
  }, 120_000);
});
