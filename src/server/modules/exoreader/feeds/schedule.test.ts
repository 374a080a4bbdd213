import { describe, expect, it } from 'vitest';
import { nextFetchAt, publishingInterval, SCHEDULE } from './schedule.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
const middle = 0.5; // no jitter

describe('when to fetch a feed next', () => {
  it('waits an hour by default, within the jitter', () => {
    expect(nextFetchAt({ now: NOW, errors: 0, random: middle })).toBe(NOW + SCHEDULE.defaultMs);
    expect(nextFetchAt({ now: NOW, errors: 0, random: 0 })).toBe(NOW + SCHEDULE.defaultMs * 0.9);
    expect(nextFetchAt({ now: NOW, errors: 0, random: 0.999_999 })).toBeCloseTo(NOW + SCHEDULE.defaultMs * 1.1, -2);
  });

  it('comes back sooner for a feed that publishes often, later for a quiet one, within bounds', () => {
    const busy = [1, 0.5, 0, 1.5, 2].map(hoursAgo);
    expect(publishingInterval(busy)).toBe(1_800_000);
    expect(nextFetchAt({ now: NOW, errors: 0, published: busy, random: middle })).toBe(NOW + SCHEDULE.fastestMs);
    const weekly = [0, 168, 336, 504].map(hoursAgo);
    expect(nextFetchAt({ now: NOW, errors: 0, published: weekly, random: middle })).toBe(NOW + SCHEDULE.slowestMs);
    expect(publishingInterval([hoursAgo(1), null, hoursAgo(2)])).toBeNull();
  });

  it('backs off after errors, up to a day, and never before Retry-After', () => {
    const after = (errors: number) => nextFetchAt({ now: NOW, errors, random: middle }) - NOW;
    expect([1, 2, 3, 4].map(after)).toEqual([1, 2, 4, 8].map((h) => h * 3_600_000));
    expect(after(30)).toBe(SCHEDULE.slowestMs);
    expect(nextFetchAt({ now: NOW, errors: 1, random: middle, retryAfterMs: 5 * 3_600_000 })).toBe(NOW + 5 * 3_600_000);
  });
});
