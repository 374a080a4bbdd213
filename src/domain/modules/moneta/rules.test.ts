import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES as M } from '../../errors.ts';
import { initialValues, judgeRecordDelete, judgeRecordWrite, type RuleContext } from '../../records/schema.ts';
import { exchanges, incomes, outgos, transfers, wallets } from './records.ts';
import {
  alreadyConfirmed,
  alreadyUnconfirmed,
  ANOTHER_WALLET,
  CONFIRMED_EXPENSE_KEPT,
  CURRENCY_KEPT,
  EXCHANGE_OTHER_CURRENCY,
  RECORD_IS_IMPORTED,
  RECORD_IS_NOT_IMPORTED,
  TRANSFER_SAME_CURRENCY,
  WALLET_CURRENCY,
} from './rules.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const brl = { _id: `wll-${uuid(1)}`, klass: 'Wallet', name: 'Conta', currency: 'BRL' };
const brl2 = { _id: `wll-${uuid(2)}`, klass: 'Wallet', name: 'Poupança', currency: 'BRL' };
const usd = { _id: `wll-${uuid(3)}`, klass: 'Wallet', name: 'Card', currency: 'USD' };
const records = new Map<string, Record<string, unknown>>([brl, brl2, usd].map((w) => [w._id, w]));
const context: RuleContext = { settings: {}, today: '2026-11-25', records };

const expense = {
  _id: `out-${uuid(10)}`,
  klass: 'Outgo',
  date: '2026-11-20',
  description: 'Peças',
  wallet_id: brl._id,
  value: 12_345,
  currency: 'BRL',
  confirmed: false,
};

describe('confirming and marking imported', () => {
  it('refuses the same action twice with the spec’s messages, and lets edits of a confirmed record through', () => {
    const confirmed = { ...expense, confirmed: true, confirmed_at: '2026-11-21T10:00:00Z' };
    expect(judgeRecordWrite(outgos, expense, confirmed, context).reasons).toEqual({});
    const again = { ...confirmed, confirmed_at: '2026-11-22T10:00:00Z' };
    expect(judgeRecordWrite(outgos, confirmed, again, context).reasons).toEqual({
      confirmed: [alreadyConfirmed('Outgo')],
    });
    expect(alreadyConfirmed('Outgo')).toBe('Expense is already confirmed');
    const unconfirmTwice = { ...expense, confirmed_at: '2026-11-22T10:00:00Z' };
    expect(judgeRecordWrite(outgos, expense, unconfirmTwice, context).reasons).toEqual({
      confirmed: [alreadyUnconfirmed('Outgo')],
    });
    expect(
      judgeRecordWrite(outgos, confirmed, { ...confirmed, description: 'Peças e cabos' }, context).reasons,
    ).toEqual({});
    const income = { ...expense, _id: `inc-${uuid(11)}`, klass: 'Income', confirmed: true, confirmed_at: 'a' };
    expect(judgeRecordWrite(incomes, income, { ...income, confirmed_at: 'b' }, context).reasons.confirmed).toEqual([
      'Income is already confirmed',
    ]);
  });

  it('says "Record is imported" and "Record is not imported"', () => {
    const imported = { ...expense, imported: true, imported_at: 'a' };
    expect(judgeRecordWrite(outgos, imported, { ...imported, imported_at: 'b' }, context).reasons).toEqual({
      imported: [RECORD_IS_IMPORTED],
    });
    expect(judgeRecordWrite(outgos, expense, { ...expense, imported_at: 'b' }, context).reasons).toEqual({
      imported: [RECORD_IS_NOT_IMPORTED],
    });
  });

  it('keeps a confirmed expense from being deleted, not an unconfirmed one nor a confirmed income', () => {
    expect(judgeRecordDelete(outgos, { ...expense, confirmed: true }, context)).toBe(CONFIRMED_EXPENSE_KEPT);
    expect(judgeRecordDelete(outgos, expense, context)).toBeNull();
    expect(judgeRecordDelete(incomes, { ...expense, klass: 'Income', confirmed: true }, context)).toBeNull();
  });
});

describe('wallets and currencies', () => {
  it('counts an amount in its wallet’s currency, which must exist', () => {
    expect(judgeRecordWrite(outgos, null, expense, context).reasons).toEqual({});
    expect(judgeRecordWrite(outgos, null, { ...expense, currency: 'USD' }, context).reasons).toEqual({
      currency: [WALLET_CURRENCY],
    });
    expect(judgeRecordWrite(outgos, null, { ...expense, wallet_id: `wll-${uuid(9)}` }, context).reasons).toEqual({
      wallet_id: [M.notFound],
    });
    // Nobody looked the wallets up: the rules about them let it through, the others hold.
    expect(
      judgeRecordWrite(outgos, null, { ...expense, currency: 'USD' }, { settings: null, today: '' }).reasons,
    ).toEqual({});
  });

  it('moves a transfer between two wallets of one currency, and an exchange between two', () => {
    const transfer = {
      _id: `trn-${uuid(20)}`,
      klass: 'Transfer',
      date: '2026-11-20',
      description: 'Reserva',
      source_wallet_id: brl._id,
      destination_wallet_id: brl2._id,
      value: 10_000,
      fee: 150,
      currency: 'BRL',
    };
    expect(judgeRecordWrite(transfers, null, transfer, context).reasons).toEqual({});
    expect(judgeRecordWrite(transfers, null, { ...transfer, destination_wallet_id: usd._id }, context).reasons).toEqual(
      {
        destination_wallet_id: [TRANSFER_SAME_CURRENCY],
      },
    );
    expect(judgeRecordWrite(transfers, null, { ...transfer, destination_wallet_id: brl._id }, context).reasons).toEqual(
      {
        destination_wallet_id: [ANOTHER_WALLET],
      },
    );
    const exchange = {
      _id: `exc-${uuid(21)}`,
      klass: 'Exchange',
      date: '2026-11-20',
      description: 'Viagem',
      source_wallet_id: brl._id,
      destination_wallet_id: usd._id,
      value_out: 55_000,
      value_in: 10_000,
      fee: 300,
      fee_kind: 'source',
      fee_currency: 'BRL',
      source_currency: 'BRL',
      destination_currency: 'USD',
    };
    expect(judgeRecordWrite(exchanges, null, exchange, context).reasons).toEqual({});
    expect(judgeRecordWrite(exchanges, null, { ...exchange, fee_kind: 'destination' }, context).reasons).toEqual({
      fee_currency: [WALLET_CURRENCY],
    });
    expect(
      judgeRecordWrite(
        exchanges,
        null,
        { ...exchange, destination_wallet_id: brl2._id, destination_currency: 'BRL' },
        context,
      ).reasons,
    ).toEqual({ destination_wallet_id: [EXCHANGE_OTHER_CURRENCY] });
  });

  it('takes a 3-letter ISO 4217 code and keeps it once the wallet exists', () => {
    expect(judgeRecordWrite(wallets, null, { ...brl, currency: 'REAIS' }, context).reasons).toEqual({
      currency: [M.invalid],
    });
    expect(judgeRecordWrite(wallets, null, { ...brl, currency: 'XYZ' }, context).hasErrors).toBe(true);
    expect(judgeRecordWrite(wallets, brl, { ...brl, currency: 'USD' }, context).reasons).toEqual({
      currency: [CURRENCY_KEPT],
    });
  });
});

describe('what is pending', () => {
  it('a record typed by hand starts confirmed; only a statement’s lines wait (issue 28)', () => {
    for (const spec of [outgos, incomes, transfers, exchanges]) expect(initialValues(spec).confirmed).toBe(true);
  });
});
