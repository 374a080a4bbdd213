import { describe, expect, it } from 'vitest';
import { isCurrency } from './money.ts';
import { currencyOfRegion, regionOfTag, suggestedGroupCurrency } from './region-currency.ts';

describe('a new group’s currency', () => {
  it('follows the browser’s region, not the interface language (issue 28)', () => {
    // A shop in Brazil whose administrator reads the app in English.
    expect(suggestedGroupCurrency(['en-BR', 'en'], 'en')).toBe('BRL');
    expect(suggestedGroupCurrency(['en-US', 'pt-BR'], 'pt-BR')).toBe('USD');
    expect(suggestedGroupCurrency(['pt-PT'], 'pt-BR')).toBe('EUR');
    expect(suggestedGroupCurrency(['de', 'fr-CH'], 'en')).toBe('CHF');
    expect(suggestedGroupCurrency(['zh-Hant-TW'], 'en')).toBe('TWD');
  });

  it('falls back on the interface language when no tag names a region it knows', () => {
    expect(suggestedGroupCurrency(['pt'], 'pt-BR')).toBe('BRL');
    expect(suggestedGroupCurrency([], 'en')).toBe('USD');
    expect(suggestedGroupCurrency(['es-419'], 'pt-BR')).toBe('BRL');
    expect(suggestedGroupCurrency(['not a tag'], 'en')).toBe('USD');
  });

  it('knows regions’ currencies, every one a currency Intl formats', () => {
    expect(currencyOfRegion('br')).toBe('BRL');
    expect(currencyOfRegion('DE')).toBe('EUR');
    expect(currencyOfRegion('JP')).toBe('JPY');
    expect(currencyOfRegion('ZZ')).toBeNull();
    expect(regionOfTag('en-GB')).toBe('GB');
    expect(regionOfTag('en')).toBeNull();
    const regions = 'AR AU CA CL CN CO GB IN MX NZ PE PT US UY ZA'.split(' ');
    for (const region of regions) expect(isCurrency(currencyOfRegion(region)), region).toBe(true);
  });
});
