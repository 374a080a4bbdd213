import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { localeTexts } from '../../../../test/support/locale-texts.ts';
import type { Locale } from '../../../domain/locale.ts';

/** i18next as the app sets it up (src/app/i18n-options.ts), in one language. */
function translator(lng: Locale) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: localeTexts('en') }, 'pt-BR': { translation: localeTexts('pt-BR') } },
    lng,
    fallbackLng: 'en',
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.t.bind(instance);
}

// pt-BR counts 0 as singular (CLDR: "0 registro"), which reads wrong: the import's counted texts
// carry a `_zero` form, and every count reaches i18next as `count` (issue 28: "1 linhas de fora").
describe('the statement import’s counted texts', () => {
  it.each<[Locale, string, number, string]>([
    ['pt-BR', 'start', 0, 'Nada a importar'],
    ['pt-BR', 'start', 1, 'Importar 1 registro'],
    ['pt-BR', 'start', 2, 'Importar 2 registros'],
    ['pt-BR', 'leftOut', 0, 'nenhuma linha de fora'],
    ['pt-BR', 'leftOut', 1, '1 linha de fora'],
    ['pt-BR', 'leftOut', 3, '3 linhas de fora'],
    ['pt-BR', 'toImport', 0, 'Nada a importar'],
    ['pt-BR', 'inWallet', 0, 'nenhum já na carteira'],
    ['pt-BR', 'inWallet', 1, '1 já na carteira'],
    ['pt-BR', 'skipped', 1, '1 linha de fora'],
    ['pt-BR', 'skipped', 2, '2 linhas de fora'],
    ['pt-BR', 'duplicates', 2, '2 já na carteira (mesmo dia, valor e texto): ignorados'],
    ['pt-BR', 'undone', 0, 'Nenhum registro removido.'],
    ['pt-BR', 'undone', 1, '1 registro removido.'],
    ['en', 'start', 0, 'Nothing to import'],
    ['en', 'start', 1, 'Import 1 record'],
    ['en', 'start', 2, 'Import 2 records'],
    ['en', 'leftOut', 1, '1 line left out'],
    ['en', 'leftOut', 2, '2 lines left out'],
  ])('%s %s with %i', (lng, key, count, expected) => {
    expect(translator(lng)(`moneta.import.${key}`, { count })).toBe(expected);
  });

  it.each<[Locale, number, string]>([
    ['pt-BR', 1, 'x.csv: 1 linha abaixo dos cabeçalhos, lido como UTF-8, separado por “;”.'],
    ['pt-BR', 2, 'x.csv: 2 linhas abaixo dos cabeçalhos, lido como UTF-8, separado por “;”.'],
    ['en', 1, 'x.csv: 1 line under the headers, read as UTF-8, separated by “;”.'],
    ['pt-BR', 0, 'x.csv: nenhuma linha abaixo dos cabeçalhos, lido como UTF-8, separado por “;”.'],
  ])('%s: the file read, %i lines', (lng, count, expected) => {
    expect(translator(lng)('moneta.import.read', { file: 'x.csv', count, encoding: 'UTF-8', separator: ';' })).toBe(
      expected,
    );
  });

  it('gives every counted text of the import a zero form in both languages', () => {
    for (const dictionary of [localeTexts('en'), localeTexts('pt-BR')]) {
      const keys = Object.keys((dictionary.moneta as { import: Record<string, string> }).import);
      const counted = keys.filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
      expect(counted.length).toBeGreaterThan(5);
      expect(counted.filter((k) => !keys.includes(`${k}_zero`))).toEqual([]);
    }
  });
});
