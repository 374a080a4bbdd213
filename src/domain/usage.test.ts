import { describe, expect, it } from 'vitest';
import { addUsageDay, emptyUsage, tallyDoc, usageChart, usageTotals, type UsageDay } from './usage.ts';

const doc = (klass: string, extra: Record<string, unknown> = {}) => ({ _id: `x-${klass}`, klass, ...extra });

describe('tallyDoc: a day’s usage, kind by kind', () => {
  it('counts each document of a kind and its size in bytes as stored (UTF-8 JSON plus attachments)', () => {
    const usage = emptyUsage();
    tallyDoc(usage, doc('Ticket', { title: 'ã' }));
    tallyDoc(usage, doc('Ticket', { _attachments: { 'a.pdf': { length: 1000, stub: true } } }));
    tallyDoc(usage, { _id: 'weird' });
    const first = new TextEncoder().encode(JSON.stringify(doc('Ticket', { title: 'ã' }))).length;
    const second = new TextEncoder().encode(JSON.stringify(doc('Ticket'))).length + 1000;
    expect(usage.Ticket).toEqual({ amount: 2, size: first + second });
    expect(usage.other).toEqual({ amount: 1, size: new TextEncoder().encode('{"_id":"weird"}').length });
  });
  it('leaves design documents out', () => {
    const usage = emptyUsage();
    tallyDoc(usage, { _id: '_design/x', views: {} });
    expect(usage).toEqual({});
  });
});

const day = (date: string, kinds: UsageDay['kinds']): UsageDay => ({ day: date, kinds });

describe('addUsageDay: the kept history', () => {
  it('replaces the same day, keeps days in order and only the last `keep`', () => {
    const a = day('2026-11-01', { Ticket: { amount: 1, size: 10 } });
    const b = day('2026-11-02', { Ticket: { amount: 2, size: 20 } });
    const b2 = day('2026-11-02', { Ticket: { amount: 3, size: 30 } });
    const c = day('2026-11-03', {});
    expect(addUsageDay([b, a], b2, 90)).toEqual([a, b2]);
    expect(addUsageDay([a, b], c, 2)).toEqual([b, c]);
  });
});

describe('usageTotals and usageChart', () => {
  const counted = new Set(['Ticket', 'Customer']);
  const days = [
    day('2026-11-01', { Ticket: { amount: 1, size: 100 }, Adjustment: { amount: 5, size: 50 } }),
    day('2026-11-02', { Ticket: { amount: 3, size: 300 }, Customer: { amount: 1, size: 40 } }),
  ];
  it('totals every byte but only the business records (the free plan’s count)', () => {
    expect(usageTotals(days[0]!, counted)).toEqual({ records: 1, size: 150 });
    expect(usageTotals(days[1]!, counted)).toEqual({ records: 4, size: 340 });
  });
  it('gives one series per kind seen, biggest last day first, a zero where a day lacked it', () => {
    expect(usageChart(days, 'amount')).toEqual({
      days: ['2026-11-01', '2026-11-02'],
      series: [
        { kind: 'Ticket', values: [1, 3] },
        { kind: 'Customer', values: [0, 1] },
        { kind: 'Adjustment', values: [5, 0] },
      ],
    });
    expect(usageChart(days, 'size').series.map((s) => s.kind)).toEqual(['Ticket', 'Customer', 'Adjustment']);
  });
});
