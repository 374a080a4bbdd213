// The open-tickets counter of the navbar (spec 000 §9, spec 001 §2): colour by count, capped display.

export type TicketBadgeColor = 'grey' | 'amber' | 'orange' | 'red';

export interface TicketBadge {
  /** The count actually used: missing, non-numeric or non-positive counts are 0. */
  count: number;
  /** What the badge shows: the count, or 9+ above 9. */
  label: string;
  color: TicketBadgeColor;
}

export const TICKET_BADGE_CAP = 9;
/** How often the counter is refreshed. */
export const TICKET_BADGE_POLL_MS = 180_000;

export function ticketBadge(raw: unknown): TicketBadge {
  const value = typeof raw === 'number' && Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : 0;
  const label = value > TICKET_BADGE_CAP ? `${TICKET_BADGE_CAP}+` : String(value);
  if (value === 0) return { count: 0, label, color: 'grey' };
  if (value <= 6) return { count: value, label, color: 'amber' };
  if (value <= TICKET_BADGE_CAP) return { count: value, label, color: 'orange' };
  return { count: value, label, color: 'red' };
}
