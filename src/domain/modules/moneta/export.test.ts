import { describe, expect, it } from 'vitest';
import { FINANCE_CSV } from './export.ts';

const row = (doc: Record<string, unknown>) =>
  Object.fromEntries(FINANCE_CSV.columns.map((c, i) => [c, FINANCE_CSV.row(doc)[i]]));

describe('the finance CSV', () => {
  it('covers every finance record of the module', () => {
    expect([...FINANCE_CSV.klasses].sort()).toEqual(['Exchange', 'Income', 'Outgo', 'Transfer', 'Wallet']);
  });

  it.each([
    [
      'a wallet: its name and start balance',
      { _id: 'wll-1', klass: 'Wallet', name: 'Bank', currency: 'BRL', start_balance: 123456 },
      { kind: 'Wallet', id: 'wll-1', description: 'Bank', amount: '1234.56', currency: 'BRL' },
    ],
    [
      'an expense: who was paid, categories, confirmed',
      {
        _id: 'out-1',
        klass: 'Outgo',
        date: '2026-11-02',
        description: 'Rent',
        wallet_id: 'wll-1',
        value: 50000,
        currency: 'USD',
        paid_to: 'Landlord',
        categories: ['home', 'fixed'],
        confirmed: true,
      },
      {
        kind: 'Outgo',
        date: '2026-11-02',
        wallet_id: 'wll-1',
        amount: '500.00',
        currency: 'USD',
        party: 'Landlord',
        categories: 'home; fixed',
        confirmed: true,
      },
    ],
    [
      'an income in a currency without cents',
      { _id: 'inc-1', klass: 'Income', value: 1500, currency: 'JPY', paid_by: 'Client', wallet_id: 'wll-2' },
      { amount: '1500', currency: 'JPY', party: 'Client' },
    ],
    [
      'a transfer: both wallets and the fee, in its currency',
      {
        _id: 'trf-1',
        klass: 'Transfer',
        source_wallet_id: 'wll-1',
        destination_wallet_id: 'wll-2',
        value: 1000,
        fee: 25,
        currency: 'USD',
      },
      { wallet_id: 'wll-1', destination_wallet_id: 'wll-2', amount: '10.00', fee: '0.25', fee_currency: 'USD' },
    ],
    [
      'an exchange: what left and what arrived',
      {
        _id: 'exc-1',
        klass: 'Exchange',
        source_wallet_id: 'wll-1',
        destination_wallet_id: 'wll-3',
        value_out: 10000,
        source_currency: 'USD',
        value_in: 52000,
        destination_currency: 'BRL',
        fee: 100,
        fee_currency: 'USD',
      },
      { amount: '100.00', currency: 'USD', amount_in: '520.00', currency_in: 'BRL', fee: '1.00', fee_currency: 'USD' },
    ],
  ])('%s', (_, doc, expected) => expect(row(doc)).toMatchObject(expected));
});
