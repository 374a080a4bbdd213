import { describe, expect, it } from 'vitest';
import {
  compareTicketNumbers,
  formatTicketNumber,
  nextSequence,
  parseTicketNumber,
  seriesRange,
} from './ticket-number.ts';

describe('formatTicketNumber', () => {
  it('writes series-sequence', () => {
    expect(formatTicketNumber(3, 17)).toBe('3-17');
    expect(formatTicketNumber(1, 1)).toBe('1-1');
  });

  it('refuses parts that are not positive integers', () => {
    for (const [series, sequence] of [
      [0, 1],
      [1, 0],
      [-1, 2],
      [1.5, 2],
      [Number.NaN, 1],
    ] as const) {
      expect(() => formatTicketNumber(series, sequence)).toThrow(RangeError);
    }
  });
});

describe('parseTicketNumber', () => {
  it('reads back what formatTicketNumber writes, also with # and spaces', () => {
    expect(parseTicketNumber('3-17')).toEqual({ series: 3, sequence: 17 });
    expect(parseTicketNumber(formatTicketNumber(12, 345))).toEqual({ series: 12, sequence: 345 });
    expect(parseTicketNumber(' #3 - 17 ')).toEqual({ series: 3, sequence: 17 });
  });

  it('is null for anything else', () => {
    for (const text of ['', '17', '3-', '-17', '3-17-2', 'a-1', '0-1', '1-0', '3.17', null, 317]) {
      expect(parseTicketNumber(text), String(text)).toBeNull();
    }
  });
});

describe('compareTicketNumbers', () => {
  it('orders numerically by series, then sequence', () => {
    const numbers = ['10-1', '2-10', '2-9', '1-100', '3-1'];
    expect([...numbers].sort(compareTicketNumbers)).toEqual(['1-100', '2-9', '2-10', '3-1', '10-1']);
    expect(compareTicketNumbers('3-17', '#3-17')).toBe(0);
  });

  it('puts numbers that do not parse last, in text order', () => {
    expect(['b', '2-1', 'a', '1-1'].sort(compareTicketNumbers)).toEqual(['1-1', '2-1', 'a', 'b']);
  });
});

describe('nextSequence', () => {
  it('is one past the highest of the counter and the tickets on the replica', () => {
    expect(nextSequence(0, [])).toBe(1);
    expect(nextSequence(4, [1, 2, 3])).toBe(5);
    expect(nextSequence(2, [7, 3])).toBe(8);
  });

  it('ignores values that are not sequences', () => {
    expect(nextSequence(Number.NaN, [-4, 2.5, Infinity])).toBe(1);
  });
});

describe('seriesRange', () => {
  it('holds every number of the series and none of its neighbours', () => {
    const { $gte, $lt } = seriesRange(3);
    const inside = (n: string) => n >= $gte && n < $lt;
    expect(['3-1', '3-17', '3-999999'].every(inside)).toBe(true);
    expect(['2-99', '30-1', '31-2', '4-1', '3', '13-1'].some(inside)).toBe(false);
  });
});
