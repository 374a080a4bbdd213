// The finance rules of spec 001 §4-5, as the kit's rules about records: they run on the device
// before a write and on the server on every write path, so a script writing to /db meets them.
// Confirming and marking imported are actions that leave a stamp (`confirmed_at`, `imported_at`):
// a stamp that changes while its state does not is the same action asked twice, refused with
// the spec's message, whereas an ordinary edit of a confirmed record keeps the stamp and passes.
import { FIELD_MESSAGES as M, type FieldErrors } from '../../errors.ts';
import type { RuleContext } from '../../records/schema.ts';

type Doc = Readonly<Record<string, unknown>>;

/** How each kind is named in its messages (the expense is the spec's "Outgo"). */
export const FINANCE_NAMES = {
  Income: 'Income',
  Outgo: 'Expense',
  Transfer: 'Transfer',
  Exchange: 'Exchange',
} as const;
export type FinanceKlass = keyof typeof FINANCE_NAMES;

export const alreadyConfirmed = (klass: FinanceKlass) => `${FINANCE_NAMES[klass]} is already confirmed`;
export const alreadyUnconfirmed = (klass: FinanceKlass) => `${FINANCE_NAMES[klass]} is already unconfirmed`;
export const RECORD_IS_IMPORTED = 'Record is imported';
export const RECORD_IS_NOT_IMPORTED = 'Record is not imported';
export const CONFIRMED_EXPENSE_KEPT = 'You cannot delete a confirmed Expense';
export const TRANSFER_SAME_CURRENCY = 'The wallets have different currencies: create an exchange instead';
export const EXCHANGE_OTHER_CURRENCY = 'The wallets have the same currency: create a transfer instead';
export const ANOTHER_WALLET = 'must be another wallet';
export const WALLET_CURRENCY = "must be the wallet's currency";
export const CURRENCY_KEPT = 'cannot change once the wallet is created';

export const FINANCE_MESSAGES: readonly string[] = [
  ...(Object.keys(FINANCE_NAMES) as FinanceKlass[]).flatMap((k) => [alreadyConfirmed(k), alreadyUnconfirmed(k)]),
  RECORD_IS_IMPORTED,
  RECORD_IS_NOT_IMPORTED,
  CONFIRMED_EXPENSE_KEPT,
  TRANSFER_SAME_CURRENCY,
  EXCHANGE_OTHER_CURRENCY,
  ANOTHER_WALLET,
  WALLET_CURRENCY,
  CURRENCY_KEPT,
];

const on = (value: unknown) => value === true;

/** A state action asked twice (confirm a confirmed record, mark an imported one imported). */
function stateActionErrors(klass: FinanceKlass, before: Doc, after: Doc, errors: FieldErrors): void {
  if (after.confirmed_at !== before.confirmed_at && on(after.confirmed) === on(before.confirmed))
    errors.add('confirmed', on(after.confirmed) ? alreadyConfirmed(klass) : alreadyUnconfirmed(klass));
  if (after.imported_at !== before.imported_at && on(after.imported) === on(before.imported))
    errors.add('imported', on(after.imported) ? RECORD_IS_IMPORTED : RECORD_IS_NOT_IMPORTED);
}

export const financeTransition =
  (klass: FinanceKlass) =>
  (before: Doc, after: Doc, errors: FieldErrors): void =>
    stateActionErrors(klass, before, after, errors);

/** The stored record's answer to "may it be deleted": a confirmed expense stays. */
export function outgoCanDelete(stored: Doc): string | null {
  return on(stored.confirmed) ? CONFIRMED_EXPENSE_KEPT : null;
}

/** The wallet a field points at, as the judge found it; undefined when nobody looked. */
function walletAt(doc: Doc, field: string, context: RuleContext | undefined): Doc | null | undefined {
  const id = doc[field];
  if (!context?.records || typeof id !== 'string') return undefined;
  const wallet = context.records.get(id);
  return wallet && wallet.klass === 'Wallet' && wallet._deleted !== true ? wallet : null;
}

/** Where the record's copy of a wallet's currency must say the same as the wallet. */
function sameAsWallet(
  doc: Doc,
  walletField: string,
  currencyField: string,
  errors: FieldErrors,
  context: RuleContext | undefined,
): Doc | null | undefined {
  const wallet = walletAt(doc, walletField, context);
  if (wallet === null) errors.add(walletField, M.notFound);
  else if (wallet && doc[currencyField] !== wallet.currency) errors.add(currencyField, WALLET_CURRENCY);
  return wallet;
}

/** An income or an expense counts in its wallet's currency. */
export function checkWalletEntry(doc: Doc, errors: FieldErrors, context?: RuleContext): void {
  sameAsWallet(doc, 'wallet_id', 'currency', errors, context);
}

/** Between two wallets of one currency (a transfer) or of two (an exchange), never one wallet to itself. */
export function checkBetweenWallets(doc: Doc, errors: FieldErrors, context: RuleContext | undefined): void {
  const exchange = doc.klass === 'Exchange';
  if (typeof doc.source_wallet_id === 'string' && doc.source_wallet_id === doc.destination_wallet_id)
    errors.add('destination_wallet_id', ANOTHER_WALLET);
  const source = sameAsWallet(doc, 'source_wallet_id', exchange ? 'source_currency' : 'currency', errors, context);
  const destination = walletAt(doc, 'destination_wallet_id', context);
  if (destination === null) errors.add('destination_wallet_id', M.notFound);
  if (source && destination) {
    const same = source.currency === destination.currency;
    if (exchange && same) errors.add('destination_wallet_id', EXCHANGE_OTHER_CURRENCY);
    else if (!exchange && !same) errors.add('destination_wallet_id', TRANSFER_SAME_CURRENCY);
    else if (exchange && doc.destination_currency !== destination.currency)
      errors.add('destination_currency', WALLET_CURRENCY);
  }
  if (exchange) {
    const feeSide = doc.fee_kind === 'destination' ? doc.destination_currency : doc.source_currency;
    if (doc.fee !== undefined && doc.fee_currency !== feeSide) errors.add('fee_currency', WALLET_CURRENCY);
  }
}

/** A wallet keeps its currency: every amount recorded in it counts in that currency. */
export function walletTransition(before: Doc, after: Doc, errors: FieldErrors): void {
  if (before.currency !== after.currency) errors.add('currency', CURRENCY_KEPT);
}

/**
 * The currencies a record copies from its wallets, by field (what the device fills before
 * saving and while the form is open, so amounts are typed in the right currency's digits).
 */
export function copiedCurrencies(doc: Doc, walletOf: (id: unknown) => Doc | null | undefined): Record<string, unknown> {
  const currencyOf = (field: string) => walletOf(doc[field])?.currency;
  switch (doc.klass) {
    case 'Income':
    case 'Outgo':
      return { currency: currencyOf('wallet_id') };
    case 'Transfer':
      return { currency: currencyOf('source_wallet_id') };
    case 'Exchange': {
      const source = currencyOf('source_wallet_id');
      const destination = currencyOf('destination_wallet_id');
      return {
        source_currency: source,
        destination_currency: destination,
        fee_currency: doc.fee_kind === 'destination' ? destination : source,
      };
    }
    default:
      return {};
  }
}
