import { describe, expect, it } from 'vitest';
import { monetaSummary } from './modules/moneta/summary.ts';
import { ticketSummary } from './modules/ticket/summary.ts';
import { groupSummary, hasNews, isoWeek, summaryWindow, type SummaryDoc } from './weekly-summary.ts';

// Wednesday 25 November 2026: the week summarised is Monday 16 to Sunday 22 November (2026-W47).
const NOW = new Date('2026-11-25T10:00:00Z');
const window = summaryWindow(NOW);
const COUNTED = new Set(['Ticket', 'Customer', 'Outgo', 'Maintenance', 'Equipment']);

const outgo = (id: string, date: string, value: number, currency: string, categories: string[] = [], extra = {}) => ({
  _id: `out-${id}`,
  klass: 'Outgo',
  confirmed: true,
  date,
  value,
  currency,
  categories,
  created_at: `${date}T12:00:00Z`,
  ...extra,
});

describe('summaryWindow', () => {
  it('is the last complete ISO week, the 30 days ending on its Sunday and the 30 days after it', () => {
    expect(window).toEqual({
      period: '2026-W47',
      weekFrom: '2026-11-16',
      weekTo: '2026-11-22',
      last30From: '2026-10-24',
      next30From: '2026-11-23',
      next30To: '2026-12-22',
    });
    // Any moment of one week gives the same period: the sent marker's key.
    expect(summaryWindow(new Date('2026-11-23T00:00:00Z')).period).toBe('2026-W47');
    expect(summaryWindow(new Date('2026-11-29T23:59:59Z')).period).toBe('2026-W47');
    expect(summaryWindow(new Date('2026-11-30T00:00:00Z')).period).toBe('2026-W48');
  });

  it('names weeks by the ISO year of their Thursday', () => {
    expect(isoWeek(Date.UTC(2024, 11, 30))).toBe('2025-W01');
    expect(isoWeek(Date.UTC(2020, 11, 28))).toBe('2020-W53');
    expect(isoWeek(Date.UTC(2026, 0, 5))).toBe('2026-W02');
  });
});

describe('groupSummary', () => {
  const docs: SummaryDoc[] = [
    // Tickets: two opened in the week (one of them closed in it), one older closed in it, one outside.
    {
      _id: 'tik-1',
      klass: 'Ticket',
      status: 'open',
      created_at: '2026-11-16T08:00:00Z',
      updated_at: '2026-11-16T08:00:00Z',
    },
    {
      _id: 'tik-2',
      klass: 'Ticket',
      status: 'done',
      created_at: '2026-11-22T22:00:00Z',
      updated_at: '2026-11-22T23:00:00Z',
    },
    {
      _id: 'tik-3',
      klass: 'Ticket',
      status: 'cancel',
      created_at: '2026-10-01T08:00:00Z',
      updated_at: '2026-11-18T08:00:00Z',
    },
    {
      _id: 'tik-4',
      klass: 'Ticket',
      status: 'done',
      created_at: '2026-11-15T08:00:00Z',
      updated_at: '2026-11-23T08:00:00Z',
    },
    { _id: 'tik-5', klass: 'Ticket', status: 'open', created_at: '2026-11-17T08:00:00Z', _deleted: true },
    // Maintenances: the pump is due in the window; the boiler was serviced again since; the lift is due too late.
    { _id: 'eqi-pump', klass: 'Equipment', identifier: 'Pump 7', created_at: '2026-01-01T00:00:00Z' },
    { _id: 'eqi-boiler', klass: 'Equipment', identifier: 'Boiler', created_at: '2026-01-01T00:00:00Z' },
    { _id: 'eqi-lift', klass: 'Equipment', identifier: 'Lift', created_at: '2026-01-01T00:00:00Z' },
    {
      _id: 'mai-1',
      klass: 'Maintenance',
      equipment_id: 'eqi-pump',
      date: '2026-06-01',
      next_maintenance: '2026-12-22',
    },
    {
      _id: 'mai-2',
      klass: 'Maintenance',
      equipment_id: 'eqi-boiler',
      date: '2026-06-01',
      next_maintenance: '2026-11-30',
    },
    {
      _id: 'mai-3',
      klass: 'Maintenance',
      equipment_id: 'eqi-boiler',
      date: '2026-11-20',
      next_maintenance: '2027-05-20',
      created_at: '2026-11-20T09:00:00Z',
    },
    {
      _id: 'mai-4',
      klass: 'Maintenance',
      equipment_id: 'eqi-lift',
      date: '2026-06-01',
      next_maintenance: '2026-12-23',
    },
    // Spending: the 30 days are 24 October to 22 November, per currency, by first category.
    outgo('1', '2026-10-24', 10_000, 'BRL', ['Rent']),
    outgo('2', '2026-11-22', 2_550, 'BRL', ['Food', 'Rent']),
    outgo('3', '2026-11-01', 1_000, 'BRL'),
    outgo('4', '2026-10-23', 99_999, 'BRL', ['Rent']),
    outgo('5', '2026-11-23', 99_999, 'BRL', ['Rent']),
    outgo('6', '2026-11-10', 1_999, 'USD', ['Software']),
    outgo('7', '2026-11-10', 5_000, 'USD', ['Software'], { confirmed: false }),
    {
      _id: 'inc-1',
      klass: 'Income',
      confirmed: true,
      date: '2026-11-10',
      value: 1,
      currency: 'USD',
      created_at: '2026-11-10T00:00:00Z',
    },
  ];

  it('counts the week, the 30 days of spending per currency and the maintenances due', () => {
    const summary = groupSummary({ id: 'acc-1', name: 'Shop' }, docs, window, COUNTED, [ticketSummary, monetaSummary]);
    expect(summary.sections).toEqual([
      {
        title: 'records',
        lines: [{ text: 'recordsAdded', count: 4 }],
      },
      {
        title: 'tickets',
        lines: [
          { text: 'ticketsOpened', count: 2 },
          { text: 'ticketsClosed', count: 2 },
        ],
      },
      {
        title: 'maintenances',
        lines: [{ text: 'maintenanceDue', date: '2026-12-22', label: 'Pump 7' }],
      },
      {
        title: 'spending',
        lines: [
          { text: 'spentTotal', amount: { minor: 13_550, currency: 'BRL' }, count: 3 },
          { text: 'spentOnCategory', label: 'Rent', amount: { minor: 10_000, currency: 'BRL' }, detail: true },
          { text: 'spentOnCategory', label: 'Food', amount: { minor: 2_550, currency: 'BRL' }, detail: true },
          { text: 'spentUncategorised', amount: { minor: 1_000, currency: 'BRL' }, detail: true },
          { text: 'spentTotal', amount: { minor: 1_999, currency: 'USD' }, count: 1 },
          { text: 'spentOnCategory', label: 'Software', amount: { minor: 1_999, currency: 'USD' }, detail: true },
        ],
      },
    ]);
    expect(hasNews([summary])).toBe(true);
  });

  it('leaves out what did not happen, and a quiet group has no news', () => {
    const quiet = groupSummary(
      { id: 'acc-2', name: 'Quiet' },
      [docs[0]!].map((d) => ({ ...d, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })),
      window,
      COUNTED,
      [ticketSummary, monetaSummary],
    );
    expect(quiet.sections).toEqual([]);
    expect(hasNews([quiet])).toBe(false);
  });
});
