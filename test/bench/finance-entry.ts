// Bundled for the browser by the finance benchmark and loaded next to the app: runs the import's
// own code (statement reading, mappings, batched writes) and the screens' queries (balances per
// currency and per wallet, where the money went, the expenses list's first page and its count)
// against the app's replica, timing each.
import '../../src/app/register-indexes.ts';
import { localDb } from '../../src/data/databases.ts';
import { countRecords, listRows } from '../../src/data/record-list.ts';
import { findRecords, queryView } from '../../src/data/records.ts';
import { writeRecords } from '../../src/data/resource-writes.ts';
import { applyMappings, type Mapping } from '../../src/domain/modules/moneta/mappings.ts';
import { outgos } from '../../src/domain/modules/moneta/records.ts';
import { guessColumns, readStatementRows } from '../../src/domain/modules/moneta/statement.ts';
import { parseStatement } from '../../src/domain/modules/moneta/statement-file.ts';
import { newId } from '../../src/domain/ids.ts';
import { localDay, localDayBefore } from '../../src/domain/days.ts';
import { spending, walletSums } from '../../src/features/moneta/api/balances.ts';
import { planImport } from '../../src/features/moneta/import/import-statement.ts';
import { listMappings } from '../../src/features/moneta/api/mappings.ts';
import { LIST_VIEW } from '../../src/data/kept-lists.ts';
import { SEARCH_VIEW } from '../../src/data/kept-search.ts';
import { keptRows, saveKeptView } from '../../src/data/reduced-views.ts';
import { burst, type CheckWallet, keptDifferences, seeded } from './kept-views-check.ts';

declare global {
  interface Window {
    financeBench: typeof financeBench;
  }
}

const MAPPINGS: Mapping[] = Array.from({ length: 20 }, (_, i) => ({
  active: true,
  target: i % 2 ? 'outgo' : 'income',
  field_to_watch: 'description',
  kind_of_watch: 'contains',
  text_to_match: `loja ${i}`,
  field_to_change: 'categories',
  kind_of_change: 'append',
  text_to_change: `cat-${i}`,
  order: i,
}));

/** Every view the device keeps for a Moneta group (lists, search, balances, counts). */
const KEPT_VIEWS = [
  LIST_VIEW,
  SEARCH_VIEW,
  'wallet-balances/by-currency',
  'wallet-balances/pending',
  'count-by-klass/all',
];

/** The expenses list's first page, newest first, as the screen asks for it. */
const LIST = { klass: 'Outgo', sort: 'date', direction: 'desc', page: 1, perPage: 25 } as const;

/** A Latin-1 bank statement of `lines` movements, account details above its headers. */
function statement(lines: number): Uint8Array {
  const text = ['Agência;0001;Conta;12345-6', 'Data;Lançamento;Valor (R$);Saldo (R$);'];
  for (let i = 0; i < lines; i++)
    text.push(
      `${String((i % 28) + 1).padStart(2, '0')}/11/2026;COMPRA LOJA ${i % 40} SÃO PAULO;-${(i % 900) + 1},${String(i % 100).padStart(2, '0')};;`,
    );
  return Uint8Array.from([...text.join('\r\n')].map((c) => c.charCodeAt(0) & 0xff));
}

const time = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> => {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
};

const financeBench = {
  /** Whether the first pull brought these documents (the wallet, the balances' design document). */
  async has(db: string, ids: string[]): Promise<boolean> {
    const { rows } = await localDb(db).allDocs({ keys: ids });
    return rows.every((row) => 'value' in row && Boolean(row.value) && !('deleted' in row.value));
  },
  /** A Latin-1 statement of `lines` movements: parsed, read, mapped and the preview's rows taken. */
  async preview(lines: number): Promise<{ ms: number; rows: number }> {
    const bytes = statement(lines);
    const { ms, value } = await time(() => {
      const table = parseStatement(bytes);
      const rows = readStatementRows(table, {
        columns: guessColumns(table.headers),
        dateFormat: 'DD/MM/YYYY',
        currency: 'BRL',
      });
      const mapped = rows.flatMap((row) =>
        'skip' in row
          ? []
          : [applyMappings({ klass: row.kind, description: row.description, value: row.value }, MAPPINGS).record],
      );
      return mapped.slice(0, 10).length + mapped.length - 10;
    });
    return { ms, rows: value };
  },
  /**
   * The import screen's whole plan for a statement against a wallet that holds records already:
   * parsed, read, the group's mappings applied, each record's id derived, duplicates looked up.
   */
  async plan(db: string, walletId: string, lines: number): Promise<{ ms: number; records: number }> {
    const wallet = await localDb(db).get(walletId);
    const table = parseStatement(statement(lines));
    const { ms, value } = await time(() =>
      planImport(db, table, {
        columns: guessColumns(table.headers),
        dateFormat: 'DD/MM/YYYY',
        wallets: new Map([['BRL', wallet]]),
      }),
    );
    return { ms, records: value.records.length + value.duplicates.length };
  },
  /**
   * `count` expenses into the wallet through writeRecords (judged, batched, with progress), as a
   * person's records look: three years of dates, a dozen categories, most confirmed, a fifth
   * imported from statements (which the balance leaves out).
   */
  async write(db: string, walletId: string, userId: string, count: number): Promise<{ ms: number; progress: number }> {
    let progress = 0;
    const day = (i: number) => {
      const date = new Date(Date.UTC(2024, 0, 1) + ((i * 7919) % (3 * 365)) * 86_400_000);
      return date.toISOString().slice(0, 10);
    };
    const docs = Array.from({ length: count }, (_, i) => ({
      _id: newId('Outgo'),
      klass: 'Outgo',
      date: day(i),
      description: `Compra loja ${i % 40}`,
      value: (i % 90_000) + 1,
      wallet_id: walletId,
      currency: 'BRL',
      categories: i % 7 === 0 ? [] : [`cat-${i % 12}`],
      confirmed: i % 4 !== 0,
      ...(i % 5 === 0 ? { imported: true, imported_at: '2026-11-25T10:00:00.000Z' } : {}),
    }));
    const { ms } = await time(() =>
      writeRecords(db, outgos, docs, { userId, onProgress: () => void progress++ }).catch((error: unknown) => {
        throw new Error(`refused: ${JSON.stringify((error as { reason?: unknown }).reason).slice(0, 300)}`);
      }),
    );
    return { ms, progress };
  },
  /**
   * The first query of each thing the finance screens read, after the writes: it brings the
   * view or index up to date, so this is their build time (the app makes these in the
   * background after a pull; here the records were written on the device).
   */
  async build(db: string, walletId: string): Promise<Record<string, number>> {
    return {
      'wallet-balances view': (await time(() => walletSums(db, 'BRL', walletId))).ms,
      'count-by-klass view': (await time(() => countRecords(db, { klass: 'Outgo', sort: 'date' }))).ms,
      '[klass, date] index': (await time(() => listRows(db, LIST))).ms,
      // The mappings in their order (the import's preview, a new record's save).
      '[klass, order] index': (await time(() => listMappings(db))).ms,
      // A wallet's records by day (its expenses list, a statement's duplicates).
      '[klass, wallet_id, date] index': (
        await time(() =>
          findRecords(db, { selector: { klass: 'Outgo', wallet_id: walletId, date: { $gt: null } }, limit: 1 }),
        )
      ).ms,
    };
  },
  /** What the dashboard, a wallet's page and the expenses list read, as they read it. */
  async screens(db: string, walletId: string): Promise<Record<string, number>> {
    const now = new Date();
    return {
      balances: (await time(() => queryView(db, 'wallet-balances/by-currency', { group_level: 1 }))).ms,
      wallet: (await time(() => walletSums(db, 'BRL', walletId))).ms,
      spending: (await time(() => spending(db, localDayBefore(now, 29), localDay(now)))).ms,
      firstPage: (await time(() => listRows(db, LIST))).ms,
      count: (await time(() => countRecords(db, { klass: 'Outgo', sort: 'date' }))).ms,
    };
  },
  /**
   * Each kept view caught up, then saved now (the app saves a few seconds after the changes
   * stop): the documents' records written and the time the saves took.
   */
  async saveKept(db: string): Promise<{ ms: number; records: number }> {
    const replica = localDb(db);
    for (const view of KEPT_VIEWS) await keptRows(replica, view);
    let records = 0;
    const { ms } = await time(async () => {
      for (const view of KEPT_VIEWS) records += (await saveKeptView(replica, view))?.records ?? 0;
    });
    return { ms, records };
  },
  /**
   * The saved rows' size, as JSON (what the browser stores is about as large), and their
   * records; then the same of what is saved beside them (the heads with their sums, the orders).
   */
  async snapshotSize(db: string): Promise<{ bytes: number; records: number; besideBytes: number; beside: number }> {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(`_pouch_${localDb(db).name}-kept-views`);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = (store: string) =>
      idb.objectStoreNames.contains(store)
        ? new Promise<unknown[]>((resolve, reject) => {
            const req = idb.transaction(store).objectStore(store).getAll();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          })
        : Promise.resolve([]);
    const records = await all('rows');
    const beside = [...(await all('heads')), ...(await all('orders'))];
    idb.close();
    const bytes = (stored: unknown[]) => stored.reduce<number>((n, r) => n + JSON.stringify(r).length, 0);
    return { bytes: bytes(records), records: records.length, besideBytes: bytes(beside), beside: beside.length };
  },
  /** A page load's first answers (the replica opened, the list's first page, the balances and pending), timed. */
  async firstAnswers(db: string): Promise<{ ms: Record<string, number>; answers: string }> {
    const opened = await time(() => localDb(db).info());
    const list = await time(() => listRows(db, LIST));
    const balances = await time(() =>
      Promise.all([
        queryView(db, 'wallet-balances/by-currency', { group_level: 1 }),
        queryView(db, 'wallet-balances/pending', { group_level: 1 }),
      ]),
    );
    return {
      ms: { opened: opened.ms, list: list.ms, balances: balances.ms },
      answers: JSON.stringify([list.value.rows.map((r) => r._id), list.value.total, balances.value]),
    };
  },
  /**
   * A page load with the group on the device, step by step: the replica opened, the expenses
   * list's first page, then the balances, each answered from what the last save kept (the
   * list's order, the sums) or else from the saved rows and the changes since. Then the rows of
   * those views read (what the app does once the page is quiet), and, in the loaded page, the
   * list in an order not sorted yet, and the balances after a new record.
   */
  async pageLoad(db: string, walletId: string, userId: string): Promise<Record<string, number>> {
    const { ms: first } = await financeBench.firstAnswers(db);
    const rows = await time(() =>
      Promise.all(
        [LIST_VIEW, 'wallet-balances/by-currency', 'wallet-balances/pending'].map((view) =>
          keptRows(localDb(db), view),
        ),
      ),
    );
    const otherOrder = await time(() => listRows(db, { ...LIST, sort: 'created_at' }));
    await financeBench.write(db, walletId, userId, 1);
    const after = await time(() => queryView(db, 'wallet-balances/by-currency', { group_level: 1 }));
    return {
      ...first,
      rows: rows.ms,
      otherOrder: otherOrder.ms,
      balancesAfterWrite: after.ms,
    };
  },
  /** A second wallet in another currency, so that a burst moves money between wallets and currencies. */
  async addWallet(db: string): Promise<CheckWallet> {
    const wallet = { _id: newId('Wallet'), klass: 'Wallet', name: 'Dollars', currency: 'USD', start_balance: 500 };
    await localDb(db).put(wallet);
    return wallet;
  },
  /** `count` edits and deletions of random records (test/bench/kept-views-check.ts), seeded. */
  async burst(db: string, wallets: CheckWallet[], count: number, seed: number): Promise<void> {
    await burst(db, seeded(seed), wallets, count);
  },
  /** Where the kept views differ from PouchDB's own answers (whose first query builds its index). */
  async differences(db: string, wallets: CheckWallet[]): Promise<{ ms: number; differences: string[] }> {
    const { ms, value } = await time(() => keptDifferences(db, wallets));
    return { ms, differences: value };
  },
};

window.financeBench = financeBench;
