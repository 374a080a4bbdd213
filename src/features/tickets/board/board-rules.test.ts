import { describe, expect, it } from 'vitest';
import { canChangeStatus, TICKET_STATUSES } from '../../../domain/modules/ticket/tickets.ts';
import { columnCounts, filtersFromParams, hasFilters, matchesFilters, moveRefusal, NO_FILTERS } from './board-rules.ts';

describe('filtersFromParams', () => {
  it('reads priority, kind and technician, ignoring unknown values', () => {
    expect(filtersFromParams(new URLSearchParams('priority=high&kind=bug&technician=usr-1'))).toEqual({
      priority: 'high',
      kind: 'bug',
      technician: 'usr-1',
    });
    expect(filtersFromParams(new URLSearchParams('priority=urgent&kind=&technician='))).toEqual(NO_FILTERS);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, kind: 'story' })).toBe(true);
  });
});

describe('matchesFilters', () => {
  const ticket = { priority: 'high', ticket_kind: 'bug', technical_id: 'usr-1' };
  it('keeps tickets matching every filter set', () => {
    expect(matchesFilters(ticket, NO_FILTERS)).toBe(true);
    expect(matchesFilters(ticket, { priority: 'high', kind: 'bug', technician: 'usr-1' })).toBe(true);
    expect(matchesFilters(ticket, { ...NO_FILTERS, priority: 'low' })).toBe(false);
    expect(matchesFilters(ticket, { ...NO_FILTERS, technician: 'usr-2' })).toBe(false);
  });

  it('counts a ticket without priority as low', () => {
    expect(matchesFilters({}, { ...NO_FILTERS, priority: 'low' })).toBe(true);
  });
});

describe('moveRefusal', () => {
  it('agrees with canChangeStatus for every pair of different statuses', () => {
    for (const from of TICKET_STATUSES) {
      for (const to of TICKET_STATUSES) {
        if (from === to) continue;
        expect(moveRefusal(from, to) === null, `${from} → ${to}`).toBe(canChangeStatus(from, to));
      }
    }
  });

  it('explains that a closed ticket only reopens', () => {
    expect(moveRefusal('done', 'doing')).toBe('board.refused.closed');
    expect(moveRefusal('cancel', 'open')).toBeNull();
    expect(moveRefusal(undefined, 'open')).toBe('board.refused.unknown');
  });
});

describe('columnCounts', () => {
  const rows = [
    { key: ['open', 'high', 'bug', 'usr-1'], value: 2 },
    { key: ['open', 'low', 'chore', null], value: 3 },
    { key: ['done', 'high', 'story', 'usr-2'], value: 40 },
    { key: ['weird', 'high', 'bug', null], value: 9 },
    { key: 'open', value: 1 },
  ];
  it('sums the rows of each status', () => {
    expect(columnCounts(rows, NO_FILTERS)).toEqual({ open: 5, done: 40 });
  });
  it('counts only rows passing the filters', () => {
    expect(columnCounts(rows, { ...NO_FILTERS, priority: 'high' })).toEqual({ open: 2, done: 40 });
    expect(columnCounts(rows, { ...NO_FILTERS, technician: 'usr-1' })).toEqual({ open: 2 });
  });
});
