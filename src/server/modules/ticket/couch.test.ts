// The ticket module's design documents (couch/group/), run as CouchDB would run them.
import { describe, expect, it } from 'vitest';
import { designDoc as ddoc, runMap } from '../../../../test/support/couch-map.ts';

describe('the ticket counts', () => {
  it('count-by-open-ticket-priority counts tickets not done or cancelled, by priority', () => {
    const view = ddoc('group', 'count-by-open-ticket-priority').views!.all!;
    expect(view.reduce).toBe('_count');
    expect(runMap(view.map, { klass: 'Ticket', status: 'doing', priority: 'high' })).toEqual([['high', 1]]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'open' })).toEqual([['low', 1]]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'done', priority: 'high' })).toEqual([]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'cancel', priority: 'high' })).toEqual([]);
    expect(runMap(view.map, { klass: 'Customer', priority: 'high' })).toEqual([]);
  });

  it('count-by-ticket-priority counts every ticket by priority', () => {
    const view = ddoc('group', 'count-by-ticket-priority').views!.all!;
    expect(runMap(view.map, { klass: 'Ticket', status: 'done', priority: 'medium' })).toEqual([['medium', 1]]);
    expect(runMap(view.map, { klass: 'Equipment' })).toEqual([]);
  });

  it('count-by-ticket-status counts tickets by status and what the board filters on', () => {
    const view = ddoc('group', 'count-by-ticket-status').views!.all!;
    expect(view.reduce).toBe('_count');
    const ticket = { klass: 'Ticket', status: 'doing', priority: 'high', ticket_kind: 'bug', technical_id: 'usr-1' };
    expect(runMap(view.map, ticket)).toEqual([[['doing', 'high', 'bug', 'usr-1'], 1]]);
    expect(runMap(view.map, { klass: 'Ticket', status: 'open' })).toEqual([[['open', 'low', null, null], 1]]);
    expect(runMap(view.map, { klass: 'Ticket' })).toEqual([]);
    expect(runMap(view.map, { klass: 'Customer', status: 'open' })).toEqual([]);
  });
});
