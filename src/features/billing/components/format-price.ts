import { type PlanPrice, priceDisplay } from '../../../domain/billing.ts';

/**
 * A plan's price in the reader's language: `unit_amount / 100` (spec 000 §9), exact from the
 * domain's decimal, in the price's own currency.
 */
export function formatPrice(price: Pick<PlanPrice, 'unit_amount' | 'currency'>, locale: string): string {
  const { amount, currency } = priceDisplay(price);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    Number(amount),
  );
}
