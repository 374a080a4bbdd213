// Wallet balances (spec 001 §3-4, §9): a wallet's start balance plus its confirmed incomes, minus
// its confirmed expenses, transfers and exchanges in and out, fees on the side that pays them.
// Imported records leave balances alone; unconfirmed ones are pending, shown apart. The same
// movements feed the `wallet-balances` views (src/server/modules/moneta/couch/group/wallet-balances), whose map is
// tested against `movements` so the server's figures and the device's agree.
import { isMinorUnits } from '../../money.ts';

type Doc = Readonly<Record<string, unknown>>;

/** One change to one wallet's money, in that wallet's currency (minor units). */
export interface Movement {
  wallet: string;
  currency: string;
  amount: number;
  /** Unconfirmed: counted in the balance after pending only. */
  pending: boolean;
  /** The record's day (YYYY-MM-DD); '' for a wallet's start balance, before every day. */
  date: string;
}

const amount = (value: unknown) => (isMinorUnits(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a document does to wallet balances: nothing for an imported record or a deleted one. */
export function movements(doc: Doc): Movement[] {
  if (doc._deleted === true) return [];
  if (doc.klass === 'Wallet') {
    return [
      {
        wallet: str(doc._id),
        currency: str(doc.currency),
        amount: amount(doc.start_balance),
        pending: false,
        date: '',
      },
    ];
  }
  if (doc.imported === true) return [];
  const pending = doc.confirmed !== true;
  const move = (wallet: unknown, currency: unknown, value: number): Movement => ({
    wallet: str(wallet),
    currency: str(currency),
    amount: value,
    pending,
    date: str(doc.date),
  });
  switch (doc.klass) {
    case 'Income':
      return [move(doc.wallet_id, doc.currency, amount(doc.value))];
    case 'Outgo':
      return [move(doc.wallet_id, doc.currency, -amount(doc.value))];
    case 'Transfer':
      return [
        move(doc.source_wallet_id, doc.currency, -amount(doc.value) - amount(doc.fee)),
        move(doc.destination_wallet_id, doc.currency, amount(doc.value)),
      ];
    case 'Exchange': {
      const feeAtDestination = doc.fee_kind === 'destination';
      return [
        move(
          doc.source_wallet_id,
          doc.source_currency,
          -amount(doc.value_out) - (feeAtDestination ? 0 : amount(doc.fee)),
        ),
        move(
          doc.destination_wallet_id,
          doc.destination_currency,
          amount(doc.value_in) - (feeAtDestination ? amount(doc.fee) : 0),
        ),
      ];
    }
    default:
      return [];
  }
}

/**
 * What a record moves in one wallet, in its currency, whether it counts yet or not: a wallet's page
 * shows each record's amount beside its state (pending, imported), so a record that waits reads as
 * the money it would move. 0 for a record that does not touch the wallet.
 */
export function amountInWallet(doc: Doc, walletId: string): number {
  const moved = movements({ ...doc, imported: false, confirmed: true });
  return moved.filter((m) => m.wallet === walletId).reduce((sum, m) => sum + m.amount, 0);
}

export interface WalletFigures {
  currency: string;
  /** Confirmed money in the wallet now. */
  balance: number;
  /** Unconfirmed incomes minus unconfirmed expenses and transfers out. */
  pending: number;
  balanceAfterPending: number;
  /** Card wallets: the limit plus the balance (a card's spending makes its balance negative). */
  availableCredit: number | null;
}

/** Each wallet's figures, by wallet id, from every document that moves money. */
export function walletFigures(docs: Iterable<Doc>): Map<string, WalletFigures> {
  const sums = new Map<string, { currency: string; balance: bigint; pending: bigint }>();
  const wallets = new Map<string, Doc>();
  for (const doc of docs) {
    if (doc.klass === 'Wallet' && doc._deleted !== true) wallets.set(str(doc._id), doc);
    for (const m of movements(doc)) {
      const sum = sums.get(m.wallet) ?? { currency: m.currency, balance: 0n, pending: 0n };
      if (m.pending) sum.pending += BigInt(m.amount);
      else sum.balance += BigInt(m.amount);
      sums.set(m.wallet, sum);
    }
  }
  const figures = new Map<string, WalletFigures>();
  for (const [id, wallet] of wallets) {
    const sum = sums.get(id) ?? { currency: str(wallet.currency), balance: 0n, pending: 0n };
    const balance = Number(sum.balance);
    const pending = Number(sum.pending);
    figures.set(id, {
      currency: str(wallet.currency),
      balance,
      pending,
      balanceAfterPending: balance + pending,
      availableCredit: wallet.card === true ? amount(wallet.card_limit) + balance : null,
    });
  }
  return figures;
}

export interface CurrencyBalance {
  currency: string;
  balance: number;
}

export interface CurrencyFigures extends CurrencyBalance {
  /** Unconfirmed money (typed, not imported) that moves the balance once confirmed; 0 when none. */
  pending: number;
}

/**
 * What the dashboard card lists per currency: the confirmed balance with what is pending beside
 * it, from the `by-currency` and `pending` views at group level 1. A currency with money above
 * zero is listed, and so is one whose records all wait for confirmation: a newcomer's first three
 * expenses must not read as "no money moved".
 */
export function currencyFigures(
  balanceRows: readonly { key: unknown; value: unknown }[],
  pendingRows: readonly { key: unknown; value: unknown }[],
): CurrencyFigures[] {
  const currencyOf = (row: { key: unknown }) => str(Array.isArray(row.key) ? row.key[0] : row.key);
  const pending = new Map(pendingRows.map((row) => [currencyOf(row), amount(row.value)]));
  const balances = new Map(balanceRows.map((row) => [currencyOf(row), amount(row.value)]));
  return [...new Set([...balances.keys(), ...pending.keys()])]
    .map((currency) => ({ currency, balance: balances.get(currency) ?? 0, pending: pending.get(currency) ?? 0 }))
    .filter((row) => row.currency !== '' && (row.balance > 0 || row.pending !== 0))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The rows of `wallet-balances/by-currency` at group level 1 as the dashboard lists them:
 * currencies whose balance is above zero (spec 001 §2, §9), in code order.
 */
export function positiveBalances(rows: readonly { key: unknown; value: unknown }[]): CurrencyBalance[] {
  return rows
    .map((row) => ({ currency: str(Array.isArray(row.key) ? row.key[0] : row.key), balance: amount(row.value) }))
    .filter((row) => row.currency !== '' && row.balance > 0)
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
