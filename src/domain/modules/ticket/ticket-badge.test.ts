import { describe, expect, it } from 'vitest';
import { ticketBadge } from './ticket-badge.ts';

describe('ticketBadge', () => {
  it('is grey with 0 for missing, non-numeric or non-positive counts', () => {
    for (const raw of [undefined, null, 'x', Number.NaN, -3, 0, Infinity]) {
      expect(ticketBadge(raw)).toEqual({ count: 0, label: '0', color: 'grey' });
    }
  });

  it('is amber from 1 to 6', () => {
    expect(ticketBadge(1)).toEqual({ count: 1, label: '1', color: 'amber' });
    expect(ticketBadge(6).color).toBe('amber');
  });

  it('is orange from 7 to 9', () => {
    expect(ticketBadge(7)).toEqual({ count: 7, label: '7', color: 'orange' });
    expect(ticketBadge(9)).toEqual({ count: 9, label: '9', color: 'orange' });
  });

  it('is red above 9 and shows 9+', () => {
    expect(ticketBadge(10)).toEqual({ count: 10, label: '9+', color: 'red' });
    expect(ticketBadge(250).label).toBe('9+');
  });
});
