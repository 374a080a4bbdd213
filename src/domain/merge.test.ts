import { describe, expect, it } from 'vitest';
import { resolveConflicts, sameValue, stableStringify, threeWayMerge } from './merge.ts';

const base = {
  _id: 'tik-1',
  _rev: '1-a',
  klass: 'Ticket',
  title: 'Fan',
  status: 'open',
  priority: 'low',
  updated_at: '2026-01-01',
};

describe('threeWayMerge', () => {
  it('merges fields changed on one side only, with no conflict', () => {
    const mine = { ...base, _rev: '2-m', title: 'Fan noise', updated_at: '2026-01-02' };
    const theirs = { ...base, _rev: '2-t', status: 'doing', updated_at: '2026-01-03' };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual({
      _id: 'tik-1',
      klass: 'Ticket',
      title: 'Fan noise',
      status: 'doing',
      priority: 'low',
      updated_at: '2026-01-03',
    });
    // What merged by itself, for the person to see: not the bookkeeping stamps.
    expect(result.automatic).toEqual(['status', 'title']);
  });

  it('reports a field changed differently on both sides, keeping the other merges', () => {
    const mine = { ...base, title: 'Fan noise', priority: 'high' };
    const theirs = { ...base, title: 'Noisy fan', status: 'review' };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([{ field: 'title', base: 'Fan', mine: 'Fan noise', theirs: 'Noisy fan' }]);
    expect(result.merged).toMatchObject({ priority: 'high', status: 'review', title: 'Fan noise' });
    expect(result.automatic).toEqual(['priority', 'status']);
  });

  it('takes the same change made on both sides without a conflict', () => {
    const mine = { ...base, status: 'done' };
    expect(threeWayMerge(base, mine, { ...base, status: 'done' }).conflicts).toEqual([]);
  });

  it('handles added and removed fields', () => {
    const mine = { ...base, found_problem: 'Dust' };
    const { priority: _removed, ...theirs } = base;
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toHaveProperty('found_problem', 'Dust');
    expect(result.merged).not.toHaveProperty('priority');
  });

  it('compares nested values by content, not key order', () => {
    const a = { ...base, checklist: { b: true, a: false } };
    const b = { ...base, checklist: { a: false, b: true } };
    expect(threeWayMerge(base, a, b).conflicts).toEqual([]);
    expect(sameValue({ x: [1, { y: 2, z: 3 }] }, { x: [1, { z: 3, y: 2 }] })).toBe(true);
    expect(stableStringify({ b: 1, a: undefined })).toBe('{"b":1}');
  });

  it('makes every difference a conflict when the ancestor is unknown', () => {
    const result = threeWayMerge(null, { ...base, title: 'A' }, { ...base, status: 'done' });
    expect(result.conflicts.map((c) => c.field)).toEqual(['status', 'title']);
  });

  it('treats a deletion against an edit as a conflict', () => {
    const result = threeWayMerge(base, { _id: 'tik-1', _deleted: true }, { ...base, title: 'Edited' });
    expect(result.conflicts.map((c) => c.field)).toContain('_deleted');
  });
});

describe('a group’s phones edited on two devices at once', () => {
  const office = { id: 'p1', main: true, description: 'Office', number: '1111' };
  const shop = { id: 'p2', main: false, description: 'Shop', number: '2222' };
  const setting = (entries: unknown[]) => ({
    _id: 'adj-1',
    klass: 'Adjustment',
    key: 'phones',
    value: JSON.stringify(entries),
  });
  const phonesOf = (doc: Record<string, unknown>) => JSON.parse(String(doc.value)) as unknown[];

  it('keeps an entry added on one device and the deletion marked on the other', () => {
    const before = setting([office, shop]);
    const added = { id: 'p3', main: false, description: 'Mobile', number: '3333' };
    const mine = setting([office, shop, added]);
    const theirs = setting([office, { ...shop, marktodelete: true }]);
    const result = threeWayMerge(before, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.automatic).toEqual(['value']);
    // Neither lost (the new phone) nor brought back (the deleted one).
    expect(phonesOf(result.merged)).toEqual([office, { ...shop, marktodelete: true }, added]);
  });

  it('combines edits of different entries', () => {
    const before = setting([office, shop]);
    const result = threeWayMerge(
      before,
      setting([{ ...office, number: '1112' }, shop]),
      setting([office, { ...shop, description: 'Workshop' }]),
    );
    expect(result.conflicts).toEqual([]);
    expect(phonesOf(result.merged)).toEqual([
      { ...office, number: '1112' },
      { ...shop, description: 'Workshop' },
    ]);
  });

  it('asks only about an entry edited on one device and deleted on the other, keeping the rest combined', () => {
    const before = setting([office, shop]);
    const added = { id: 'p3', main: false, description: 'Mobile', number: '3333' };
    const mine = setting([{ ...office, number: '1112' }, shop, added]);
    const theirs = setting([
      { ...office, main: false, marktodelete: true },
      { ...shop, description: 'Workshop' },
    ]);
    const result = threeWayMerge(before, mine, theirs);
    expect(result.conflicts.map((c) => c.field)).toEqual(['value']);
    const [conflict] = result.conflicts;
    const workshop = { ...shop, description: 'Workshop' };
    expect(JSON.parse(String(conflict!.mine))).toEqual([{ ...office, number: '1112' }, workshop, added]);
    expect(JSON.parse(String(conflict!.theirs))).toEqual([
      { ...office, main: false, marktodelete: true },
      workshop,
      added,
    ]);
  });

  it('leaves other text and lists without ids as they were: one conflict for the field', () => {
    const rows = { ...base, items: [{ description: 'Fan', value: 1 }] };
    const result = threeWayMerge(
      rows,
      { ...rows, items: [{ description: 'Fan', value: 2 }] },
      { ...rows, items: [{ description: 'Fan', value: 3 }] },
    );
    expect(result.conflicts.map((c) => c.field)).toEqual(['items']);
    expect(result.conflicts[0]!.mine).toEqual([{ description: 'Fan', value: 2 }]);
  });
});

describe('resolveConflicts', () => {
  it('applies a choice per field and needs one for each', () => {
    const result = threeWayMerge(
      base,
      { ...base, title: 'Mine', priority: 'high' },
      { ...base, title: 'Theirs', priority: 'medium' },
    );
    expect(resolveConflicts(result, { title: 'theirs', priority: 'mine' })).toMatchObject({
      title: 'Theirs',
      priority: 'high',
    });
    expect(() => resolveConflicts(result, { title: 'mine' })).toThrow(/priority/);
  });
});
