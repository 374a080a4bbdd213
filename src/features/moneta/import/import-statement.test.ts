import '../../../../test/support/browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { destroyLocalDb, localDb } from '../../../data/databases.ts';
import { newId } from '../../../domain/ids.ts';
import { planImport } from './import-statement.ts';

describe('planning a statement import on the device', () => {
  it('sets apart every duplicate of what the wallet holds, however many (past a query’s default page)', async () => {
    const accountId = newId('Account');
    const db = localDb(accountId);
    const wallet = { _id: newId('Wallet'), klass: 'Wallet', name: 'Conta', currency: 'BRL', precision: 2 };
    const days = Array.from({ length: 40 }, (_, i) => `2026-10-${String((i % 28) + 1).padStart(2, '0')}`);
    await db.bulkDocs([
      wallet,
      ...days.map((date, i) => ({
        _id: newId('Outgo'),
        klass: 'Outgo',
        wallet_id: wallet._id,
        currency: 'BRL',
        date,
        description: `Compra ${i}`,
        value: 1_000 + i,
      })),
    ]);
    const table = {
      encoding: 'utf-8' as const,
      separator: ';',
      headerLine: 0,
      headers: ['Data', 'Histórico', 'Valor'],
      rows: [
        ...days.map((date, i) => [date, `Compra ${i}`, `-${(1_000 + i) / 100}`]),
        ['2026-10-30', 'Nova compra', '-5'],
      ],
    };
    const plan = await planImport(accountId, table, {
      columns: { date: 0, description: 1, value: 2 },
      dateFormat: 'YYYY-MM-DD',
      wallets: new Map([['BRL', wallet]]),
    });
    expect(plan.duplicates).toHaveLength(40);
    expect(plan.records.map((r) => r.description)).toEqual(['Nova compra']);
    await destroyLocalDb(accountId);
  });
});
