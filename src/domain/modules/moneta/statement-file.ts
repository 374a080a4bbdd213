// A statement file read into a table: its bytes decoded, its separator detected and its header
// line found below any account details, with PapaParse for the CSV grammar (quotes, separators and
// line breaks inside fields). Only the import's Web Worker, the tests and the benchmark load it.
import Papa from 'papaparse';
import { decodeStatement, guessColumns, MIN_MATCHED_HEADERS, type StatementTable, width } from './statement.ts';

const SEPARATORS = [';', ',', '\t', '|'] as const;

/** Splits lines by `separator`, honouring quotes (PapaParse), leaving empty lines out. */
function split(text: string, separator: string, preview = 0): string[][] {
  const parsed = Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: 'greedy', preview });
  return parsed.data.map((row) => row.map((cell) => cell.trim()));
}

/**
 * The separator that splits the file's lines into the most consistent table: the one whose
 * most common width (at least 3 columns) covers the most lines.
 */
export function detectSeparator(text: string): string {
  let best: { separator: string; score: number } = { separator: ',', score: -1 };
  for (const separator of SEPARATORS) {
    const rows = split(text, separator, 50);
    const widths = new Map<number, number>();
    for (const row of rows) widths.set(width(row), (widths.get(width(row)) ?? 0) + 1);
    for (const [w, count] of widths) {
      const score = w >= 3 ? count * 1000 + w : -1;
      if (score > best.score) best = { separator, score };
    }
  }
  return best.separator;
}

/**
 * The table: separator detected, header line found (the first line with at least 3 cells that the
 * next lines match in width, or whose names match known headers), and the rows under it.
 */
export function parseStatement(bytes: Uint8Array): StatementTable {
  const { text, encoding } = decodeStatement(bytes);
  const separator = detectSeparator(text);
  const lines = split(text, separator);
  let headerLine = 0;
  let bestScore = -1;
  for (let i = 0; i < Math.min(lines.length, 30); i++) {
    const row = lines[i]!;
    const cells = width(row);
    if (cells < 3) continue;
    const below = lines.slice(i + 1, i + 6);
    const consistent = below.filter((r) => width(r) === cells || r.length === row.length).length;
    const named = Object.keys(guessColumns(row)).length;
    const score = named * 10 + consistent;
    if (score > bestScore) {
      bestScore = score;
      headerLine = i;
    }
    if (named >= MIN_MATCHED_HEADERS) break;
  }
  const headers = lines[headerLine] ?? [];
  return { encoding, separator, headerLine, headers, rows: lines.slice(headerLine + 1) };
}
