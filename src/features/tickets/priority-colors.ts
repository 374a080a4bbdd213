// Ticket priority colours (spec 000 §2, spec 001 §2: high red, medium orange, low yellow), shared by
// the ticket board's cards and the dashboards' priority bars so both speak the same colours.
import type { TicketPriority } from '../../domain/modules/ticket/tickets.ts';

export const PRIORITY_COLORS: Readonly<Record<TicketPriority, string>> = {
  high: '#d32f2f',
  medium: '#f57c00',
  low: '#fbc02d',
};

/** A ticket's priority, low when missing or unknown (as the counters count it). */
export function ticketPriority(value: unknown): TicketPriority {
  return value === 'high' || value === 'medium' ? value : 'low';
}
