import { describe, expect, it } from 'vitest';
import { keepSame, sameData } from './same-data.ts';

describe('sameData', () => {
  it('compares records and lists by their contents', () => {
    const read = () => [{ _id: 'tik-1', _rev: '2-a', tags: ['a'], total: { amount: 1050, currency: 'BRL' } }];
    expect(sameData(read(), read())).toBe(true);
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameData(NaN, NaN)).toBe(true);
  });

  it('tells a changed field, length, key or kind apart', () => {
    expect(sameData([{ _rev: '2-a' }], [{ _rev: '3-b' }])).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData(0, '0')).toBe(false);
  });

  it('compares dates by time, and other objects only as the same one', () => {
    expect(sameData(new Date(5), new Date(5))).toBe(true);
    expect(sameData(new Date(5), new Date(6))).toBe(false);
    const map = new Map([['a', 1]]);
    expect(sameData(map, map)).toBe(true);
    expect(sameData(map, new Map([['a', 1]]))).toBe(false);
    class Box {
      readonly v: number;
      constructor(v: number) {
        this.v = v;
      }
    }
    expect(sameData(new Box(1), new Box(1))).toBe(false);
  });
});

describe('keepSame', () => {
  it('keeps the value held when the new one holds the same data, else takes the new one', () => {
    const held = { name: 'Oficina', admin: true };
    expect(keepSame(held, { admin: true, name: 'Oficina' })).toBe(held);
    const renamed = { name: 'Oficina Central', admin: true };
    expect(keepSame(held, renamed)).toBe(renamed);
  });
});
