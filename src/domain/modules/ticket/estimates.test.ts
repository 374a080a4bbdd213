import { describe, expect, it } from 'vitest';
import { estimateTotals, formatQuantity } from './estimates.ts';

describe('estimateTotals', () => {
  it('multiplies exactly in minor units and rounds each line once', () => {
    const totals = estimateTotals([
      { description: 'Gas', quantity: 1.5, value: 3333 },
      { description: 'Labour', quantity: 3, value: 1 },
      { description: 'Screws', quantity: 0.333, value: 100 },
    ]);
    expect(totals.lines.map((l) => l.total)).toEqual([5000, 3, 33]);
    expect(totals.total).toBe(5036);
  });

  it('reads quantities typed with a comma and ignores amounts that are not minor units', () => {
    const totals = estimateTotals([
      { description: 'x', quantity: '1,5', value: 1000 },
      { quantity: 2, value: 10.5 },
    ]);
    expect(totals.lines.map((l) => l.total)).toEqual([1500, 0]);
  });

  it('has no lines for missing or malformed items', () => {
    expect(estimateTotals(undefined)).toEqual({ lines: [], total: 0 });
    expect(estimateTotals('x')).toEqual({ lines: [], total: 0 });
  });

  it('adds ten cents a hundred times to ten exactly', () => {
    expect(estimateTotals(Array.from({ length: 100 }, () => ({ quantity: 1, value: 10 }))).total).toBe(1000);
  });

  it('writes quantities in the reader’s language', () => {
    expect(formatQuantity(1.5, 'pt-BR')).toBe('1,5');
    expect(formatQuantity(1234.5678, 'en')).toBe('1,234.568');
  });
});
