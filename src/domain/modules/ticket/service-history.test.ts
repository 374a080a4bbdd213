import { describe, expect, it } from 'vitest';
import { maintenanceEntries, nextMaintenance, warrantyEnd } from './service-history.ts';

describe('warrantyEnd', () => {
  it('adds the warranty days to the maintenance date', () => {
    expect(warrantyEnd('2026-01-01', 90)).toBe('2026-04-01');
    expect(warrantyEnd('2026-12-15', 30)).toBe('2027-01-14');
    expect(warrantyEnd('2028-02-28', 1)).toBe('2028-02-29');
    expect(warrantyEnd('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('is null without a valid date or a whole, non-negative number of days', () => {
    expect(warrantyEnd('2026-02-30', 10)).toBeNull();
    expect(warrantyEnd(undefined, 10)).toBeNull();
    expect(warrantyEnd('2026-01-01', undefined)).toBeNull();
    expect(warrantyEnd('2026-01-01', -1)).toBeNull();
    expect(warrantyEnd('2026-01-01', 1.5)).toBeNull();
    expect(warrantyEnd('2026-01-01', '30')).toBeNull();
  });
});

describe('maintenanceEntries', () => {
  const list = [
    { _id: 'mai-a', date: '2026-01-10', warranty: 30 },
    { _id: 'mai-b', date: '2026-11-01', warranty: 90 },
    { _id: 'mai-c', date: '2026-06-01' },
  ];

  it('lists the newest first with the warranty still holding on its last day', () => {
    const entries = maintenanceEntries(list, '2026-11-22');
    expect(entries.map((e) => [e.maintenance._id, e.warrantyEnd, e.inWarranty])).toEqual([
      ['mai-b', '2027-01-30', true],
      ['mai-c', null, false],
      ['mai-a', '2026-02-09', false],
    ]);
    expect(maintenanceEntries(list, '2026-02-09')[2]!.inWarranty).toBe(true);
    expect(maintenanceEntries(list, '2026-02-10')[2]!.inWarranty).toBe(false);
  });
});

describe('nextMaintenance', () => {
  it('is the earliest next maintenance from today on', () => {
    const list = [
      { _id: '1', next_maintenance: '2026-12-20' },
      { _id: '2', next_maintenance: '2026-11-01' },
      { _id: '3', next_maintenance: '2027-03-01' },
      { _id: '4', next_maintenance: 'soon' },
      { _id: '5' },
    ];
    expect(nextMaintenance(list, '2026-11-22')).toBe('2026-12-20');
    expect(nextMaintenance(list, '2026-12-20')).toBe('2026-12-20');
    expect(nextMaintenance(list, '2027-03-02')).toBeNull();
    expect(nextMaintenance([], '2026-11-22')).toBeNull();
  });
});
