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
