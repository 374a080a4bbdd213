// The finance records of spec 001 §3: wallets, incomes, expenses ("outgos"), transfers,
// exchanges and the mappings a CSV import applies. Every amount is exact money in its wallet's
// currency: a record keeps a copy of that currency (filled from the wallet when saved, checked
// against it on every write path), so it reads and sums the same on any device, offline.
import { type FieldSpec, type ResourceSpec, TODAY } from '../../records/schema.ts';
import { DATE_FORMATS, STATEMENT_FIELDS } from './statement.ts';
import { checkBetweenWallets, checkWalletEntry, financeTransition, outgoCanDelete, walletTransition } from './rules.ts';

export const MAPPING_FIELDS = ['description', 'third_party', 'categories'] as const;
export const MAPPING_WATCH_KINDS = ['contains', 'ends_with', 'equals', 'starts_with'] as const;
export const MAPPING_CHANGE_KINDS = ['replace', 'append', 'prepend'] as const;
export const MAPPING_TARGETS = ['exchange', 'income', 'outgo', 'transfer'] as const;
export const FEE_KINDS = ['source', 'destination'] as const;
export const IMPORT_STATUSES = ['done', 'undone'] as const;

/** The currency a record's amounts count in, copied from its wallet: shown, never typed. */
const copiedCurrency = (name: string): FieldSpec => ({ name, type: 'currency', required: true, readOnly: true });

/**
 * Whether it counts: set by the confirm and unconfirm actions after creation. A record typed by
 * hand starts confirmed (the person is saying the money moved; untick for one planned ahead);
 * a statement's lines are written unconfirmed, for the person to check (issue 28).
 */
const CONFIRMED: FieldSpec = { name: 'confirmed', type: 'boolean', initial: true, createOnly: true };
/** Written by a CSV import: such a record leaves the wallet's balance as it is (spec 001 §4). */
const IMPORTED: FieldSpec = { name: 'imported', type: 'boolean', readOnly: true };
/** The import that wrote it. */
const IMPORT: FieldSpec = { name: 'import_id', type: 'reference', ref: 'CsvImport', readOnly: true };
const DATE: FieldSpec = { name: 'date', type: 'date', required: true, initial: TODAY };
const DESCRIPTION: FieldSpec = { name: 'description', type: 'text', required: true };
const CATEGORIES: FieldSpec = { name: 'categories', type: 'tags' };

const ENTRY_COLUMNS = ['date', 'description', 'value', 'wallet_id', 'confirmed'] as const;
const listing = {
  search: ['description', 'categories'],
  sort: ['date', 'created_at', 'updated_at'],
  defaultSort: { field: 'date', direction: 'desc' },
  titleField: 'description',
} as const;

export const wallets: ResourceSpec = {
  resource: 'wallets',
  klass: 'Wallet',
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'label', type: 'text' },
    { name: 'currency', type: 'currency', required: true, initialSetting: 'currency', initial: 'USD' },
    { name: 'start_balance', type: 'money', initial: 0 },
    { name: 'active', type: 'boolean', initial: true },
    { name: 'card', type: 'boolean', initial: false },
    { name: 'card_limit', type: 'money', min: 0 },
    // Decimal digits the wallet's figures show; amounts are kept in the currency's own minor units.
    { name: 'precision', type: 'integer', min: 0, max: 4, initial: 2 },
  ],
  columns: ['name', 'currency', 'active', 'card'],
  search: ['name', 'label'],
  sort: ['name', 'created_at', 'updated_at'],
  defaultSort: { field: 'name', direction: 'asc' },
  titleField: 'name',
  transition: walletTransition,
};

function walletEntry(resource: string, klass: 'Income' | 'Outgo', party: string, extra: FieldSpec[]): ResourceSpec {
  return {
    resource,
    klass,
    fields: [
      DATE,
      DESCRIPTION,
      { name: 'wallet_id', type: 'reference', ref: 'Wallet', required: true },
      { name: 'value', type: 'money', required: true, min: 0 },
      { name: party, type: 'text' },
      CATEGORIES,
      CONFIRMED,
      IMPORTED,
      IMPORT,
      ...extra,
      copiedCurrency('currency'),
    ],
    columns: ENTRY_COLUMNS,
    ...listing,
    lookups: ['wallet_id'],
    check: checkWalletEntry,
    transition: financeTransition(klass),
  };
}

export const incomes = walletEntry('incomes', 'Income', 'paid_by', []);

export const outgos: ResourceSpec = {
  // Parts bought at a customer's site: the expense points at the ticket it was for.
  ...walletEntry('outgos', 'Outgo', 'paid_to', [{ name: 'ticket_id', type: 'reference', ref: 'Ticket' }]),
  canDelete: outgoCanDelete,
};

const BETWEEN = ['source_wallet_id', 'destination_wallet_id'] as const;
const walletRef = (name: string): FieldSpec => ({ name, type: 'reference', ref: 'Wallet', required: true });

export const transfers: ResourceSpec = {
  resource: 'transfers',
  klass: 'Transfer',
  fields: [
    DATE,
    DESCRIPTION,
    walletRef('source_wallet_id'),
    walletRef('destination_wallet_id'),
    { name: 'value', type: 'money', required: true, min: 0 },
    // Charged to the source wallet.
    { name: 'fee', type: 'money', min: 0 },
    CATEGORIES,
    CONFIRMED,
    IMPORTED,
    copiedCurrency('currency'),
  ],
  columns: ['date', 'description', 'value', 'source_wallet_id', 'destination_wallet_id', 'confirmed'],
  ...listing,
  lookups: BETWEEN,
  check: checkBetweenWallets,
  transition: financeTransition('Transfer'),
};

export const exchanges: ResourceSpec = {
  resource: 'exchanges',
  klass: 'Exchange',
  fields: [
    DATE,
    DESCRIPTION,
    walletRef('source_wallet_id'),
    { name: 'value_out', type: 'money', required: true, min: 0, currencyField: 'source_currency' },
    walletRef('destination_wallet_id'),
    { name: 'value_in', type: 'money', required: true, min: 0, currencyField: 'destination_currency' },
    { name: 'fee', type: 'money', min: 0, currencyField: 'fee_currency' },
    { name: 'fee_kind', type: 'select', options: FEE_KINDS, required: true, initial: 'source' },
    CATEGORIES,
    CONFIRMED,
    IMPORTED,
    copiedCurrency('source_currency'),
    copiedCurrency('destination_currency'),
    { name: 'fee_currency', type: 'currency', readOnly: true },
  ],
  columns: ['date', 'description', 'value_out', 'value_in', 'source_wallet_id', 'destination_wallet_id'],
  ...listing,
  lookups: BETWEEN,
  check: checkBetweenWallets,
  transition: financeTransition('Exchange'),
};

export const mappings: ResourceSpec = {
  resource: 'mappings',
  klass: 'Mapping',
  fields: [
    { name: 'description', type: 'text', required: true },
    { name: 'target', type: 'select', options: MAPPING_TARGETS, required: true, initial: 'outgo' },
    { name: 'field_to_watch', type: 'select', options: MAPPING_FIELDS, required: true, initial: 'description' },
    { name: 'kind_of_watch', type: 'select', options: MAPPING_WATCH_KINDS, required: true, initial: 'contains' },
    { name: 'text_to_match', type: 'text', required: true },
    { name: 'field_to_change', type: 'select', options: MAPPING_FIELDS, required: true, initial: 'categories' },
    { name: 'kind_of_change', type: 'select', options: MAPPING_CHANGE_KINDS, required: true, initial: 'replace' },
    { name: 'text_to_change', type: 'text', required: true },
    { name: 'order', type: 'integer', required: true, min: 0, max: 100_000, initial: 0 },
    { name: 'active', type: 'boolean', initial: true },
  ],
  columns: ['description', 'target', 'text_to_match', 'text_to_change', 'order', 'active'],
  search: ['description', 'text_to_match', 'text_to_change'],
  sort: ['order', 'created_at', 'updated_at'],
  defaultSort: { field: 'order', direction: 'asc' },
  titleField: 'description',
};

/**
 * One bank statement's import (spec 001 §3 "CSV import"): which columns meant what, the date
 * format, how many lines it read, wrote and skipped. Its records carry `import_id` and ids derived
 * from it and their line (statement.ts), so the import is undone as a whole; a later file with the
 * same headers reuses its columns (the mapping saved per bank).
 */
export const imports: ResourceSpec = {
  resource: 'imports',
  klass: 'CsvImport',
  screens: ['index', 'show'],
  fields: [
    { name: 'description', type: 'text', required: true },
    { name: 'wallet_id', type: 'reference', ref: 'Wallet', required: true },
    { name: 'date_format', type: 'select', options: DATE_FORMATS, required: true },
    { name: 'status', type: 'select', options: IMPORT_STATUSES, required: true, readOnly: true },
    { name: 'imported_count', type: 'integer', min: 0, readOnly: true },
    { name: 'duplicate_count', type: 'integer', min: 0, readOnly: true },
    { name: 'skipped_count', type: 'integer', min: 0, readOnly: true },
    { name: 'headers', type: 'lines', readOnly: true },
    {
      name: 'columns',
      type: 'rows',
      readOnly: true,
      rows: [
        { name: 'field', type: 'select', options: STATEMENT_FIELDS, required: true },
        { name: 'column', type: 'integer', min: 0, max: 1_000, required: true },
      ],
    },
    // The statement lines it read, by number: the range its records' ids were derived from.
    { name: 'first_line', type: 'integer', min: 1, readOnly: true },
    { name: 'last_line', type: 'integer', min: 0, readOnly: true },
  ],
  columns: ['description', 'wallet_id', 'imported_count', 'status', 'created_at'],
  search: ['description'],
  sort: ['created_at', 'updated_at'],
  defaultSort: { field: 'created_at', direction: 'desc' },
  titleField: 'description',
};

export const MONETA_RESOURCES: readonly ResourceSpec[] = [
  outgos,
  incomes,
  transfers,
  exchanges,
  wallets,
  mappings,
  imports,
];
