import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  defaultCurrency,
  formatMoney,
  minorToDecimal,
  moneyInputText,
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
