import { describe, expect, it } from 'vitest';
import { pageLoader } from './module-pages.ts';

describe('module pages', () => {
  it('finds a module’s page by its name', () => {
    expect(pageLoader({ kind: 'moneta', feature: 'moneta' }, { name: 'wallets-upload' })).toBeTypeOf('function');
  });

  it('does not take a page’s component test beside it for a page', () => {
    expect(() => pageLoader({ kind: 'moneta', feature: 'moneta' }, { name: 'wallets-upload.test' })).toThrow(
      /no page file/,
    );
  });
});
