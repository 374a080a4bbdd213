// What the finance charts draw, from what the replica already keeps: where the money went (the
// confirmed expenses of a period by category, per currency: amounts in different currencies
// never add up) and a wallet's balance over time (the `wallet-balances/by-currency` view's days,
// added up from the start balance). Pure, so the figures are tested apart from the drawing.
import { numberFormat } from '../../intl.ts';
import { currencyDigits, isMinorUnits, minorToDecimal } from '../../money.ts';

type Doc = Readonly<Record<string, unknown>>;

/** A slice of spending: a category, the expenses without one, or the smaller categories together. */
export type SpendingSlice =
  | { kind: 'category'; category: string; amount: number }
  | { kind: 'none'; amount: number }
  | { kind: 'others'; amount: number; categories: number };

export interface CurrencySpending {
  currency: string;
  total: number;
  /** Expenses counted. */
  count: number;
  slices: SpendingSlice[];
}

/** How many categories a chart names before the rest are shown together. */
export const SPENDING_SLICES = 6;

/**
 * Confirmed expenses dated from `from` to `to` (YYYY-MM-DD, both included) by their first
 * category — the one a person or a mapping put first is the expense's main one, so every
 * expense counts once and the slices add up to what was spent. Imported expenses count: a bank
 * statement is how most spending arrives, and its money did go. Currencies with most expenses first.
 */
export function spendingByCategory(
  docs: Iterable<Doc>,
  from: string,
  to: string,
  slices = SPENDING_SLICES,
): CurrencySpending[] {
  const byCurrency = new Map<string, { count: number; amounts: Map<string | null, number> }>();
  for (const doc of docs) {
    if (doc.klass !== 'Outgo' || doc.confirmed !== true || doc._deleted === true) continue;
    if (typeof doc.date !== 'string' || doc.date < from || doc.date > to) continue;
    if (typeof doc.currency !== 'string' || !isMinorUnits(doc.value)) continue;
    const first = Array.isArray(doc.categories) ? doc.categories.find((c) => typeof c === 'string' && c !== '') : null;
    const category = typeof first === 'string' ? first : null;
    const entry = byCurrency.get(doc.currency) ?? { count: 0, amounts: new Map() };
    entry.count++;
    entry.amounts.set(category, (entry.amounts.get(category) ?? 0) + doc.value);
    byCurrency.set(doc.currency, entry);
  }
  return [...byCurrency]
    .map(([currency, { count, amounts }]) => {
      const sorted = [...amounts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
      const named: SpendingSlice[] = sorted.map(([category, amount]) =>
        category === null ? { kind: 'none', amount } : { kind: 'category', category, amount },
      );
      const kept = named.length > slices ? named.slice(0, slices - 1) : named;
      const rest = named.slice(kept.length);
      const all: SpendingSlice[] =
        rest.length > 0
          ? [...kept, { kind: 'others', amount: rest.reduce((sum, s) => sum + s.amount, 0), categories: rest.length }]
          : kept;
      return { currency, count, total: sorted.reduce((sum, [, amount]) => sum + amount, 0), slices: all };
    })
    .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
}

export interface PendingSpending {
  currency: string;
  count: number;
  amount: number;
}

/**
 * What counts as waiting for confirmation in "where the money went": an expense of the period
 * not confirmed, typed or imported (an imported one counts here once confirmed). Out of the
 * chart, so the card says how many wait and how much, per currency, instead of "nothing spent".
 */
export function awaitingConfirmation(docs: Iterable<Doc>, from: string, to: string): PendingSpending[] {
  const byCurrency = new Map<string, PendingSpending>();
  for (const doc of docs) {
    if (doc.klass !== 'Outgo' || doc.confirmed === true || doc._deleted === true) continue;
    if (typeof doc.date !== 'string' || doc.date < from || doc.date > to) continue;
    if (typeof doc.currency !== 'string' || !isMinorUnits(doc.value)) continue;
    const entry = byCurrency.get(doc.currency) ?? { currency: doc.currency, count: 0, amount: 0 };
    entry.count++;
    entry.amount += doc.value;
    byCurrency.set(doc.currency, entry);
  }
  return [...byCurrency.values()].sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
}

/**
 * An axis' money: short ("R$ 4 mil", "R$4K") so a phone's narrow axis shows it whole; the exact
 * figure is in the tooltip and in the words beside the chart.
 */
export function axisMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency) ?? 2;
  const compact = numberFormat(locale, {
    ...(currencyDigits(currency) === null ? {} : { style: 'currency', currency }),
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return compact.format(minorToDecimal(minor, digits) as unknown as number);
}

/**
 * The values an axis over `values` may label: theirs, and the round ones past them that its ticks
 * reach (a balance of 990 draws a tick at 1,000).
 */
export function axisExtremes(values: readonly number[]): number[] {
  const round = (value: number) => Math.sign(value) * 10 ** Math.ceil(Math.log10(Math.abs(value) || 1));
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  return [min, max, round(min), round(max)];
}

/** Room for an axis' labels, in pixels: the longest of them at ~7.5 px a character, and the tick. */
export function axisWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.min(120, Math.max(40, Math.ceil(longest * 7.5) + 12));
}

export interface BalancePoint {
  /** YYYY-MM-DD: the day's end, or for a month the month's last day with a movement. */
  date: string;
  balance: number;
}

/** Past this many days with movements, the line shows one point per month. */
export const DAILY_POINTS = 400;

/**
 * A wallet's confirmed balance at the end of each day something moved it, from the view's rows
 * for that wallet at group level 3 (key [currency, wallet, date]); the start balance is the
 * row dated ''. Long histories keep each month's last day, so the line stays readable.
 */
export function balanceOverTime(rows: readonly { key: unknown; value: unknown }[]): BalancePoint[] {
  const days = rows
    .map((row) => ({
      date: Array.isArray(row.key) && typeof row.key[2] === 'string' ? row.key[2] : '',
      amount: isMinorUnits(row.value) ? row.value : 0,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  let balance = 0;
  const points: BalancePoint[] = [];
  for (const day of days) {
    balance += day.amount;
    if (day.date === '') continue;
    if (points.at(-1)?.date === day.date) points[points.length - 1] = { date: day.date, balance };
    else points.push({ date: day.date, balance });
  }
  if (points.length <= DAILY_POINTS) return points;
  return points.filter((point, i) => points[i + 1]?.date.slice(0, 7) !== point.date.slice(0, 7));
}
