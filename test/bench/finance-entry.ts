// Bundled for the browser by the finance benchmark and loaded next to the app: runs the import's
// own code (statement reading, mappings, duplicates, batched writes) and the screens' queries
// (balances, the first page of expenses) against the app's replica, timing each.
import '../../src/app/register-indexes.ts';
import { localDb } from '../../src/data/databases.ts';
import { buildIndexesInBackground } from '../../src/data/indexes.ts';
import { listRecords } from '../../src/data/record-list.ts';
import { queryView } from '../../src/data/records.ts';
import { writeRecords } from '../../src/data/resource-writes.ts';
import { applyMappings, type Mapping } from '../../src/domain/modules/moneta/mappings.ts';
import { outgos } from '../../src/domain/modules/moneta/records.ts';
import { guessColumns, readStatementRows } from '../../src/domain/modules/moneta/statement.ts';
import { parseStatement } from '../../src/domain/modules/moneta/statement-file.ts';
import { newId } from '../../src/domain/ids.ts';

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
    const text = ['Agência;0001;Conta;12345-6', 'Data;Lançamento;Valor (R$);Saldo (R$);'];
    for (let i = 0; i < lines; i++)
      text.push(
        `${String((i % 28) + 1).padStart(2, '0')}/11/2026;COMPRA LOJA ${i % 40} SÃO PAULO;-${(i % 900) + 1},${String(i % 100).padStart(2, '0')};;`,
      );
    const bytes = Uint8Array.from([...text.join('\r\n')].map((c) => c.charCodeAt(0) & 0xff));
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
  /** `count` expenses into the wallet through writeRecords (judged, batched, with progress). */
  async write(db: string, walletId: string, userId: string, count: number): Promise<{ ms: number; progress: number }> {
    let progress = 0;
    const docs = Array.from({ length: count }, (_, i) => ({
      _id: newId('Outgo'),
      klass: 'Outgo',
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      description: `Compra loja ${i % 40}`,
      value: (i % 90_000) + 1,
      wallet_id: walletId,
      currency: 'BRL',
      confirmed: i % 3 !== 0,
      imported: true,
      imported_at: '2026-11-25T10:00:00.000Z',
    }));
    const { ms } = await time(() =>
      writeRecords(db, outgos, docs, { userId, onProgress: () => void progress++ }).catch((error: unknown) => {
        throw new Error(`refused: ${JSON.stringify((error as { reason?: unknown }).reason).slice(0, 300)}`);
      }),
    );
    return { ms, progress };
  },
  /** The group's indexes and views built over what the replica holds, as the app builds them after a pull. */
  async build(db: string): Promise<number> {
    return (await time(() => buildIndexesInBackground(db))).ms;
  },
  /** The dashboard's balances and the expenses list's first page, as the screens query them. */
  async screens(db: string): Promise<{ balances: number; firstPage: number; total: number }> {
    const balances = await time(() => queryView(db, 'wallet-balances/by-currency', { group_level: 1 }));
    const page = await time(() =>
      listRecords(db, { klass: 'Outgo', sort: 'date', direction: 'desc', page: 1, perPage: 25 }),
    );
    return { balances: balances.ms, firstPage: page.ms, total: page.value.total };
  },
};

window.financeBench = financeBench;
