import { describe, expect, it } from 'vitest';
import {
  allowedStatuses,
  canChangeStatus,
  checklistFromCategory,
  isReopen,
  mergeChecklist,
  priorityPercentages,
  receiptRequired,
  statusHelpKey,
  TICKET_KINDS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketStatus,
} from './tickets.ts';

describe('ticket vocabularies', () => {
  it('lists the statuses, kinds and priorities of the spec', () => {
    expect(TICKET_STATUSES).toEqual(['open', 'block', 'doing', 'review', 'done', 'cancel']);
    expect(TICKET_KINDS).toEqual(['chore', 'bug', 'story']);
    expect(TICKET_PRIORITIES).toEqual(['low', 'medium', 'high']);
  });
});

describe('canChangeStatus', () => {
  const active: TicketStatus[] = ['open', 'block', 'doing', 'review'];

  it('lets an active ticket move to any other status, closing ones included', () => {
    for (const from of active) {
      for (const to of TICKET_STATUSES) expect(canChangeStatus(from, to), `${from} → ${to}`).toBe(from !== to);
    }
  });

  it('allows the transitions the spec shows: open → done or cancel, and back to open', () => {
    expect(canChangeStatus('open', 'done')).toBe(true);
    expect(canChangeStatus('open', 'cancel')).toBe(true);
    expect(canChangeStatus('done', 'open')).toBe(true);
    expect(canChangeStatus('cancel', 'open')).toBe(true);
  });

  it('lets a closed ticket go only back to open', () => {
    for (const from of ['done', 'cancel'] as const) {
      expect(allowedStatuses(from)).toEqual(['open']);
      for (const to of ['block', 'doing', 'review', 'done', 'cancel'] as const) {
        expect(canChangeStatus(from, to), `${from} → ${to}`).toBe(false);
      }
    }
  });

  it('refuses a status to itself and unknown statuses', () => {
    for (const status of TICKET_STATUSES) expect(canChangeStatus(status, status)).toBe(false);
    expect(canChangeStatus('open', 'archived' as TicketStatus)).toBe(false);
    expect(canChangeStatus('closed' as TicketStatus, 'open')).toBe(false);
  });

  it('offers an active ticket every other status, in order', () => {
    expect(allowedStatuses('doing')).toEqual(['open', 'block', 'review', 'done', 'cancel']);
  });
});

describe('isReopen', () => {
  it('is true only from done or cancel back to open', () => {
    expect(isReopen('done', 'open')).toBe(true);
    expect(isReopen('cancel', 'open')).toBe(true);
    expect(isReopen('review', 'open')).toBe(false);
    expect(isReopen('block', 'open')).toBe(false);
    expect(isReopen('open', 'open')).toBe(false);
    expect(isReopen('done', 'cancel')).toBe(false);
  });
});

describe('statusHelpKey', () => {
  it('names the help of the closing statuses only', () => {
    expect(statusHelpKey('done')).toBe('tickets.help.done');
    expect(statusHelpKey('cancel')).toBe('tickets.help.cancel');
    for (const status of ['open', 'block', 'doing', 'review'] as const) expect(statusHelpKey(status)).toBeNull();
  });
});

describe('priorityPercentages', () => {
  it('rounds high and medium and gives low the rest of 100', () => {
    expect(priorityPercentages({ high: 1, medium: 1, low: 1 })).toEqual({ high: 33, medium: 33, low: 34 });
    expect(priorityPercentages({ high: 2, medium: 1, low: 0 })).toEqual({ high: 67, medium: 33, low: 0 });
    expect(priorityPercentages({ high: 1, medium: 2, low: 5 })).toEqual({ high: 13, medium: 25, low: 62 });
  });

  it('is all 0 without tickets, and treats missing or bad counts as 0', () => {
    expect(priorityPercentages({})).toEqual({ high: 0, medium: 0, low: 0 });
    expect(priorityPercentages({ high: 0, medium: 0, low: 0 })).toEqual({ high: 0, medium: 0, low: 0 });
    expect(priorityPercentages({ high: -2, medium: Number.NaN, low: 4 })).toEqual({ high: 0, medium: 0, low: 100 });
    expect(priorityPercentages({ medium: 3 })).toEqual({ high: 0, medium: 100, low: 0 });
  });

  it('never makes low negative when both roundings go up', () => {
    // 50.5% and 49.5% both round up: 51 + 50 would be 101.
    const result = priorityPercentages({ high: 101, medium: 99, low: 0 });
    expect(result).toEqual({ high: 51, medium: 49, low: 0 });
    expect(result.high + result.medium + result.low).toBe(100);
  });
});

describe('receiptRequired', () => {
  it("with 'always' applies to every ticket", () => {
    expect(receiptRequired({}, 'always')).toBe(true);
    expect(receiptRequired({ contract_id: 'cnt-1' }, 'always')).toBe(true);
  });

  it("with 'on-demand' (and anything unknown) applies only to tickets with a contract", () => {
    expect(receiptRequired({ contract_id: 'cnt-1' }, 'on-demand')).toBe(true);
    expect(receiptRequired({}, 'on-demand')).toBe(false);
    expect(receiptRequired({ contract_id: null }, 'on-demand')).toBe(false);
    expect(receiptRequired({ contract_id: '' }, 'on-demand')).toBe(false);
    expect(receiptRequired({ contract_id: 'cnt-1' }, '')).toBe(true);
  });
});

describe('checklistFromCategory', () => {
  it('makes one unticked item per non-blank trimmed line, each once', () => {
    expect(checklistFromCategory('  Check fan \n\nClean board\r\nCheck fan\n   \nTest PSU')).toEqual([
      { item: 'Check fan', done: false },
      { item: 'Clean board', done: false },
      { item: 'Test PSU', done: false },
    ]);
    expect(checklistFromCategory('')).toEqual([]);
  });
});

describe('mergeChecklist', () => {
  it("keeps the ticks of items still listed, in the category's order, and drops the others", () => {
    const existing = [
      { item: 'Check fan', done: true },
      { item: 'Old step', done: true },
      { item: 'Clean board', done: false },
    ];
    const fromCategory = checklistFromCategory('Clean board\nCheck fan\nTest PSU');
    expect(mergeChecklist(existing, fromCategory)).toEqual([
      { item: 'Clean board', done: false },
      { item: 'Check fan', done: true },
      { item: 'Test PSU', done: false },
    ]);
  });

  it('starts unticked when the ticket had no checklist', () => {
    expect(mergeChecklist(undefined, checklistFromCategory('A\nB'))).toEqual([
      { item: 'A', done: false },
      { item: 'B', done: false },
    ]);
  });
});
