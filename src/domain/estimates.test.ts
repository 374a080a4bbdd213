import { describe, expect, it } from 'vitest';
import { currencyFor, estimateTotals, formatMoney, formatQuantity, roundMoney } from './estimates';

describe('roundMoney', () => {
  it('rounds half away from zero at cents, where floating point would not', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1.004)).toBe(1);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(Number.NaN)).toBe(0);
    expect(roundMoney(0)).toBe(0);
  });
});

describe('estimateTotals', () => {
  it('totals each line and the estimate at 2 decimals', () => {
    const totals = estimateTotals([
      { description: 'Fan motor', quantity: 2, value: 149.9 },
      { description: 'Labour', quantity: 1.5, value: 80 },
      { description: 'Screws', quantity: 3, value: 0.335 },
    ]);
    expect(totals.lines.map((line) => line.total)).toEqual([299.8, 120, 1.01]);
    expect(totals.total).toBe(420.81);
  });

  it('adds the rounded lines, so the printed lines add up to the printed total', () => {
    const totals = estimateTotals([
      { description: 'a', quantity: 1, value: 0.005 },
      { description: 'b', quantity: 1, value: 0.005 },
    ]);
    expect(totals.lines.map((line) => line.total)).toEqual([0.01, 0.01]);
    expect(totals.total).toBe(0.02);
  });

  it('reads typed numbers and treats anything else as 0', () => {
    const totals = estimateTotals([
      { description: 'comma', quantity: '1,5', value: '10' },
      { quantity: 'many', value: null },
      'junk',
    ]);
    expect(totals.lines).toEqual([
      { description: 'comma', quantity: 1.5, value: 10, total: 15 },
      { description: '', quantity: 0, value: 0, total: 0 },
    ]);
    expect(totals.total).toBe(15);
    expect(estimateTotals(undefined)).toEqual({ lines: [], total: 0 });
  });

  it('keeps large totals exact to the cent', () => {
    const items = Array.from({ length: 1000 }, () => ({ description: 'x', quantity: 1, value: 0.1 }));
    expect(estimateTotals(items).total).toBe(100);
  });
});

describe('money in the person’s language', () => {
  it('uses reais in Portuguese and dollars in English', () => {
    expect(currencyFor('pt-BR')).toBe('BRL');
    expect(currencyFor('en')).toBe('USD');
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatQuantity(1.5, 'pt-BR')).toBe('1,5');
    expect(formatQuantity(1234.5678, 'en')).toBe('1,234.568');
  });
});
