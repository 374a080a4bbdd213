// Balances as the replica's wallet-balances views keep them
// (src/server/modules/moneta/couch/group/wallet-balances): built once in the background and updated incrementally, so a dashboard or a wallet's page
// does not sum every record again.
import { findRecords, queryView } from '../../../data/records.ts';
import { type CurrencyFigures, currencyFigures } from '../../../domain/modules/moneta/balances.ts';
import {
  awaitingConfirmation,
  type BalancePoint,
  balanceOverTime,
  type CurrencySpending,
  type PendingSpending,
  spendingByCategory,
} from '../../../domain/modules/moneta/charts.ts';
import { isMinorUnits } from '../../../domain/money.ts';

/** Each currency's balance with what is pending beside it, as the dashboard card lists them. */
export async function balancesByCurrency(accountId: string): Promise<CurrencyFigures[]> {
  const [confirmed, pending] = await Promise.all([
    queryView(accountId, 'wallet-balances/by-currency', { group_level: 1 }),
    queryView(accountId, 'wallet-balances/pending', { group_level: 1 }),
  ]);
  return currencyFigures(confirmed, pending);
}

export interface WalletSums {
  balance: number;
  pending: number;
}

/** A wallet's rows of a view keyed [currency, wallet, …]. */
const walletRange = (currency: string, walletId: string) => ({
  startkey: [currency, walletId],
  endkey: [currency, walletId, {}],
});

/** One wallet's confirmed balance and pending sum. */
export async function walletSums(accountId: string, currency: string, walletId: string): Promise<WalletSums> {
  const sum = async (view: 'by-currency' | 'pending') => {
    const rows = await queryView(accountId, `wallet-balances/${view}`, {
      group_level: 2,
      ...walletRange(currency, walletId),
    });
    const value = rows[0]?.value;
    return isMinorUnits(value) ? value : 0;
  };
  const [balance, pending] = await Promise.all([sum('by-currency'), sum('pending')]);
  return { balance, pending };
}

/** One wallet's confirmed balance at the end of each day that moved it. */
export async function walletBalanceOverTime(
  accountId: string,
  currency: string,
  walletId: string,
): Promise<BalancePoint[]> {
  return balanceOverTime(
    await queryView(accountId, 'wallet-balances/by-currency', { group_level: 3, ...walletRange(currency, walletId) }),
  );
}

const SPENDING_LIMIT = 50_000;

export interface Spending {
  spent: CurrencySpending[];
  /** The period's expenses not confirmed yet, left out of `spent`. */
  pending: PendingSpending[];
}

/** Expenses dated `from`–`to`: the confirmed by category and the pending apart, per currency (through the list's date index). */
export async function spending(accountId: string, from: string, to: string): Promise<Spending> {
  const docs = await findRecords(accountId, {
    selector: { klass: 'Outgo', date: { $gte: from, $lte: to } },
    sort: [{ klass: 'asc' }, { date: 'asc' }],
    // pouchdb-find stops at 25 unless told; a month of a busy shop's expenses is far below this.
    limit: SPENDING_LIMIT,
  });
  return { spent: spendingByCategory(docs, from, to), pending: awaitingConfirmation(docs, from, to) };
}
