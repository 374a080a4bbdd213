// A bank statement into a wallet, on the device: read in a Web Worker, rows turned into incomes
// and expenses with the group's mappings applied, duplicates of what the wallets already hold
// skipped, then written in batches with progress; undone as a whole from the import's page.
import { writeOptions, type ResourceEnv } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { findRecords } from '../../../data/records.ts';
import { type BatchProgress, removeRecords, writeRecord, writeRecords } from '../../../data/resource-writes.ts';
import { newId } from '../../../domain/ids.ts';
import { applyMappings } from '../../../domain/modules/moneta/mappings.ts';
import { listMappings } from '../api/mappings.ts';
import { imports, incomes, outgos } from '../../../domain/modules/moneta/records.ts';
import {
  type AmountSign,
  type ColumnMap,
  type DateFormat,
  importedRecordId,
  readStatementRows,
  type StatementRow,
  type StatementTable,
  withoutDuplicates,
} from '../../../domain/modules/moneta/statement.ts';

export function readStatementFile(file: Blob): Promise<StatementTable> {
  return file.arrayBuffer().then(
    (bytes) =>
      new Promise<StatementTable>((resolve, reject) => {
        const worker = new Worker(new URL('./statement.worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = (
          event: MessageEvent<{ ok: true; table: StatementTable } | { ok: false; message: string }>,
        ) => {
          worker.terminate();
          if (event.data.ok) resolve(event.data.table);
          else reject(new Error(event.data.message));
        };
        worker.onerror = (event) => {
          worker.terminate();
          reject(new Error(event.message));
        };
        worker.postMessage(bytes, [bytes]);
      }),
  );
}

export async function listWallets(accountId: string): Promise<PouchDoc[]> {
  return findRecords<PouchDoc>(accountId, {
    selector: { klass: 'Wallet', name: { $gt: null } },
    sort: [{ klass: 'asc' }, { name: 'asc' }],
    limit: 10_000,
  });
}

/** Previous imports, newest first: a file with the same headers reuses the columns of one (per bank). */
export async function listImports(accountId: string): Promise<PouchDoc[]> {
  return findRecords<PouchDoc>(accountId, {
    selector: { klass: 'CsvImport', created_at: { $gt: null } },
    sort: [{ klass: 'desc' }, { created_at: 'desc' }],
    limit: 50,
  });
}

export interface ImportPlan {
  importId: string;
  /** Records to write, with the mappings applied, per kind. */
  records: PouchDoc[];
  duplicates: PouchDoc[];
  skipped: Array<
    Extract<StatementRow, { skip: string }> | { line: number; skip: 'noWallet'; description: string; currency: string }
  >;
  /** Which fields the mappings changed, by record id (shown in the preview). */
  mapped: Map<string, string[]>;
  firstLine: number;
  lastLine: number;
}

const SPEC = { Income: incomes, Outgo: outgos } as const;

/**
 * What importing the table would write: each readable row as a record of the wallet of its
 * currency, mappings applied, duplicates of the wallets' records (same kind, day, amount and
 * description or another of the line's texts) set apart, and every other line with why it is left out.
 */
export async function planImport(
  accountId: string,
  table: StatementTable,
  options: {
    columns: ColumnMap;
    dateFormat: DateFormat;
    wallets: ReadonlyMap<string, PouchDoc>;
    amountSign?: AmountSign;
    now?: Date;
  },
): Promise<ImportPlan> {
  const importId = newId('CsvImport');
  const now = (options.now ?? new Date()).toISOString();
  const main = [...options.wallets.values()][0];
  const rows = readStatementRows(table, {
    columns: options.columns,
    dateFormat: options.dateFormat,
    currency: typeof main?.currency === 'string' ? main.currency : 'USD',
    amountSign: options.amountSign,
  });
  const mappings = await listMappings(accountId);
  const plan: ImportPlan = {
    importId,
    records: [],
    duplicates: [],
    skipped: [],
    mapped: new Map(),
    firstLine: table.headerLine + 2,
    lastLine: table.headerLine + 1 + table.rows.length,
  };
  // Hashed together, not one await at a time (10,000 lines: seconds otherwise).
  const ids = new Map(
    await Promise.all(
      rows.flatMap((row) =>
        'skip' in row
          ? []
          : [
              importedRecordId(row.kind === 'Income' ? 'inc' : 'out', importId, row.line).then(
                (id) => [row.line, id] as const,
              ),
            ],
      ),
    ),
  );
  const candidates: PouchDoc[] = [];
  // The line's own words, beside its (mapped) description, for matching earlier records.
  const texts = new Map<string, string[]>();
  for (const row of rows) {
    if ('skip' in row) {
      plan.skipped.push(row);
      continue;
    }
    const wallet = options.wallets.get(row.currency);
    if (!wallet) {
      plan.skipped.push({ line: row.line, skip: 'noWallet', description: row.description, currency: row.currency });
      continue;
    }
    const party = row.kind === 'Income' ? 'paid_by' : 'paid_to';
    const doc: PouchDoc = {
      _id: ids.get(row.line)!,
      klass: row.kind,
      date: row.date,
      description: row.description,
      value: row.value,
      wallet_id: wallet._id,
      currency: wallet.currency,
      ...(row.third_party ? { [party]: row.third_party } : {}),
      confirmed: false,
      imported: true,
      imported_at: now,
      import_id: importId,
    };
    const { record, fields } = applyMappings(doc, mappings);
    if (fields.length > 0) plan.mapped.set(record._id, fields);
    texts.set(record._id, row.texts);
    candidates.push(record);
  }
  // Compared with what the wallets hold over the statement's days: on the description as mapped
  // (what an earlier import of the same file stored), else on any of the line's own words.
  const dates = candidates.map((d) => d.date as string).sort();
  const existing = dates.length
    ? (
        await Promise.all(
          [...new Set(candidates.map((d) => `${String(d.klass)}|${String(d.wallet_id)}`))].map((key) => {
            const [klass, walletId] = key.split('|') as [string, string];
            return findRecords<PouchDoc>(accountId, {
              selector: { klass, wallet_id: walletId, date: { $gte: dates[0], $lte: dates[dates.length - 1] } },
              limit: 1_000_000,
            });
          }),
        )
      ).flat()
    : [];
  const { fresh, duplicates } = withoutDuplicates(candidates, existing, (doc) => texts.get(doc._id) ?? []);
  plan.records = fresh;
  plan.duplicates = duplicates;
  return plan;
}

/** Writes the plan's records with progress, then the import's own record. */
export async function runImport(
  env: ResourceEnv,
  plan: ImportPlan,
  meta: { description: string; walletId: string; dateFormat: DateFormat; table: StatementTable; columns: ColumnMap },
  onProgress: (progress: BatchProgress) => void,
): Promise<string> {
  const options = writeOptions(env);
  const total = plan.records.length;
  let done = 0;
  for (const klass of ['Outgo', 'Income'] as const) {
    const docs = plan.records.filter((doc) => doc.klass === klass);
    if (docs.length === 0) continue;
    const before = done;
    await writeRecords(env.accountId, SPEC[klass], docs, {
      ...options,
      onProgress: ({ written }) => onProgress({ written: before + written, total }),
    });
    done += docs.length;
  }
  await writeRecord(
    env.accountId,
    imports,
    {
      _id: plan.importId,
      klass: 'CsvImport',
      description: meta.description,
      wallet_id: meta.walletId,
      date_format: meta.dateFormat,
      status: 'done',
      imported_count: total,
      duplicate_count: plan.duplicates.length,
      skipped_count: plan.skipped.length,
      headers: meta.table.headers.join('\n'),
      columns: Object.entries(meta.columns).map(([field, column]) => ({ field, column })),
      first_line: plan.firstLine,
      last_line: plan.lastLine,
    },
    options,
  );
  return plan.importId;
}

/**
 * Undoes an import: removes the records it wrote that are still there (their ids derive from the
 * import and their line), keeps those the rules keep (a confirmed expense), and marks it undone.
 */
export async function undoImport(
  env: ResourceEnv,
  record: PouchDoc,
  onProgress: (progress: BatchProgress) => void,
): Promise<{ removed: number; kept: number }> {
  const first = typeof record.first_line === 'number' ? record.first_line : 0;
  const last = typeof record.last_line === 'number' ? record.last_line : -1;
  const options = writeOptions(env);
  let removed = 0;
  let kept = 0;
  for (const [prefix, spec] of [
    ['out', outgos],
    ['inc', incomes],
  ] as const) {
    const ids: string[] = [];
    for (let line = first; line <= last; line++) ids.push(await importedRecordId(prefix, record._id, line));
    const result = await removeRecords(env.accountId, spec, ids, { ...options, onProgress });
    removed += result.removed.length;
    kept += result.kept.length;
  }
  await writeRecord(env.accountId, imports, { ...record, status: 'undone' }, options);
  return { removed, kept };
}
