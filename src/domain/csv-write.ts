// Writing CSV (RFC 4180): what a module's export contributes (src/server/modules/kit.ts `csv`)
// and the one way its lines are written, so every export quotes and defuses alike.

/** A cell: text, a number or a flag; missing values are empty cells. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * A module's records as one CSV file of the group's export: its kinds, its header and one row per
 * record. Pure, so it is tested from documents; the server streams the rows (services/group-export.ts).
 */
export interface CsvExport {
  /** The file's name without `.csv`: `/api/groups/{acc}/export/{name}.csv`. */
  name: string;
  klasses: ReadonlySet<string>;
  columns: readonly string[];
  row: (doc: Readonly<Record<string, unknown>>) => readonly CsvCell[];
}

/** Text a spreadsheet would run as a formula (and a leading tab or return that hides one). */
const FORMULA = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  // OWASP's CSV injection advice: a quote in front makes it text. Only text cells: the amounts
  // are ours, and a negative one must stay a number.
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 and spreadsheets expect. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(cell).join(',')}\r\n`;
}
