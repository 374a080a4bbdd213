// An estimate's money (spec 001 §3 "Estimate item: description, quantity, value"): line totals
// and the grand total in exact minor units of the estimate's own currency (src/domain/money.ts).
import { numberFormat } from '../../intl.ts';
import { isCurrency, isMinorUnits, multiplyMoney, sumMoney } from '../../money.ts';

/** The currency an estimate counts in: its own, else (written before it kept one) the group's. */
export function estimateCurrency(
  estimate: Readonly<Record<string, unknown>>,
  settings: Readonly<Record<string, unknown>> | null | undefined,
): string {
  if (isCurrency(estimate.currency)) return estimate.currency;
  return isCurrency(settings?.currency) ? settings.currency : 'USD';
}

export interface EstimateLine {
  description: string;
  quantity: number;
  /** Minor units of the estimate's currency. */
  value: number;
  /** quantity × value, rounded once to the currency's minor unit. */
  total: number;
}

export interface EstimateTotals {
  lines: EstimateLine[];
  /** The sum of the rounded line totals, so the printed lines add up to the printed total. */
  total: number;
}

/** Stored quantities are numbers; older or hand-written ones may carry "1,5": read both, else 0. */
function quantityOf(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 0;
  if (typeof raw === 'string' && /^\s*[-+]?(\d+([.,]\d*)?|[.,]\d+)\s*$/.test(raw))
    return Number(raw.trim().replace(',', '.'));
  return 0;
}

export function estimateTotals(items: unknown): EstimateTotals {
  const rows = Array.isArray(items)
    ? items.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
  const lines = rows.map((row) => {
    const quantity = quantityOf(row.quantity);
    const value = isMinorUnits(row.value) ? row.value : 0;
    return {
      description: typeof row.description === 'string' ? row.description : '',
      quantity,
      value,
      total: multiplyMoney(value, quantity),
    };
  });
  return { lines, total: sumMoney(lines.map((line) => line.total)) };
}

/** Quantities as typed: up to 3 decimals, grouped in the person's language ("1.234,5"). */
export function formatQuantity(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 3 }).format(value);
}
