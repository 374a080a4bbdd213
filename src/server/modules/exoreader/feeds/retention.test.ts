import { describe, expect, it } from 'vitest';
import { isRetained, keepReadDays } from './retention.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();

describe('which reader items stay on the devices', () => {
  it('keeps starred items forever and unread ones until read', () => {
    expect(isRetained({ starred: true, read: true, point_at: daysAgo(900) }, NOW)).toBe(true);
    expect(isRetained({ read: false, point_at: daysAgo(900) }, NOW)).toBe(true);
    expect(isRetained({ point_at: daysAgo(900) }, NOW)).toBe(true);
  });

  it('keeps read items for the days the group says, by publication, else fetch date', () => {
    expect(isRetained({ read: true, point_at: daysAgo(29) }, NOW)).toBe(true);
    expect(isRetained({ read: true, point_at: daysAgo(31) }, NOW)).toBe(false);
    expect(isRetained({ read: true, point_at: daysAgo(31) }, NOW, 60)).toBe(true);
    expect(isRetained({ read: true, point_at: 'yesterday', created_at: daysAgo(40) }, NOW)).toBe(false);
    expect(isRetained({ read: true }, NOW)).toBe(true);
  });

  it('reads the setting as whole days, else 30', () => {
    expect(keepReadDays('7')).toBe(7);
    expect(keepReadDays(90)).toBe(90);
    expect(['0', '-3', '2.5', 'x', null, 5000].map(keepReadDays)).toEqual([30, 30, 30, 30, 30, 30]);
  });
});
