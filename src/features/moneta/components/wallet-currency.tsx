import { useEffect } from 'react';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { sameValue } from '../../../domain/merge.ts';
import { walletsOf, withWalletCurrencies } from '../save-hooks.ts';

/**
 * Inside a finance form: when a wallet is picked, its currency becomes the record's at once, so
 * amounts are typed and shown in that currency (a yen wallet takes no cents). Renders nothing.
 */
export function WalletCurrency({
  klass,
  draft: form,
  set,
  env,
}: {
  klass: string;
  draft: Record<string, unknown>;
  set: (name: string, value: unknown) => void;
  env: ResourceEnv;
}) {
  const draft: Record<string, unknown> = { ...form, klass };
  const key = [klass, draft.wallet_id, draft.source_wallet_id, draft.destination_wallet_id, draft.fee_kind];
  useEffect(() => {
    let live = true;
    void walletsOf(env.accountId, draft).then((wallets) => {
      if (!live) return;
      const next = withWalletCurrencies(draft as unknown as PouchDoc, wallets);
      for (const field of ['currency', 'source_currency', 'destination_currency', 'fee_currency'])
        if (!sameValue(next[field], draft[field])) set(field, next[field]);
    });
    return () => {
      live = false;
    };
    // Only a change of wallet (or of the fee's side) changes the currencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [env.accountId, ...key]);
  return null;
}
