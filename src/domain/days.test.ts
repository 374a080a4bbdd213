import { describe, expect, it } from 'vitest';
import { localDay, localDayBefore } from './days.ts';

describe('local days', () => {
  it('are the day where the person is, across months and leap days', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDayBefore(new Date(2026, 0, 5, 23, 59), 29)).toBe('2025-12-07');
    expect(localDayBefore(new Date(2028, 2, 1, 0, 1), 1)).toBe('2028-02-29');
  });
});
