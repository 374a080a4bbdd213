import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { movements, walletFigures } from '../../src/domain/modules/moneta/balances.ts';
import { sumMoney } from '../../src/domain/money.ts';

type Row = { key: [string, string, string?]; value: number };

/** Runs a design document's map function as CouchDB would, collecting what it emits. */
function runView(name: string, docs: readonly Record<string, unknown>[]): Row[] {
  const source = readFileSync(
    new URL(`../../src/server/modules/moneta/couch/group/wallet-balances/views/${name}/map.js`, import.meta.url),
    'utf8',
  );
  const rows: Row[] = [];
  const map = new Function('emit', `return (${source});`)((key: [string, string], value: number) =>
    rows.push({ key, value }),
  ) as (doc: unknown) => void;
  for (const doc of docs) map(doc);
  return rows;
}

/** A deterministic mix of every kind of record, confirmed or not, imported or not, fees on both sides. */
function records(count: number): Record<string, unknown>[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const wallets = [
    { _id: 'wll-1', klass: 'Wallet', currency: 'BRL', start_balance: 12_345 },
    { _id: 'wll-2', klass: 'Wallet', currency: 'BRL', start_balance: 0 },
    { _id: 'wll-3', klass: 'Wallet', currency: 'USD', start_balance: 999, card: true, card_limit: 100_000 },
    { _id: 'wll-4', klass: 'Wallet', currency: 'JPY', start_balance: 5_000 },
  ];
  const currencyOf = (id: string) => wallets.find((w) => w._id === id)!.currency;
  const docs: Record<string, unknown>[] = [...wallets];
  for (let i = 0; i < count; i++) {
    const state = { confirmed: next(3) > 0, imported: next(5) === 0 };
    const a = wallets[next(4)]!._id;
    const b = wallets[next(4)]!._id;
    const klass = ['Income', 'Outgo', 'Transfer', 'Exchange'][next(4)]!;
    Object.assign(state, {
      date: `2026-${String(next(12) + 1).padStart(2, '0')}-${String(next(28) + 1).padStart(2, '0')}`,
    });
    if (klass === 'Income' || klass === 'Outgo')
      docs.push({ klass, wallet_id: a, currency: currencyOf(a), value: next(100_000), ...state });
    else if (klass === 'Transfer')
      docs.push({
        klass,
        source_wallet_id: a,
        destination_wallet_id: b,
        currency: currencyOf(a),
        value: next(50_000),
        fee: next(300),
        ...state,
      });
    else
      docs.push({
        klass,
        source_wallet_id: a,
        destination_wallet_id: b,
        source_currency: currencyOf(a),
        destination_currency: currencyOf(b),
        value_out: next(50_000),
        value_in: next(50_000),
        fee: next(300),
        fee_kind: next(2) ? 'source' : 'destination',
        ...state,
      });
  }
  return docs;
}

describe('the wallet-balances views', () => {
  it('give the server the figures the device computes, wallet by wallet and currency by currency', () => {
    const docs = records(2_000);
    const figures = walletFigures(docs);
    const confirmed = runView('by-currency', docs);
    const pending = runView('pending', docs);
    const sum = (rows: Row[], pick: (row: Row) => boolean) => sumMoney(rows.filter(pick).map((r) => r.value));
    for (const [wallet, figure] of figures) {
      expect(sum(confirmed, (r) => r.key[1] === wallet)).toBe(figure.balance);
      expect(sum(pending, (r) => r.key[1] === wallet)).toBe(figure.pending);
    }
    for (const currency of ['BRL', 'USD', 'JPY']) {
      const device = sumMoney([...figures.values()].filter((f) => f.currency === currency).map((f) => f.balance));
      expect(sum(confirmed, (r) => r.key[0] === currency)).toBe(device);
    }
    expect(figures.size).toBe(4);
  });

  it('date each confirmed movement, so the days of a wallet add up to its balance over time', () => {
    const docs = records(500);
    const rows = runView('by-currency', docs);
    const device = docs.flatMap((doc) => movements(doc)).filter((m) => !m.pending);
    const key = (wallet: string, date: string) => `${wallet} ${date}`;
    const byDay = new Map<string, number>();
    for (const m of device) byDay.set(key(m.wallet, m.date), (byDay.get(key(m.wallet, m.date)) ?? 0) + m.amount);
    const viewByDay = new Map<string, number>();
    for (const r of rows)
      viewByDay.set(key(r.key[1], r.key[2]!), (viewByDay.get(key(r.key[1], r.key[2]!)) ?? 0) + r.value);
    expect(viewByDay).toEqual(byDay);
    expect(rows.filter((r) => r.key[2] === '').length).toBe(4);
    expect(new Set(rows.map((r) => r.key[2])).size).toBeGreaterThan(12);
  });
});
