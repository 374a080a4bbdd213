// Bank statements as people bring them (spec 001 §3 "CSV import", §5): the file's bytes decoded
// (UTF-8, else Windows-1252: Brazilian banks still export Latin-1), its separator detected, the
// header line found below any account details, its columns guessed, amounts read with either
// decimal mark, dates in the format the person confirms (never day and month swapped silently),
// balance lines left out, and rows turned into incomes and expenses. Pure, so a Web Worker, the
// tests and the benchmark run the same code; reading the file itself is statement-file.ts (with
// PapaParse, kept out of the app's first screens).
import { currencyDigits } from '../../money.ts';

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** What a statement column can mean. At least date, description and an amount must be matched. */
export const STATEMENT_FIELDS = ['date', 'description', 'value', 'debit', 'credit', 'third_party', 'currency'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];
export type ColumnMap = Partial<Record<StatementField, number>>;

export const MIN_MATCHED_HEADERS = 3;

/**
 * How a signed amount column reads: `bank`, money in is positive (an account's statement); `card`,
 * purchases are positive and payments or refunds negative (a credit card's). Debit and credit
 * columns, and "D"/"C" marks, say which way the money went by themselves and read the same in both.
 */
export const AMOUNT_SIGNS = ['bank', 'card'] as const;
export type AmountSign = (typeof AMOUNT_SIGNS)[number];

/** A card wallet's statement lists purchases as positive amounts; any other's, money in. */
export function defaultAmountSign(wallet: Readonly<Record<string, unknown>> | null | undefined): AmountSign {
  return wallet?.card === true ? 'card' : 'bank';
}

export interface StatementTable {
  encoding: 'utf-8' | 'windows-1252';
  separator: string;
  /** The line (0-based, among non-empty lines) holding the headers; lines above it are account details. */
  headerLine: number;
  headers: string[];
  rows: string[][];
}

/** The file's text: UTF-8 when it is valid UTF-8, else Windows-1252 (a superset of Latin-1). */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: StatementTable['encoding'] } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** A row without its trailing empty cells (many exports end each line with a separator). */
export const width = (row: readonly string[]) => {
  let n = row.length;
  while (n > 0 && row[n - 1] === '') n--;
  return n;
};

const HEADER_PATTERNS: ReadonlyArray<[StatementField, RegExp]> = [
  ['date', /^(data|date|dt\b|fecha|posted|transaction date|data (do )?lan[çc]amento)/i],
  ['debit', /(d[ée]bito|debit|sa[íi]da|withdrawal|money out)/i],
  ['credit', /(cr[ée]dito|credit|entrada|deposit|money in)/i],
  ['value', /^(valor|value|amount|montante|quantia|importe|total)/i],
  ['currency', /^(moeda|currency|divisa)/i],
  ['third_party', /(favorecido|benefici|payee|pagador|destinat|counterparty|nome)/i],
  // "title": Nubank's card export (date,title,amount).
  [
    'description',
    /(descri|hist[óo]rico|lan[çc]amento|memo|detalhe|details|narrative|concept|title|t[íi]tulo|estabelecimento|merchant)/i,
  ],
];

/** Columns guessed from header names, in English and Portuguese; each field takes one column. */
export function guessColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = {};
  headers.forEach((header, index) => {
    const found = HEADER_PATTERNS.find(([field, pattern]) => map[field] === undefined && pattern.test(header.trim()));
    if (found) map[found[0]] = index;
  });
  return map;
}

/** Whether the map names enough columns to import (spec 001 §5: at least 3 headers matched). */
export function columnsComplete(map: ColumnMap): boolean {
  const amount = map.value !== undefined || map.debit !== undefined || map.credit !== undefined;
  const matched = Object.values(map).filter((v) => v !== undefined).length;
  return map.date !== undefined && map.description !== undefined && amount && matched >= MIN_MATCHED_HEADERS;
}

/** A statement line that states a balance, not a movement ("Saldo anterior", "Saldo do dia", "Balance"). */
export function isBalanceLine(description: string): boolean {
  return /^\s*(saldo|balance|opening balance|closing balance|saldo anterior|saldo do dia|saldo final|s\s*a\s*l\s*d\s*o)\b/i.test(
    description,
  );
}

/**
 * The decimal mark a column of amounts uses: ',' when some amount ends in a comma and one or two
 * digits and none in a point and one or two digits ("1.234,56"), else '.'.
 */
export function detectDecimalMark(values: readonly string[]): ',' | '.' {
  let comma = 0;
  let point = 0;
  for (const value of values) {
    if (/\d,\d{1,2}\s*-?\)?\s*[A-Za-z]?$/.test(value.trim())) comma++;
    else if (/\d\.\d{1,2}\s*-?\)?\s*[A-Za-z]?$/.test(value.trim())) point++;
  }
  return comma > point ? ',' : '.';
}

/**
 * An amount as a statement writes it, in minor units of `currency`: "-1.234,56", "1,234.56",
 * "(12.30)", "R$ 99,90", "45,00 D" (debit) or "45,00 C"; null when it is no number or finer than
 * the currency allows.
 */
export function parseStatementAmount(text: string, decimal: ',' | '.', currency: string): number | null {
  const digits = currencyDigits(currency) ?? 2;
  let raw = text.trim();
  if (raw === '') return null;
  let negative = false;
  const mark = /\s*([DC])$/i.exec(raw);
  if (mark) {
    negative = mark[1]!.toUpperCase() === 'D';
    raw = raw.slice(0, mark.index);
  }
  if (/^\(.*\)$/.test(raw)) {
    negative = true;
    raw = raw.slice(1, -1);
  }
  if (/-\s*$/.test(raw)) {
    negative = true;
    raw = raw.replace(/-\s*$/, '');
  }
  raw = raw.replace(/[^\d.,+-]/g, '');
  if (raw.startsWith('-')) {
    negative = !negative;
    raw = raw.slice(1);
  } else if (raw.startsWith('+')) raw = raw.slice(1);
  const group = decimal === ',' ? '.' : ',';
  const normal = raw.split(group).join('').replace(decimal, '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(normal);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const minor = Number(BigInt(match[1]! + fraction.padEnd(digits, '0')));
  if (!Number.isSafeInteger(minor)) return null;
  return negative ? -minor : minor;
}

/** The date format a language writes (spec 001 §5): year first in English, day first in Portuguese. */
export function defaultDateFormat(locale: string): DateFormat {
  return locale.toLowerCase().startsWith('pt') ? 'DD/MM/YYYY' : 'YYYY-MM-DD';
}

/** A statement date in `format` as YYYY-MM-DD, or null when it is not one (2-digit years are 20xx). */
export function parseStatementDate(text: string, format: DateFormat): string | null {
  const parts = text
    .trim()
    .split(/[/.\-\s]/)
    .filter(Boolean);
  if (parts.length < 3 || !parts.slice(0, 3).every((p) => /^\d+$/.test(p))) return null;
  const [a, b, c] = parts.map(Number) as [number, number, number];
  const [given, month, day] = format === 'YYYY-MM-DD' ? [a, b, c] : format === 'DD/MM/YYYY' ? [c, b, a] : [c, a, b];
  const year = format !== 'YYYY-MM-DD' && parts[2]!.length === 2 ? given + 2000 : given;
  if (format === 'YYYY-MM-DD' && parts[0]!.length !== 4) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type DateWarning = 'invalid' | 'wrongFormat' | null;

/**
 * Whether the date column looks wrong for `format` (spec 001 §5): some values are no dates in it
 * — and when they all are dates in another format, that one is suggested. Day and month are never
 * swapped silently: the person picks the format, and rows that fail it are not imported.
 */
export function checkDates(
  values: readonly string[],
  format: DateFormat,
): { warning: DateWarning; suggestion: DateFormat | null } {
  // A label in the date column (a "Total" footer) is no date in any format: left out, not a warning.
  const filled = values.filter((v) => /\d/.test(v));
  if (filled.length === 0) return { warning: 'invalid', suggestion: null };
  const fails = (f: DateFormat) => filled.filter((v) => parseStatementDate(v, f) === null).length;
  if (fails(format) === 0) return { warning: null, suggestion: null };
  const suggestion = DATE_FORMATS.find((f) => f !== format && fails(f) === 0) ?? null;
  return { warning: suggestion ? 'wrongFormat' : 'invalid', suggestion };
}

/** One statement row read with the column map: what it would import, or why it would not. */
/** `line` is the row's number in the file, blank lines not counted (what its record's id derives from). */
export type StatementRow =
  | {
      line: number;
      kind: 'Income' | 'Outgo';
      date: string;
      description: string;
      /** Minor units, positive. */
      value: number;
      third_party?: string;
      currency: string;
      /** Every text cell of the line, whichever column was picked as the description (duplicates match on them). */
      texts: string[];
    }
  | { line: number; skip: 'balance' | 'date' | 'amount' | 'empty'; description: string };

export interface ReadOptions {
  columns: ColumnMap;
  dateFormat: DateFormat;
  /** Amounts without a currency column count in this one (the wallet's). */
  currency: string;
  /** How the signed amount column reads (default `bank`). */
  amountSign?: AmountSign;
}

/** A "D" or "C" after the amount ("45,00 D"): the bank says which way, whatever the convention. */
const DEBIT_CREDIT_MARK = /\d\s*[DC]$/i;
/** Cells with a letter: texts, not numbers, dates or document numbers. */
const HAS_LETTER = /\p{L}/u;

/** Every row of the table as an income, an expense, or a skipped line with its reason. */
export function readStatementRows(table: StatementTable, options: ReadOptions): StatementRow[] {
  const { columns, dateFormat } = options;
  const cell = (row: readonly string[], field: StatementField) =>
    columns[field] === undefined ? '' : (row[columns[field]!] ?? '').trim();
  const amountColumns = (['value', 'debit', 'credit'] as const).filter((f) => columns[f] !== undefined);
  const marks = Object.fromEntries(
    amountColumns.map((f) => [f, detectDecimalMark(table.rows.map((row) => cell(row, f)))]),
  ) as Partial<Record<'value' | 'debit' | 'credit', ',' | '.'>>;
  // The columns that hold no words of the line: its date, amounts and currency.
  const notText = new Set(
    (['date', 'value', 'debit', 'credit', 'currency'] as const).flatMap((f) =>
      columns[f] === undefined ? [] : [columns[f]],
    ),
  );
  const flip = options.amountSign === 'card' ? -1 : 1;
  return table.rows.map((row, index): StatementRow => {
    const line = table.headerLine + index + 2;
    const description = cell(row, 'description');
    const texts = row.flatMap((text, column) =>
      notText.has(column) || !HAS_LETTER.test(text) ? [] : [text.trim().replace(/\s+/g, ' ')],
    );
    if (width(row) === 0) return { line, skip: 'empty', description };
    // A bank may state its balances in any column: "Saldo Anterior" under Lançamento while the
    // description is Detalhes (Banco do Brasil).
    const balance = texts.find(isBalanceLine);
    if (balance !== undefined) return { line, skip: 'balance', description: balance };
    const label = description || texts[0] || '';
    const date = parseStatementDate(cell(row, 'date'), dateFormat);
    if (!date) return { line, skip: 'date', description: label };
    const currency = (cell(row, 'currency') || options.currency).toUpperCase();
    let amount: number | null = null;
    if (columns.value !== undefined) {
      const text = cell(row, 'value');
      amount = parseStatementAmount(text, marks.value!, currency);
      if (amount !== null && !DEBIT_CREDIT_MARK.test(text)) amount *= flip;
    } else {
      const debit = cell(row, 'debit') ? parseStatementAmount(cell(row, 'debit'), marks.debit ?? '.', currency) : null;
      const credit = cell(row, 'credit')
        ? parseStatementAmount(cell(row, 'credit'), marks.credit ?? '.', currency)
        : null;
      if (debit !== null && debit !== 0) amount = -Math.abs(debit);
      else if (credit !== null) amount = Math.abs(credit);
    }
    if (amount === null || amount === 0) return { line, skip: 'amount', description: label };
    const thirdParty = cell(row, 'third_party');
    return {
      line,
      kind: amount > 0 ? 'Income' : 'Outgo',
      date,
      // An empty description cell (Banco do Brasil's Detalhes on a fee) takes the line's other words.
      description: description || thirdParty || label || '—',
      value: Math.abs(amount),
      ...(thirdParty ? { third_party: thirdParty } : {}),
      currency,
      texts,
    };
  });
}

type Doc = Readonly<Record<string, unknown>>;

/** Text as duplicates compare it: case and spacing aside. */
function normalText(text: unknown): string {
  return typeof text === 'string' ? text.trim().replace(/\s+/g, ' ').toLowerCase() : '';
}

/** What a duplicate must share with the record it repeats: kind, day and amount. */
function movementKey(doc: Doc): string {
  return `${String(doc.klass)}|${String(doc.date)}|${String(doc.value)}`;
}

/**
 * Splits candidates into new ones and duplicates of records the wallet already has: same kind, day
 * and amount, and the record's description is the candidate's or one of its line's texts — so a
 * line matches what an earlier import stored whichever column it took as the description (records
 * store only that one column's words). Counted, not just matched: two identical coffees on one day
 * in the file, one already recorded, import one. Same descriptions are paired first, then the rest.
 */
export function withoutDuplicates<T extends Doc>(
  candidates: readonly T[],
  existing: readonly Doc[],
  textsOf: (doc: T) => readonly string[] = () => [],
): { fresh: T[]; duplicates: T[] } {
  const stock = new Map<string, string[]>();
  for (const doc of existing) {
    const key = movementKey(doc);
    const left = stock.get(key);
    if (left) left.push(normalText(doc.description));
    else stock.set(key, [normalText(doc.description)]);
  }
  const take = (doc: T, texts: ReadonlySet<string>) => {
    const left = stock.get(movementKey(doc));
    const at = left ? left.findIndex((text) => texts.has(text)) : -1;
    if (at >= 0) left!.splice(at, 1);
    return at >= 0;
  };
  const matched = candidates.map((doc) => take(doc, new Set([normalText(doc.description)])));
  candidates.forEach((doc, i) => {
    if (!matched[i]) matched[i] = take(doc, new Set(textsOf(doc).map(normalText)));
  });
  return {
    fresh: candidates.filter((_, i) => !matched[i]),
    duplicates: candidates.filter((_, i) => matched[i]),
  };
}

/**
 * The id of the record an import writes for a line: derived from the import and the line, so
 * undoing the import finds every record it wrote without keeping a list of them.
 */
export async function importedRecordId(prefix: 'inc' | 'out', importId: string, line: number): Promise<string> {
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${importId}:${line}`)),
  );
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${prefix}-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
