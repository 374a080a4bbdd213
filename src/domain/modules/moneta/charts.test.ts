import { describe, expect, it } from 'vitest';
import {
  awaitingConfirmation,
  axisExtremes,
  axisMoney,
  axisWidth,
  balanceOverTime,
  DAILY_POINTS,
  spendingByCategory,
} from './charts.ts';

const outgo = (date: string, value: number, categories?: string[], extra: Record<string, unknown> = {}) => ({
  klass: 'Outgo',
  date,
  value,
  currency: 'BRL',
  confirmed: true,
  ...(categories ? { categories } : {}),
  ...extra,
});

describe('spendingByCategory', () => {
  it('sums confirmed expenses of the period by their first category, per currency', () => {
    const result = spendingByCategory(
      [
        outgo('2026-11-01', 1_000, ['fuel', 'car']),
        outgo('2026-11-02', 250, ['food']),
        outgo('2026-11-03', 500, ['fuel']),
        outgo('2026-11-04', 300),
        outgo('2026-11-05', 700, ['food'], { imported: true }),
        outgo('2026-11-05', 9_999, ['fuel'], { confirmed: false }),
        outgo('2026-10-31', 9_999, ['fuel']),
        outgo('2026-12-01', 9_999, ['fuel']),
        outgo('2026-11-05', 9_999, ['fuel'], { _deleted: true }),
        { klass: 'Income', date: '2026-11-05', value: 9_999, currency: 'BRL', confirmed: true },
        outgo('2026-11-06', 40, ['tools'], { currency: 'USD' }),
      ],
      '2026-11-01',
      '2026-11-30',
    );
    expect(result).toEqual([
      {
        currency: 'BRL',
        count: 5,
        total: 2_750,
        slices: [
          { kind: 'category', category: 'fuel', amount: 1_500 },
          { kind: 'category', category: 'food', amount: 950 },
          { kind: 'none', amount: 300 },
        ],
      },
      { currency: 'USD', count: 1, total: 40, slices: [{ kind: 'category', category: 'tools', amount: 40 }] },
    ]);
  });

  it('shows the smaller categories together past the chart’s slices, the total unchanged', () => {
    const docs = Array.from({ length: 9 }, (_, i) => outgo('2026-11-10', (i + 1) * 100, [`c${i + 1}`]));
    const [brl] = spendingByCategory(docs, '2026-11-01', '2026-11-30', 4);
    expect(brl!.slices.map((s) => (s.kind === 'category' ? s.category : s.kind))).toEqual(['c9', 'c8', 'c7', 'others']);
    expect(brl!.slices.at(-1)).toEqual({ kind: 'others', amount: 2_100, categories: 6 });
    expect(brl!.slices.reduce((sum, s) => sum + s.amount, 0)).toBe(brl!.total);
    expect(brl!.total).toBe(4_500);
  });
});

describe('balanceOverTime', () => {
  const row = (date: string, value: number) => ({ key: ['BRL', 'wll-1', date], value });

  it('adds each day to the start balance, in date order', () => {
    expect(balanceOverTime([row('2026-11-03', -200), row('', 1_000), row('2026-11-01', 500)])).toEqual([
      { date: '2026-11-01', balance: 1_500 },
      { date: '2026-11-03', balance: 1_300 },
    ]);
  });

  it('has no point without a movement, and ignores values that are not minor units', () => {
    expect(balanceOverTime([row('', 1_000)])).toEqual([]);
    expect(balanceOverTime([row('2026-01-01', 0.5), row('2026-01-02', 10)])).toEqual([
      { date: '2026-01-01', balance: 0 },
      { date: '2026-01-02', balance: 10 },
    ]);
  });

  it('keeps each month’s last day for a long history', () => {
    const start = Date.UTC(2024, 0, 1);
    const rows = Array.from({ length: DAILY_POINTS + 1 }, (_, i) =>
      row(new Date(start + i * 86_400_000).toISOString().slice(0, 10), 1),
    );
    const points = balanceOverTime(rows);
    expect(points[0]).toEqual({ date: '2024-01-31', balance: 31 });
    expect(points.at(-1)).toEqual({ date: '2025-02-04', balance: DAILY_POINTS + 1 });
    expect(points).toHaveLength(14);
  });
});

describe('awaitingConfirmation', () => {
  it('counts the period’s unconfirmed expenses, typed or imported, per currency (issue 28)', () => {
    const result = awaitingConfirmation(
      [
        outgo('2026-11-01', 1_000, ['fuel'], { confirmed: false }),
        outgo('2026-11-02', 250, [], { confirmed: false, imported: true }),
        outgo('2026-11-03', 500),
        outgo('2026-11-04', 300, [], { confirmed: undefined }),
        outgo('2026-10-31', 9_999, [], { confirmed: false }),
        outgo('2026-11-05', 9_999, [], { confirmed: false, _deleted: true }),
        { klass: 'Income', date: '2026-11-05', value: 9_999, currency: 'BRL', confirmed: false },
        outgo('2026-11-06', 40, [], { currency: 'USD', confirmed: false }),
      ],
      '2026-11-01',
      '2026-11-30',
    );
    expect(result).toEqual([
      { currency: 'BRL', count: 3, amount: 1_550 },
      { currency: 'USD', count: 1, amount: 40 },
    ]);
  });
});

describe('axisMoney', () => {
  it('writes an axis’ money short enough for a phone (issue 28: "R$ 4.000,…" was cut)', () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(nbsp(axisMoney(400_000, 'BRL', 'pt-BR'))).toBe('R$ 4 mil');
    expect(nbsp(axisMoney(123_456_78, 'BRL', 'pt-BR'))).toBe('R$ 123,5 mil');
    expect(axisMoney(400_000, 'USD', 'en')).toBe('$4K');
    expect(axisMoney(-150_000, 'BRL', 'en')).toBe('-R$1.5K');
    // A balance of R$ 990,00 has a tick at R$ 1.000,00: its label is the longer one.
    expect(axisExtremes([99_000])).toEqual([0, 99_000, 0, 100_000]);
    expect(axisExtremes([-5_000, 20])).toEqual([-5_000, 20, -10_000, 100]);
    const labels = axisExtremes([400_000, 123_456_78]).map((v) => axisMoney(v, 'BRL', 'pt-BR'));
    expect(axisWidth(labels)).toBeGreaterThanOrEqual(Math.ceil('R$ 123,5 mil'.length * 7.5));
    expect(axisWidth(labels)).toBeLessThanOrEqual(120);
  });
});
