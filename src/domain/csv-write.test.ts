import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-write.ts';

describe('csvLine', () => {
  it.each([
    ['plain cells', ['a', 'b c', 12], 'a,b c,12\r\n'],
    ['empty and missing cells', ['', null, undefined], ',,\r\n'],
    [
      'a comma, a quote and a line break are quoted',
      ['a,b', 'say "hi"', 'two\nlines'],
      '"a,b","say ""hi""","two\nlines"\r\n',
    ],
    ['booleans as words', [true, false], 'true,false\r\n'],
    // A spreadsheet runs a cell starting with = + - @ as a formula: text cells are defused.
    ['formula-like text', ['=1+1', '+x', '@SUM(A1)', '-2 apples'], "'=1+1,'+x,'@SUM(A1),'-2 apples\r\n"],
    ['numbers are ours, never defused', [-5], '-5\r\n'],
  ] as const)('%s', (_, cells, line) => expect(csvLine(cells)).toBe(line));
});
