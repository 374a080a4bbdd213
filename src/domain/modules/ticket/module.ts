// The ticket module (spec 001 §1 "ticket"): service orders for a repair shop, with customers,
// equipment, contracts, estimates, maintenances, categories, handbooks and comments.
import type { ModuleDescription } from '../kit.ts';
import { TICKET_RESOURCES } from './records.ts';
import { CLOSED_TICKET_ONLY_REOPENS, RECEIPT_BEFORE_DONE } from './ticket-edits.ts';
import { TICKET_SERIES_MISSING } from './ticket-number.ts';

export const ticketModule: ModuleDescription = {
  kind: 'ticket',
  feature: 'tickets',
  setting: null,
  built: true,
  home: 'tickets',
  records: TICKET_RESOURCES,
  pages: [
    { name: 'ticket-board', path: 'ticket-board', title: 'board.title' },
    {
      name: 'tickets#receipt',
      path: 'tickets/:recordId/receipt/:kind',
      title: 'receipts.title',
      recordParts: 'tickets',
    },
    { name: 'estimates#print', path: 'estimates/:recordId/print', title: 'estimatePrint.title' },
  ],
  menu: [
    { key: 'tickets', path: 'tickets' },
    { key: 'board', path: 'ticket-board' },
    { key: 'customers', path: 'customers' },
    { key: 'equipment', path: 'equipment' },
    { key: 'handbooks', path: 'handbooks' },
  ],
  others: [
    { key: 'estimates', path: 'estimates' },
    { key: 'contracts', path: 'contracts' },
    { key: 'maintenances', path: 'maintenances', feature: 'maintenance' },
    { key: 'categories', path: 'categories' },
  ],
  // A category first: a ticket opened from one brings its checklist.
  firstSteps: [
    { resource: 'categories', klass: 'Category' },
    { resource: 'customers', klass: 'Customer' },
    { resource: 'tickets', klass: 'Ticket' },
  ],
  tiles: [
    { resource: 'tickets', klass: 'Ticket' },
    { resource: 'comments', klass: 'Comment' },
    { resource: 'customers', klass: 'Customer' },
    { resource: 'equipment', klass: 'Equipment' },
    { resource: 'maintenances', klass: 'Maintenance', feature: 'maintenance' },
    { resource: 'estimates', klass: 'Estimate' },
    { resource: 'handbooks', klass: 'Handbook' },
    { resource: 'categories', klass: 'Category' },
    { resource: 'contracts', klass: 'Contract' },
  ],
  settings: [
    { key: 'billing', type: 'switch' },
    { key: 'checklist', type: 'switch' },
    { key: 'maintenance', type: 'switch' },
    { key: 'project-management', type: 'switch' },
    { key: 'contract-receipt', type: 'select', options: ['on-demand', 'always'] },
    { key: 'estimate-observation', type: 'text' },
    { key: 'receipt-configuration', type: 'text' },
  ],
  // Each device claims a ticket series from the server's counter, never written by clients.
  serverKlasses: ['TicketSeries'],
  serverDocIds: ['ticket-series'],
  // The board's columns come from the kept list fields (status, updated_at): no index of its own.
  indexes: [],
  views: ['count-by-open-ticket-priority/all', 'count-by-ticket-priority/all', 'count-by-ticket-status/all'],
  counters: [
    'Category',
    'Comment',
    'Contract',
    'Customer',
    'Equipment',
    'Estimate',
    'Handbook',
    'Maintenance',
    'Ticket',
  ],
  messages: [CLOSED_TICKET_ONLY_REOPENS, RECEIPT_BEFORE_DONE, TICKET_SERIES_MISSING],
};
