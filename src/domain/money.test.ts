import { describe, expect, it } from 'vitest';
import { FieldErrors } from './errors.ts';
import { checkField, type FieldSpec, MONEY_MESSAGES } from './records/field-types.ts';
import {
  currencyDigits,
  defaultCurrency,
  formatMoney,
  minorToDecimal,
  moneyInputText,
  moneyTextError,
  multiplyMoney,
  parseMoney,
  sumMoney,
} from './money.ts';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('knows each currency’s minor unit and a new group’s currency from its creator’s language', () => {
    expect(currencyDigits('BRL')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('brl')).toBeNull();
    expect(currencyDigits(12)).toBeNull();
    expect(defaultCurrency('pt-BR')).toBe('BRL');
    expect(defaultCurrency('en')).toBe('USD');
    expect(defaultCurrency(undefined)).toBe('USD');
  });

  it('reads amounts as people type them in their language, exactly', () => {
    expect(parseMoney('1.234,50', 'BRL', 'pt-BR')).toEqual({ minor: 123450 });
    expect(parseMoney('R$ 12,5', 'BRL', 'pt-BR')).toEqual({ minor: 1250 });
    expect(parseMoney('12.5', 'BRL', 'pt-BR')).toEqual({ minor: 1250 });
    expect(parseMoney('1.234', 'BRL', 'pt-BR')).toEqual({ minor: 123400 });
    expect(parseMoney('1,234.56', 'USD', 'en')).toEqual({ minor: 123456 });
    expect(parseMoney('0.1', 'USD', 'en')).toEqual({ minor: 10 });
    expect(parseMoney('-3', 'USD', 'en')).toEqual({ minor: -300 });
    expect(parseMoney('1500', 'JPY', 'en')).toEqual({ minor: 1500 });
    expect(parseMoney('1.5', 'JPY', 'en')).toEqual({ error: 'tooPrecise' });
    expect(parseMoney('1.005', 'USD', 'en')).toEqual({ error: 'tooPrecise' });
    expect(parseMoney('1.50', 'USD', 'en')).toEqual({ minor: 150 });
    expect(parseMoney('abc', 'USD', 'en')).toEqual({ error: 'notANumber' });
    expect(parseMoney('1e3', 'USD', 'en')).toEqual({ error: 'notANumber' });
    expect(parseMoney('99999999999999999', 'USD', 'en')).toEqual({ error: 'tooLarge' });
  });

  it('shows the record’s currency in the reader’s language', () => {
    expect(nbsp(formatMoney(123450, 'BRL', 'pt-BR'))).toBe('R$ 1.234,50');
    expect(formatMoney(123450, 'BRL', 'en')).toBe('R$1,234.50');
    expect(formatMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(nbsp(formatMoney(123450, 'USD', 'pt-BR'))).toBe('US$ 1.234,50');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(-5, 'USD', 'en')).toBe('-$0.05');
    // Past 2^53 / 100 a float would round; the decimal string does not.
    expect(formatMoney(9007199254740991, 'USD', 'en')).toBe('$90,071,992,547,409.91');
    expect(formatMoney(100, 'ZZZ', 'en')).toBe('ZZZ 1.00');
    expect(currencyDigits('ZZZ')).toBeNull();
    expect(moneyInputText(123450, 'BRL', 'pt-BR')).toBe('1234,50');
    expect(minorToDecimal(5, 2)).toBe('0.05');
  });

  it('multiplies and adds without float drift', () => {
    expect(multiplyMoney(100, 1.005)).toBe(101);
    expect(multiplyMoney(3333, 1.5)).toBe(5000);
    expect(multiplyMoney(-3333, 1.5)).toBe(-5000);
    expect(multiplyMoney(10, 0.1)).toBe(1);
    expect(multiplyMoney(100, Number.NaN)).toBe(0);
    expect(sumMoney([10, 20, 0.5])).toBe(30);
  });
});

describe('an amount the form could not read', () => {
  const value: FieldSpec = { name: 'value', type: 'money', min: 0 };
  const fee: FieldSpec = { name: 'fee', type: 'money', currencyField: 'fee_currency' };
  const saved = (field: FieldSpec, record: Record<string, unknown>) => {
    const errors = new FieldErrors();
    checkField(errors, field.name, field, record[field.name], record);
    return errors.reasons[field.name] ?? [];
  };

  // Saving gives the reason typing showed (issue 28: "33.333" said "is not a number" on save).
  it.each<[string, string, string, 'en' | 'pt-BR']>([
    ['33.333', 'USD', 'tooPrecise', 'en'],
    ['1,005', 'BRL', 'tooPrecise', 'pt-BR'],
    ['12.5', 'JPY', 'tooPrecise', 'en'],
    ['99999999999999999', 'USD', 'tooLarge', 'en'],
    ['ten', 'BRL', 'notANumber', 'pt-BR'],
    ['1-2', 'USD', 'notANumber', 'en'],
  ])('“%s” in %s: %s, on save as while typing', (text, currency, reason, locale) => {
    const typed = parseMoney(text, currency, locale);
    expect('error' in typed && typed.error).toBe(reason);
    expect(moneyTextError(text, currency)).toBe(reason);
    expect(saved(value, { value: text, currency })).toEqual([MONEY_MESSAGES[reason as keyof typeof MONEY_MESSAGES]]);
  });

  it('reads the currency the field names, for every money field', () => {
    expect(saved(fee, { fee: '1.5', fee_currency: 'JPY', currency: 'USD' })).toEqual([MONEY_MESSAGES.tooPrecise]);
    expect(saved(fee, { fee: '1.5', fee_currency: 'USD', currency: 'JPY' })).toEqual(['is not a number']);
    expect(saved(value, { value: 1.5, currency: 'USD' })).toEqual(['is not a number']);
    expect(saved(value, { value: -1, currency: 'USD' })).toEqual(['must be greater than or equal to 0']);
  });
});
