// The finance records as one CSV of the group's export (issue 32: a group's data leaves with it):
// wallets and every move between them, one row each, amounts as exact decimals in their currency.
import type { CsvCell, CsvExport } from '../../csv-write.ts';
import { currencyDigits, minorToDecimal } from '../../money.ts';

const COLUMNS = [
  'kind',
  'id',
  'date',
  'description',
  'wallet_id',
  'destination_wallet_id',
  'amount',
  'currency',
  'amount_in',
  'currency_in',
  'fee',
  'fee_currency',
  'party',
  'categories',
  'confirmed',
] as const;

type Column = (typeof COLUMNS)[number];
type Doc = Readonly<Record<string, unknown>>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Minor units as a decimal in the currency's digits (2 when the currency is unknown). */
function decimal(minor: unknown, currency: unknown): string | undefined {
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor)) return undefined;
  return minorToDecimal(minor, currencyDigits(currency) ?? 2);
}

function cells(doc: Doc): Partial<Record<Column, CsvCell>> {
  const common = {
    kind: text(doc.klass),
    id: text(doc._id),
    date: text(doc.date),
    description: text(doc.description),
    categories: Array.isArray(doc.categories) ? doc.categories.join('; ') : undefined,
    confirmed: typeof doc.confirmed === 'boolean' ? doc.confirmed : undefined,
  };
  switch (doc.klass) {
    case 'Wallet':
      return {
        ...common,
        description: text(doc.name),
        amount: decimal(doc.start_balance ?? 0, doc.currency),
        currency: text(doc.currency),
      };
    case 'Income':
    case 'Outgo':
      return {
        ...common,
        wallet_id: text(doc.wallet_id),
        amount: decimal(doc.value, doc.currency),
        currency: text(doc.currency),
        party: text(doc.klass === 'Income' ? doc.paid_by : doc.paid_to),
      };
    case 'Transfer':
      return {
        ...common,
        wallet_id: text(doc.source_wallet_id),
        destination_wallet_id: text(doc.destination_wallet_id),
        amount: decimal(doc.value, doc.currency),
        currency: text(doc.currency),
        fee: decimal(doc.fee, doc.currency),
        // The fee is charged to the source wallet, in the transfer's currency.
        fee_currency: doc.fee === undefined ? undefined : text(doc.currency),
      };
    case 'Exchange':
      return {
        ...common,
        wallet_id: text(doc.source_wallet_id),
        destination_wallet_id: text(doc.destination_wallet_id),
        amount: decimal(doc.value_out, doc.source_currency),
        currency: text(doc.source_currency),
        amount_in: decimal(doc.value_in, doc.destination_currency),
        currency_in: text(doc.destination_currency),
        fee: decimal(doc.fee, doc.fee_currency),
        fee_currency: text(doc.fee_currency),
      };
    default:
      return common;
  }
}

export const FINANCE_CSV: CsvExport = {
  name: 'finance',
  klasses: new Set(['Wallet', 'Income', 'Outgo', 'Transfer', 'Exchange']),
  columns: COLUMNS,
  row: (doc) => {
    const found = cells(doc);
    return COLUMNS.map((column) => found[column]);
  },
};
