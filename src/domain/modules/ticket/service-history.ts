// An equipment's service history (spec 001 §3 Maintenance: date, next_maintenance, warranty in
// days): how long each maintenance is under warranty, and when the next one is due. `today` is
// an argument (YYYY-MM-DD, the person's calendar day) so the rules never read the clock.
import { isValidDate } from '../../records/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last day a maintenance done on `date` is under warranty: `date` + `warrantyDays`, so a
 * 90-day warranty from 2026-01-01 ends on 2026-04-01. Null without a valid date or warranty.
 */
export function warrantyEnd(date: unknown, warrantyDays: unknown): string | null {
  if (typeof date !== 'string' || !isValidDate(date)) return null;
  if (typeof warrantyDays !== 'number' || !Number.isInteger(warrantyDays) || warrantyDays < 0) return null;
  return dateOfDay(dayNumber(date) + warrantyDays);
}

export interface MaintenanceLike {
  _id: string;
  date?: unknown;
  next_maintenance?: unknown;
  warranty?: unknown;
}

export interface MaintenanceEntry<T extends MaintenanceLike> {
  maintenance: T;
  warrantyEnd: string | null;
  /** Today is on or before the warranty's last day. */
  inWarranty: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Maintenances newest first, each with its warranty's end and whether it still holds today. */
export function maintenanceEntries<T extends MaintenanceLike>(
  maintenances: readonly T[],
  today: string,
): MaintenanceEntry<T>[] {
  return [...maintenances]
    .sort((a, b) => text(b.date).localeCompare(text(a.date)) || a._id.localeCompare(b._id))
    .map((maintenance) => {
      const end = warrantyEnd(maintenance.date, maintenance.warranty);
      return { maintenance, warrantyEnd: end, inWarranty: end !== null && today <= end };
    });
}

/**
 * The earliest next maintenance from today on. One due today still counts: it has not been done
 * yet, and is the one the shop most needs to see.
 */
export function nextMaintenance(maintenances: readonly MaintenanceLike[], today: string): string | null {
  const upcoming = maintenances
    .map((m) => m.next_maintenance)
    .filter((date): date is string => typeof date === 'string' && isValidDate(date) && date >= today)
    .sort();
  return upcoming[0] ?? null;
}
