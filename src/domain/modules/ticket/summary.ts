// The ticket module's part of the weekly summary (src/domain/weekly-summary.ts): tickets opened
// and closed in the week, and the maintenances that fall due in the 30 days after it.
import { isLive, onDays, type SummaryDoc, type SummaryLine, type SummaryPart } from '../../weekly-summary.ts';
import { CLOSED_TICKET_STATUSES, type TicketStatus } from './tickets.ts';

/**
 * A ticket keeps no date of closing: one closed now and last changed in the week was closed in
 * it (a later edit of a closed ticket moves it to that week; rare enough for a summary).
 */
function ticketLines(docs: readonly SummaryDoc[], from: string, to: string): SummaryLine[] {
  let opened = 0;
  let closed = 0;
  for (const doc of docs) {
    if (doc.klass !== 'Ticket' || !isLive(doc)) continue;
    if (onDays(doc.created_at, from, to)) opened++;
    if (CLOSED_TICKET_STATUSES.includes(doc.status as TicketStatus) && onDays(doc.updated_at, from, to)) closed++;
  }
  return opened + closed === 0
    ? []
    : [
        { text: 'ticketsOpened', count: opened },
        { text: 'ticketsClosed', count: closed },
      ];
}

/**
 * A repeating maintenance is a new record each time, carrying the next date: only an equipment's
 * latest maintenance says when it is due, so one already done again is not announced.
 */
function dueMaintenances(docs: readonly SummaryDoc[], from: string, to: string): SummaryLine[] {
  const latest = new Map<string, SummaryDoc>();
  const names = new Map<string, string>();
  for (const doc of docs) {
    if (!isLive(doc)) continue;
    if (doc.klass === 'Equipment' && typeof doc._id === 'string')
      names.set(doc._id, typeof doc.identifier === 'string' ? doc.identifier : '');
    if (doc.klass !== 'Maintenance' || typeof doc.equipment_id !== 'string' || typeof doc.date !== 'string') continue;
    const kept = latest.get(doc.equipment_id);
    if (!kept || String(kept.date) < doc.date) latest.set(doc.equipment_id, doc);
  }
  return [...latest]
    .filter(([, m]) => typeof m.next_maintenance === 'string' && onDays(m.next_maintenance, from, to))
    .map(([equipment, m]) => ({
      text: 'maintenanceDue',
      date: String(m.next_maintenance),
      label: names.get(equipment) ?? '',
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.label.localeCompare(b.label));
}

export const ticketSummary: SummaryPart = (docs, window) => [
  { title: 'tickets', lines: ticketLines(docs, window.weekFrom, window.weekTo) },
  { title: 'maintenances', lines: dueMaintenances(docs, window.next30From, window.next30To) },
];
