// An estimate's money (spec 001 §3 "Estimate item: description, quantity, value"): line totals
// and the grand total as the customer reads them, and money in the person's language.

export interface EstimateLine {
  description: string;
  quantity: number;
  value: number;
  /** quantity × value, rounded to cents. */
  total: number;
}

export interface EstimateTotals {
  lines: EstimateLine[];
  /** The sum of the rounded line totals, so the printed lines add up to the printed total. */
  total: number;
}

/**
 * Rounds half away from zero at 2 decimals. Scaling by 100 in binary floating point turns 1.005
 * into 100.49999…, so the shift is done in the decimal exponent instead.
 */
export function roundMoney(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e2`));
  // Numbers past 1e21 print with an exponent and are not money anyone types.
  return Number.isFinite(shifted) ? sign * Number(`${shifted}e-2`) || 0 : 0;
}

/** Stored items carry numbers; older or hand-written ones may carry "1,5": read both, else 0. */
function amount(raw: unknown): number {
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
    const quantity = amount(row.quantity);
    const value = amount(row.value);
    return {
      description: typeof row.description === 'string' ? row.description : '',
      quantity,
      value,
      total: roundMoney(quantity * value),
    };
  });
  const cents = lines.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
  return { lines, total: cents / 100 };
}

/** The currency money is shown in: the group keeps no currency, so it follows the language. */
export function currencyFor(language: string): 'BRL' | 'USD' {
  return language.toLowerCase() === 'pt-br' ? 'BRL' : 'USD';
}

const formats = new Map<string, Intl.NumberFormat>();

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** "R$ 1.234,50" in pt-BR, "$1,234.50" in en. */
export function formatMoney(value: number, language: string): string {
  const currency = currencyFor(language);
  return cached(`money:${language}`, () => new Intl.NumberFormat(language, { style: 'currency', currency })).format(
    value,
  );
}

/** Quantities as typed: up to 3 decimals, grouped in the person's language ("1.234,5"). */
export function formatQuantity(value: number, language: string): string {
  return cached(`qty:${language}`, () => new Intl.NumberFormat(language, { maximumFractionDigits: 3 })).format(value);
}
