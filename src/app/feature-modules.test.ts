import '../../test/support/browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../domain/modules/index.ts';
import { featureModule } from './feature-modules.ts';
import { pageLoader } from './module-pages.ts';

describe('the modules’ screens', () => {
  it('exist for every built module: its feature module and a file for each of its pages', () => {
    for (const module of MODULES.filter((m) => m.built)) {
      expect(featureModule(module.kind), module.kind).not.toBeNull();
      for (const page of module.pages) expect(() => pageLoader(module, page), page.name).not.toThrow();
    }
  });
});
