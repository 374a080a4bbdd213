// Balances as the replica's wallet-balances views keep them (src/couch/group/wallet-balances):
// built once in the background and updated incrementally, so a dashboard or a wallet's page
// does not sum every record again.
import { findRecords, queryView } from '../../../data/records.ts';
import { type CurrencyBalance, positiveBalances } from '../../../domain/modules/moneta/balances.ts';
import {
  type BalancePoint,
  balanceOverTime,
  type CurrencySpending,
  spendingByCategory,
} from '../../../domain/modules/moneta/charts.ts';
import { isMinorUnits } from '../../../domain/money.ts';

/** The currencies with money above zero, as the dashboard card lists them. */
export async function balancesByCurrency(accountId: string): Promise<CurrencyBalance[]> {
  return positiveBalances(await queryView(accountId, 'wallet-balances/by-currency', { group_level: 1 }));
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

/** Confirmed expenses dated `from`–`to` by category, per currency (through the list's date index). */
export async function spending(accountId: string, from: string, to: string): Promise<CurrencySpending[]> {
  const docs = await findRecords(accountId, {
    selector: { klass: 'Outgo', date: { $gte: from, $lte: to } },
    sort: [{ klass: 'asc' }, { date: 'asc' }],
    // pouchdb-find stops at 25 unless told; a month of a busy shop's expenses is far below this.
    limit: SPENDING_LIMIT,
  });
  return spendingByCategory(docs, from, to);
}
