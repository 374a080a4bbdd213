import { useCallback, useEffect, useState } from 'react';
import type { PlanPrice } from '../../domain/billing.ts';
import { COUNTER_KLASSES } from '../../domain/modules/index.ts';
import { usageTotals } from '../../domain/usage.ts';
import { findPrices } from './api/find-prices.ts';
import { getUsage } from './api/get-usage.ts';
import { type ServerSettings, serverSettings } from './api/group-billing.ts';

export interface CheckoutData {
  prices: PlanPrice[] | null;
  settings: ServerSettings | null;
  /** Bytes of the last usage snapshot. */
  size: number | null;
  /** The prices' failure (503 `payments_not_configured` without Paddle), or the settings'. */
  error: unknown;
  reload: () => void;
}

/**
 * What a checkout is judged by, read on the server: its prices, the group's settings as the
 * server holds them, and the group's size. Nothing is asked offline (paying needs a connection).
 */
export function useCheckoutData(accountId: string | null, online: boolean): CheckoutData {
  const [prices, setPrices] = useState<PlanPrice[] | null>(null);
  // Kept with the group they are of: another group picked shows nothing of the last one's meanwhile.
  const [settings, setSettings] = useState<{ of: string; found: ServerSettings } | null>(null);
  const [size, setSize] = useState<{ of: string; bytes: number } | null>(null);
  const [error, setError] = useState<{ of: string | null; caught: unknown } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!online) return;
    let live = true;
    findPrices().then(
      (found) => live && setPrices(found),
      (caught: unknown) => live && setError({ of: null, caught }),
    );
    if (!accountId) return;
    serverSettings(accountId).then(
      (found) => live && setSettings({ of: accountId, found }),
      (caught: unknown) => live && setError({ of: accountId, caught }),
    );
    getUsage(accountId).then(
      (days) =>
        live && setSize({ of: accountId, bytes: days.length ? usageTotals(days.at(-1)!, COUNTER_KLASSES).size : 0 }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [accountId, online, round]);
  const reload = useCallback(() => {
    setError(null);
    setRound((n) => n + 1);
  }, []);
  return {
    prices,
    settings: settings?.of === accountId ? settings.found : null,
    size: size?.of === accountId ? size.bytes : null,
    error: error && (error.of === null || error.of === accountId) ? error.caught : null,
    reload,
  };
}
