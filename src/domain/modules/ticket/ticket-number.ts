// Ticket numbers: short enough to read over the phone, unique in a group, and never the same on
// two devices that create tickets offline. Each device replica of a group claims a series from
// the server once, while online; its tickets are then `<series>-<sequence>` ("3-17": device
// series 3, its 17th ticket), counted on the device without asking anyone.

export interface TicketNumber {
  series: number;
  sequence: number;
}

/** The error of a device asked to number a ticket before it ever claimed a series. */
export const TICKET_SERIES_MISSING = 'Connect to the internet once to number tickets on this device';

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 1;

export function formatTicketNumber(series: number, sequence: number): string {
  if (!isCount(series) || !isCount(sequence)) {
    throw new RangeError(`ticket number parts must be positive integers: ${series}, ${sequence}`);
  }
  return `${series}-${sequence}`;
}

const PATTERN = /^#?\s*(\d+)\s*-\s*(\d+)$/;

/** "3-17", also as typed or read back: "#3-17", " 3 - 17 ". Anything else is null. */
export function parseTicketNumber(text: unknown): TicketNumber | null {
  if (typeof text !== 'string') return null;
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const series = Number(match[1]);
  const sequence = Number(match[2]);
  return isCount(series) && isCount(sequence) ? { series, sequence } : null;
}

/**
 * Numerically by series, then sequence ("2-9" before "2-10" before "10-1"). Numbers that do not
 * parse (older records, typos) come after, in text order.
 */
export function compareTicketNumbers(a: string, b: string): number {
  const pa = parseTicketNumber(a);
  const pb = parseTicketNumber(b);
  if (pa && pb) return pa.series - pb.series || pa.sequence - pb.sequence;
  if (pa) return -1;
  if (pb) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The device's next sequence: one past the highest it knows of, whether from its own counter or
 * from tickets of its series already in the replica (a counter lost or behind never repeats one).
 */
export function nextSequence(lastKnown: number, numbersOnReplicaForSeries: readonly number[]): number {
  const known = [lastKnown, ...numbersOnReplicaForSeries].filter((n) => Number.isSafeInteger(n) && n > 0);
  return Math.max(0, ...known) + 1;
}

/**
 * Bounds of the text range holding every number of `series` ("3-" ≤ n < "3."; '.' follows '-'),
 * for an indexed query; results still go through `parseTicketNumber`.
 */
export function seriesRange(series: number): { $gte: string; $lt: string } {
  return { $gte: `${series}-`, $lt: `${series}.` };
}
