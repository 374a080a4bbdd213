import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney, sumMoney } from '../../money.ts';
import { amountInWallet, currencyFigures, movements, positiveBalances, walletFigures } from './balances.ts';

const brl = { _id: 'wll-a', klass: 'Wallet', currency: 'BRL', start_balance: 100_000 };
const usd = { _id: 'wll-b', klass: 'Wallet', currency: 'USD', start_balance: 0, card: true, card_limit: 50_000 };
const brl2 = { _id: 'wll-c', klass: 'Wallet', currency: 'BRL', start_balance: 0 };
const entry = (klass: string, value: number, extra: Record<string, unknown> = {}) => ({
  klass,
  wallet_id: 'wll-a',
  currency: 'BRL',
  value,
  confirmed: true,
  ...extra,
});

const DOCS = [
  brl,
  usd,
  brl2,
  entry('Income', 50_000),
  entry('Outgo', 12_345),
  entry('Outgo', 1_000, { confirmed: false }),
  entry('Income', 99_999, { imported: true }),
  entry('Income', 77_777, { imported: true, confirmed: false }),
  entry('Outgo', 2_000, { wallet_id: 'wll-b', currency: 'USD' }),
  {
    klass: 'Transfer',
    source_wallet_id: 'wll-a',
    destination_wallet_id: 'wll-c',
    currency: 'BRL',
    value: 10_000,
    fee: 150,
    confirmed: true,
  },
  {
    klass: 'Exchange',
    source_wallet_id: 'wll-a',
    destination_wallet_id: 'wll-b',
    source_currency: 'BRL',
    destination_currency: 'USD',
    value_out: 55_000,
    value_in: 10_000,
    fee: 300,
    fee_kind: 'source',
    confirmed: true,
  },
  {
    klass: 'Exchange',
    source_wallet_id: 'wll-a',
    destination_wallet_id: 'wll-b',
    source_currency: 'BRL',
    destination_currency: 'USD',
    value_out: 5_500,
    value_in: 1_000,
    fee: 50,
    fee_kind: 'destination',
    confirmed: true,
  },
  { ...entry('Outgo', 999_999), _deleted: true },
];

describe('wallet figures', () => {
  it('count confirmed money, keep pending apart, leave imported records out, charge fees on their side', () => {
    const figures = walletFigures(DOCS);
    // 1000.00 + 500.00 − 123.45 − (100.00 + 1.50) − (550.00 + 3.00) − 55.00; imported and deleted ones left out
    expect(figures.get('wll-a')).toMatchObject({ balance: 66_705, pending: -1_000, balanceAfterPending: 65_705 });
    expect(figures.get('wll-c')).toMatchObject({ balance: 10_000, pending: 0 });
    // −20.00 + 100.00 + (10.00 − 0.50); a card's available credit is its limit plus its balance.
    expect(figures.get('wll-b')).toMatchObject({ currency: 'USD', balance: 8_950, availableCredit: 58_950 });
    expect(figures.get('wll-a')!.availableCredit).toBeNull();
  });

  it('confirming an imported record changes no balance', () => {
    const imported = entry('Income', 5_000, { imported: true, confirmed: false });
    const before = walletFigures([brl, imported]).get('wll-a');
    expect(walletFigures([brl, { ...imported, confirmed: true }]).get('wll-a')).toEqual(before);
  });

  it('list only currencies above zero on the dashboard', () => {
    expect(
      positiveBalances([
        { key: ['USD'], value: 0 },
        { key: ['EUR'], value: -10 },
        { key: ['BRL'], value: 5 },
      ]),
    ).toEqual([{ currency: 'BRL', balance: 5 }]);
  });

  it('list pending money beside the balance, and a currency whose records all wait (issue 28)', () => {
    expect(
      currencyFigures(
        [
          { key: ['USD'], value: 0 },
          { key: ['EUR'], value: -10 },
          { key: ['BRL'], value: 5 },
          { key: ['JPY'], value: 0 },
        ],
        [
          { key: ['USD'], value: -9_000 },
          { key: ['BRL'], value: 200 },
          { key: ['JPY'], value: 0 },
        ],
      ),
    ).toEqual([
      { currency: 'BRL', balance: 5, pending: 200 },
      { currency: 'USD', balance: 0, pending: -9_000 },
    ]);
  });

  it('say what each record moves in a wallet, pending or imported alike (issue 28)', () => {
    const transfer = { klass: 'Transfer', source_wallet_id: 'w1', destination_wallet_id: 'w2', value: 1_000, fee: 50 };
    expect(amountInWallet({ ...transfer, confirmed: false }, 'w1')).toBe(-1_050);
    expect(amountInWallet(transfer, 'w2')).toBe(1_000);
    expect(amountInWallet({ klass: 'Outgo', wallet_id: 'w1', value: 300, imported: true }, 'w1')).toBe(-300);
    expect(amountInWallet({ klass: 'Income', wallet_id: 'w1', value: 300 }, 'w2')).toBe(0);
  });

  it('ignores what moves no money', () => {
    expect(movements({ klass: 'Mapping' })).toEqual([]);
    expect(movements({ ...entry('Income', 1), _deleted: true })).toEqual([]);
  });
});

describe('money in a wallet', () => {
  it('adds 0.10 a hundred thousand times to exactly 10,000.00', () => {
    const dime = parseMoney('0,10', 'BRL', 'pt-BR');
    expect(dime).toEqual({ minor: 10 });
    const total = sumMoney(Array.from({ length: 100_000 }, () => (dime as { minor: number }).minor));
    expect(formatMoney(total, 'USD', 'en')).toBe('$10,000.00');
    expect(formatMoney(total, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 10.000,00');
  });
});
