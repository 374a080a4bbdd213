import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it('uses decimal units B, kB, MB and GB with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1 kB');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(2_345_678)).toBe('2.3 MB');
    expect(formatBytes(120_000_000_000)).toBe('120 GB');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatBytes(999_950)).toBe('1 MB');
    expect(formatBytes(999_940)).toBe('999.9 kB');
  });

  it('stays in GB above a terabyte', () => {
    expect(formatBytes(2_500_000_000_000)).toBe('2,500 GB');
  });

  it('writes numbers in the given language', () => {
    expect(formatBytes(1536, 'pt-BR')).toBe('1,5 kB');
    expect(formatBytes(2_500_000_000_000, 'pt-BR')).toBe('2.500 GB');
  });

  it('treats negative and unknown sizes as nothing', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});
