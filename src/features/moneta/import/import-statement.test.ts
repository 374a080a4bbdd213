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

  it('reads a card statement’s signs and finds what an import with another description column stored', async () => {
    const accountId = newId('Account');
    const db = localDb(accountId);
    const card = { _id: newId('Wallet'), klass: 'Wallet', name: 'Cartão', currency: 'BRL', card: true };
    // An earlier import took "title" as the description; this file's description is "details".
    await db.bulkDocs([
      card,
      {
        _id: newId('Outgo'),
        klass: 'Outgo',
        wallet_id: card._id,
        currency: 'BRL',
        date: '2026-11-02',
        description: 'Uber *Uber',
        value: 1_893,
      },
    ]);
    const table = {
      encoding: 'utf-8' as const,
      separator: ',',
      headerLine: 0,
      headers: ['date', 'title', 'details', 'amount'],
      rows: [
        ['2026-11-02', 'Uber *Uber', 'Viagem 14h', '18.93'],
        ['2026-11-03', 'Saldo anterior', '', '100.00'],
        ['2026-11-05', 'Pagamento recebido', 'Obrigado', '-1500.00'],
      ],
    };
    const plan = await planImport(accountId, table, {
      columns: { date: 0, description: 2, value: 3 },
      dateFormat: 'YYYY-MM-DD',
      wallets: new Map([['BRL', card]]),
      amountSign: 'card',
    });
    expect(plan.duplicates.map((r) => `${String(r.klass)} ${String(r.value)}`)).toEqual(['Outgo 1893']);
    expect(plan.records.map((r) => `${String(r.klass)} ${String(r.value)} ${String(r.description)}`)).toEqual([
      'Income 150000 Obrigado',
    ]);
    expect(plan.skipped.map((r) => r.skip)).toEqual(['balance']);
    expect(plan.records[0]).not.toHaveProperty('texts');
    await destroyLocalDb(accountId);
  });
});
