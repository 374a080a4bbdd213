// Balances as the replica's wallet-balances views keep them (src/couch/group/wallet-balances):
// built once in the background and updated incrementally, so a dashboard or a wallet's page
// does not sum every record again.
import { queryView } from '../../../data/records.ts';
import { type CurrencyBalance, positiveBalances } from '../../../domain/modules/moneta/balances.ts';
import { isMinorUnits } from '../../../domain/money.ts';

/** The currencies with money above zero, as the dashboard card lists them. */
export async function balancesByCurrency(accountId: string): Promise<CurrencyBalance[]> {
  return positiveBalances(await queryView(accountId, 'wallet-balances/by-currency', { group_level: 1 }));
}

export interface WalletSums {
  balance: number;
  pending: number;
}

/** One wallet's confirmed balance and pending sum. */
export async function walletSums(accountId: string, walletId: string): Promise<WalletSums> {
  const sum = async (view: 'by-currency' | 'pending') => {
    const rows = await queryView(accountId, `wallet-balances/${view}`, { group_level: 2 });
    const row = rows.find((r) => Array.isArray(r.key) && r.key[1] === walletId);
    return row && isMinorUnits(row.value) ? row.value : 0;
  };
  const [balance, pending] = await Promise.all([sum('by-currency'), sum('pending')]);
  return { balance, pending };
}
