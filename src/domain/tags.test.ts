import { describe, expect, it } from 'vitest';
import { normalizeTags } from './tags.ts';

describe('normalizeTags', () => {
  it('splits on commas, trims, lowercases and turns spaces into hyphens', () => {
    expect(normalizeTags(' Power Supply , Fans,NOTEBOOK ')).toEqual(['power-supply', 'fans', 'notebook']);
  });

  it('turns each run of whitespace into one hyphen', () => {
    expect(normalizeTags('hard \t  disk')).toEqual(['hard-disk']);
  });

  it('drops empty tags and keeps each once, in first-seen order', () => {
    expect(normalizeTags('b, a,, ,B, a , c,')).toEqual(['b', 'a', 'c']);
    expect(normalizeTags('')).toEqual([]);
  });

  it('accepts a list, whose entries may themselves hold commas', () => {
    expect(normalizeTags(['Wiki Page', 'faq, Wiki  page', ' '])).toEqual(['wiki-page', 'faq']);
  });
});
