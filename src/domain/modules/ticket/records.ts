// The ticket module's records (spec 001 §3). Contract and estimate items, customer phones and
// addresses and a ticket's checklist live inside their record, so a record and its parts are
// written, synced and merged together: two devices cannot end up with half of an estimate.
import { FIELD_MESSAGES as M } from '../../errors.ts';
import { checkReceipts } from './receipts.ts';
import { ticketChangeErrors, ticketLabel } from './ticket-edits.ts';
import { TICKET_KINDS, TICKET_PRIORITIES, TICKET_STATUSES } from './tickets.ts';
import type { FieldSpec, ResourceSpec } from '../../records/schema.ts';
import { handbooks } from '../textnotes/records.ts';

/** An address opens a map at it (a link: nothing is asked of the map until it is tapped). */
export function addressMapLink(row: Readonly<Record<string, unknown>>): string | null {
  const parts = ['street', 'number', 'neighborhood', 'city', 'state', 'zip_code']
    .map((name) => (typeof row[name] === 'string' ? (row[name] as string).trim() : ''))
    .filter(Boolean);
  return parts.length ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(parts.join(', '))}` : null;
}

const ACTIVE: FieldSpec = { name: 'active', type: 'boolean', initial: true };

export const PHONE_ROW: readonly FieldSpec[] = [
  { name: 'main', type: 'boolean' },
  { name: 'description', type: 'text' },
  { name: 'number', type: 'phone', required: true, maxLength: 40 },
];

export const ADDRESS_ROW: readonly FieldSpec[] = [
  { name: 'main', type: 'boolean' },
  { name: 'description', type: 'text' },
  { name: 'zip_code', type: 'text', maxLength: 20 },
  { name: 'street', type: 'text', required: true },
  { name: 'number', type: 'text', maxLength: 20 },
  { name: 'neighborhood', type: 'text' },
  { name: 'complement', type: 'text' },
  { name: 'city', type: 'text' },
  { name: 'state', type: 'text' },
];

export const customers: ResourceSpec = {
  resource: 'customers',
  klass: 'Customer',
  fields: [
    // What a technician needs at the door first: who, how to call, where.
    { name: 'name', type: 'text', required: true },
    { name: 'phones', type: 'rows', rows: PHONE_ROW },
    { name: 'addresses', type: 'rows', rows: ADDRESS_ROW, rowLink: addressMapLink },
    { name: 'short_name', type: 'text' },
    { name: 'email', type: 'email' },
    { name: 'site', type: 'url' },
    { name: 'born_at', type: 'date' },
    { name: 'gender', type: 'select', options: ['female', 'male', 'other'] },
    { name: 'occupation', type: 'text' },
    { name: 'job_title', type: 'text' },
    { name: 'company_name', type: 'text' },
    { name: 'company_tax_id', type: 'text', deprecated: true },
    { name: 'personal_tax_id', type: 'text', deprecated: true },
    { name: 'id_document', type: 'text', deprecated: true },
    { name: 'id_document_date', type: 'date', deprecated: true },
    { name: 'id_document_place', type: 'text', deprecated: true },
    { name: 'id_document_issuer', type: 'text', deprecated: true },
    { name: 'state_registration', type: 'text', deprecated: true },
    { name: 'municipal_registration', type: 'text', deprecated: true },
  ],
  columns: ['name', 'email', 'company_name', 'updated_at'],
  search: ['name', 'short_name', 'email', 'company_name'],
  sort: ['name', 'created_at', 'updated_at'],
  defaultSort: { field: 'name', direction: 'asc' },
  titleField: 'name',
};

export const equipment: ResourceSpec = {
  resource: 'equipment',
  klass: 'Equipment',
  fields: [
    { name: 'identifier', type: 'text', required: true },
    { name: 'description', type: 'text' },
    { name: 'maker', type: 'text' },
    { name: 'customer_id', type: 'reference', ref: 'Customer' },
    { name: 'location', type: 'text' },
    { name: 'customer_identifier', type: 'text', deprecated: true },
  ],
  columns: ['identifier', 'description', 'maker', 'customer_id'],
  search: ['identifier', 'description', 'maker', 'location'],
  sort: ['identifier', 'created_at', 'updated_at'],
  defaultSort: { field: 'identifier', direction: 'asc' },
  titleField: 'identifier',
};

export const categories: ResourceSpec = {
  resource: 'categories',
  klass: 'Category',
  fields: [
    { name: 'name', type: 'text', required: true },
    // Spec 001's data model: a category's short label beside its name.
    { name: 'label', type: 'text', maxLength: 100 },
    { name: 'checklist', type: 'lines', maxLength: 10_000 },
    ACTIVE,
    { name: 'color', type: 'color', initial: '#1976d2' },
  ],
  columns: ['name', 'active', 'color'],
  search: ['name', 'label'],
  sort: ['name', 'created_at', 'updated_at'],
  defaultSort: { field: 'name', direction: 'asc' },
  titleField: 'name',
};

export const contracts: ResourceSpec = {
  resource: 'contracts',
  klass: 'Contract',
  fields: [
    { name: 'description', type: 'text', required: true },
    { name: 'customer_id', type: 'reference', ref: 'Customer', required: true },
    ACTIVE,
    {
      name: 'payment_kind',
      type: 'select',
      options: ['monthly', 'quarterly', 'yearly', 'per_visit'],
      initial: 'monthly',
    },
    {
      name: 'items',
      type: 'rows',
      rows: [
        { name: 'number', type: 'text', maxLength: 40 },
        { name: 'content', type: 'text', required: true },
      ],
    },
  ],
  columns: ['description', 'customer_id', 'active', 'payment_kind'],
  search: ['description'],
  sort: ['description', 'created_at', 'updated_at'],
  defaultSort: { field: 'created_at', direction: 'desc' },
  titleField: 'description',
};

export const estimates: ResourceSpec = {
  resource: 'estimates',
  klass: 'Estimate',
  fields: [
    { name: 'number', type: 'text', maxLength: 40 },
    { name: 'description', type: 'text', required: true },
    { name: 'customer_id', type: 'reference', ref: 'Customer' },
    { name: 'ticket_id', type: 'reference', ref: 'Ticket' },
    { name: 'observation', type: 'textarea' },
    // The group's currency when written: an estimate reads the same to every reader.
    { name: 'currency', type: 'currency', required: true, initialSetting: 'currency', initial: 'USD' },
    {
      name: 'items',
      type: 'rows',
      rows: [
        { name: 'description', type: 'text', required: true },
        { name: 'quantity', type: 'decimal', required: true, min: 0 },
        { name: 'value', type: 'money', required: true, min: 0 },
      ],
    },
  ],
  columns: ['number', 'description', 'customer_id', 'created_at'],
  search: ['number', 'description'],
  sort: ['created_at', 'updated_at', 'description'],
  defaultSort: { field: 'created_at', direction: 'desc' },
  titleField: 'description',
};

export const maintenances: ResourceSpec = {
  resource: 'maintenances',
  klass: 'Maintenance',
  feature: 'maintenance',
  fields: [
    { name: 'date', type: 'date', required: true },
    { name: 'next_maintenance', type: 'date' },
    { name: 'equipment_id', type: 'reference', ref: 'Equipment', required: true },
    { name: 'category_id', type: 'reference', ref: 'Category' },
    { name: 'warranty', type: 'integer', min: 0, max: 36_500 },
    { name: 'ticket_id', type: 'reference', ref: 'Ticket' },
  ],
  columns: ['date', 'equipment_id', 'next_maintenance', 'warranty'],
  search: ['date', 'next_maintenance'],
  sort: ['date', 'created_at', 'updated_at'],
  defaultSort: { field: 'date', direction: 'desc' },
  titleField: 'date',
};

// Handbooks are every group's (a shop's know-how); the wiki's rules for them live with the wiki.
export { handbooks };

export const tickets: ResourceSpec = {
  resource: 'tickets',
  klass: 'Ticket',
  fields: [
    { name: 'number', type: 'text', readOnly: true, maxLength: 40 },
    { name: 'title', type: 'text', required: true },
    { name: 'status', type: 'select', options: TICKET_STATUSES, required: true, initial: 'open' },
    { name: 'priority', type: 'select', options: TICKET_PRIORITIES, required: true, initial: 'medium' },
    { name: 'ticket_kind', type: 'select', options: TICKET_KINDS, required: true, initial: 'chore' },
    { name: 'customer_id', type: 'reference', ref: 'Customer' },
    { name: 'equipment_id', type: 'reference', ref: 'Equipment' },
    { name: 'relate_equipment_to_customer', type: 'boolean', createOnly: true },
    { name: 'equipment_observation', type: 'textarea' },
    { name: 'category_id', type: 'reference', ref: 'Category' },
    // Spec 001's "ticket relationship": a return visit or a warranty call-back points at the earlier
    // ticket; the earlier one lists it among the records pointing at it, so both pages show it.
    { name: 'related_ticket_id', type: 'reference', ref: 'Ticket' },
    {
      name: 'checklist',
      type: 'rows',
      feature: 'checklist',
      readOnly: true,
      rows: [
        { name: 'item', type: 'text', required: true },
        { name: 'done', type: 'boolean' },
      ],
    },
    { name: 'contract_id', type: 'reference', ref: 'Contract' },
    // The technician's word that the customer signed the contract receipt on paper.
    { name: 'contract_receipt_on_paper', type: 'boolean', readOnly: true },
    { name: 'content', type: 'textarea' },
    { name: 'problem', type: 'textarea' },
    { name: 'estimation', type: 'decimal', min: 0 },
    { name: 'technical_id', type: 'member' },
    { name: 'reviewer_id', type: 'member', feature: 'project-management' },
  ],
  columns: ['number', 'title', 'status', 'priority', 'customer_id', 'updated_at'],
  search: ['number', 'title', 'content', 'problem'],
  sort: ['created_at', 'updated_at', 'title'],
  defaultSort: { field: 'created_at', direction: 'desc' },
  titleField: 'title',
  numberField: 'number',
  // "#number - first line of the problem or the content" (or the title): what the shop talks about.
  label: ticketLabel,
  check: (doc, errors) => {
    checkReceipts(doc, errors);
    if (doc.related_ticket_id !== undefined && doc.related_ticket_id === doc._id)
      errors.add('related_ticket_id', M.invalid);
  },
  transition: (before, after, errors, { settings }) => {
    for (const message of ticketChangeErrors(before, after, settings)) errors.add('status', message);
  },
};

export const comments: ResourceSpec = {
  resource: 'comments',
  klass: 'Comment',
  // Written from their ticket's page: listed (the admin's comments tile) and shown, never a form of their own.
  screens: ['index', 'show'],
  fields: [
    { name: 'content', type: 'textarea', required: true },
    { name: 'ticket_id', type: 'reference', ref: 'Ticket', required: true },
    { name: 'date', type: 'text', readOnly: true },
    { name: 'user', type: 'text', readOnly: true },
  ],
  columns: ['content', 'ticket_id', 'user', 'created_at'],
  search: ['content'],
  sort: ['created_at'],
  defaultSort: { field: 'created_at', direction: 'desc' },
  titleField: 'content',
};

export const TICKET_RESOURCES: readonly ResourceSpec[] = [
  tickets,
  customers,
  equipment,
  contracts,
  estimates,
  maintenances,
  categories,
  handbooks,
  comments,
];
