// Money is exact: integer minor units (cents, centavos; yen have none) beside the currency they
// count, never binary floats. Arithmetic runs on BigInt, so 0.1 + 0.2 stays 30 cents and a
// quantity of 1.005 times 1,00 rounds once, half away from zero. Shown with Intl in the reader's
// language but always in the record's own currency: R$ stays R$ for an English reader.

import { numberFormat } from './intl.ts';

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** The currency a new group keeps its money in, from its creator's language (spec 001 "Money"). */
export function defaultCurrency(locale: string | null | undefined): string {
  return (locale ?? '').toLowerCase() === 'pt-br' ? 'BRL' : 'USD';
}

const digitsCache = new Map<string, number | null>();

// Intl formats any three letters as a currency; the ISO 4217 list is what people mean by one.
let known: ReadonlySet<string> | null = null;
function isKnownCurrency(code: string): boolean {
  known ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []);
  return known.size === 0 || known.has(code);
}

/** Decimal digits of the currency's minor unit (2 for BRL, 0 for JPY), or null when unknown. */
export function currencyDigits(currency: unknown): number | null {
  if (typeof currency !== 'string' || !CURRENCY_PATTERN.test(currency) || !isKnownCurrency(currency)) return null;
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = null;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

export function isCurrency(value: unknown): value is string {
  return currencyDigits(value) !== null;
}

/** A stored amount: a safe integer count of minor units. */
export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** "-1234.5" (major units, '.' decimal) → minor units as BigInt, or null past the currency's precision. */
function decimalToMinor(text: string, digits: number): bigint | null {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const minor = BigInt((match[2] || '0') + fraction.padEnd(digits, '0'));
  return match[1] === '-' ? -minor : minor;
}

export type MoneyError = 'notANumber' | 'tooPrecise' | 'tooLarge';
export type ParsedMoney = { minor: number } | { error: MoneyError };

/**
 * An amount as a person types it, in their language: "1.234,50" in pt-BR, "1,234.50" in en.
 * The language's decimal mark decides; a lone other mark followed by other than three digits is
 * read as the decimal mark too (a phone's keypad offers '.' whatever the language).
 */
export function parseMoney(input: string, currency: string, locale: string): ParsedMoney {
  const digits = currencyDigits(currency) ?? 2;
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d\-+.,]+|[^\d.,]+$/g, '');
  const decimal = decimalMark(locale);
  const group = decimal === ',' ? '.' : ',';
  let normal: string;
  if (text.includes(decimal)) normal = text.split(group).join('').replace(decimal, '.');
  else {
    const parts = text.split(group);
    const lone = parts.length === 2 && parts[1]!.length !== 3;
    normal = lone ? parts.join('.') : parts.join('');
  }
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return { error: 'notANumber' };
  const minor = decimalToMinor(normal, digits);
  if (minor === null) return { error: 'tooPrecise' };
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) return { error: 'tooLarge' };
  return { minor: Number(minor) };
}

/**
 * Why text given as an amount is none, in whichever language it was typed: a form hands over the
 * text its language could not read, and the rules, which do not know that language, must name the
 * reason the field showed while typing ("33.333" in dollars: too many decimals, not "no number").
 */
export function moneyTextError(text: string, currency: string): MoneyError {
  const errors = ['en', 'pt-BR'].flatMap((locale) => {
    const parsed = parseMoney(text, currency, locale);
    return 'error' in parsed ? [parsed.error] : [];
  });
  if (errors.includes('tooPrecise')) return 'tooPrecise';
  return errors.includes('tooLarge') ? 'tooLarge' : 'notANumber';
}

function decimalMark(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value === ','
    ? ','
    : '.';
}

/** Minor units as an exact decimal string in major units: 123456, 2 → "1234.56". */
export function minorToDecimal(minor: number, digits: number): string {
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${whole}` : whole;
}

/**
 * "R$ 1.234,50" to a pt-BR reader and "R$1,234.50" to an en one: the language shapes the digits,
 * the currency is the record's. An unknown currency falls back to its code before the number.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  if (digits === null) {
    const plain = numberFormat(locale, { minimumFractionDigits: 2 });
    return `${currency} ${plain.format(minorToDecimal(minor, 2) as unknown as number)}`;
  }
  const money = numberFormat(locale, { style: 'currency', currency });
  // Intl formats a decimal string exactly (no float on the way).
  return money.format(minorToDecimal(minor, digits) as unknown as number);
}

/** The amount as a person edits it: digits in their language, no symbol ("1234,50"). */
export function moneyInputText(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency) ?? 2;
  const plain = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return plain.format(minorToDecimal(minor, digits) as unknown as number);
}

/** The currency's symbol as the reader's language writes it ("R$", "US$"). */
export function currencySymbol(currency: string, locale: string): string {
  if (currencyDigits(currency) === null) return currency;
  return (
    numberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/**
 * Minor units times a decimal quantity (up to 6 decimals), rounded half away from zero once:
 * 3 × 0,333 of R$ 1,00 is R$ 1,00 and never 0.99999.
 */
export function multiplyMoney(minor: number, quantity: number): number {
  if (!Number.isFinite(quantity) || !isMinorUnits(minor)) return 0;
  const scale = 1_000_000n;
  // Shift in the decimal exponent: 1.005 * 1e6 in binary floats is 1004999.9999.
  const shifted = Number(`${quantity}e6`);
  const scaled = BigInt(Math.round(Number.isFinite(shifted) ? shifted : quantity * 1e6));
  const product = BigInt(minor) * scaled;
  const half = product < 0n ? -scale / 2n : scale / 2n;
  return Number((product + half) / scale);
}

export function sumMoney(amounts: readonly number[]): number {
  return Number(amounts.reduce((sum, amount) => sum + BigInt(isMinorUnits(amount) ? amount : 0), 0n));
}
