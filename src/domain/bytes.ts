// Sizes as people read them on a disk: decimal units (1 kB = 1000 B), as browsers and operating
// systems report storage, with at most one decimal digit in the reader's language.
const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

export function formatBytes(bytes: number, locale = 'en'): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  let unit = 0;
  // Rounded first, so 999 950 B reads "1 MB" rather than "1,000 kB".
  while (unit < UNITS.length - 1 && Math.round((size / 1000 ** unit) * 10) / 10 >= 1000) unit += 1;
  const value = unit === 0 ? Math.round(size) : size / 1000 ** unit;
  return `${format.format(value)} ${UNITS[unit]}`;
}
