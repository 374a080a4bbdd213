// A group's usage, kind by kind (spec 000 "Usage": size or record count): the daily snapshot the
// server takes (src/server/services/usage.ts) and what the usage and billing screens draw of it.
// Sizes are the bytes stored: each document's JSON in UTF-8 plus its attachments.

/** One kind's share of a day: how many documents, and their bytes. */
export interface KindUsage {
  amount: number;
  size: number;
}

/** A day's snapshot (`day` is the UTC date, YYYY-MM-DD), kind (klass) by kind. */
export interface UsageDay {
  day: string;
  kinds: Record<string, KindUsage>;
}

/** Days of history a group keeps: a quarter, enough to see a trend, and one small document. */
export const USAGE_DAYS_KEPT = 90;

export function emptyUsage(): Record<string, KindUsage> {
  return {};
}

const encoder = new TextEncoder();

/** Adds one stored document to a day's tally; design documents are the server's, not the group's. */
export function tallyDoc(usage: Record<string, KindUsage>, doc: Readonly<Record<string, unknown>>): void {
  if (typeof doc._id === 'string' && doc._id.startsWith('_design/')) return;
  const kind = typeof doc.klass === 'string' && doc.klass ? doc.klass : 'other';
  const { _attachments, ...fields } = doc;
  let size = encoder.encode(JSON.stringify(fields)).length;
  if (_attachments && typeof _attachments === 'object')
    for (const attachment of Object.values(_attachments as Record<string, { length?: unknown }>))
      size += typeof attachment?.length === 'number' ? attachment.length : 0;
  const entry = (usage[kind] ??= { amount: 0, size: 0 });
  entry.amount += 1;
  entry.size += size;
}

/** The history with `next` in it (in place of the same day's), oldest first, the last `keep` days. */
export function addUsageDay(history: readonly UsageDay[], next: UsageDay, keep: number): UsageDay[] {
  return [...history.filter((d) => d.day !== next.day), next].sort((a, b) => a.day.localeCompare(b.day)).slice(-keep);
}

/** A day's totals: every byte, and the business records the free plan counts (`counted` kinds). */
export function usageTotals(day: UsageDay, counted: ReadonlySet<string>): { records: number; size: number } {
  let records = 0;
  let size = 0;
  for (const [kind, usage] of Object.entries(day.kinds)) {
    size += usage.size;
    if (counted.has(kind)) records += usage.amount;
  }
  return { records, size };
}

export type UsageMeasure = 'amount' | 'size';

/** One series per kind seen over the days, the biggest on the last day first; 0 where a day lacked it. */
export function usageChart(
  days: readonly UsageDay[],
  measure: UsageMeasure,
): { days: string[]; series: Array<{ kind: string; values: number[] }> } {
  const last = days.at(-1)?.kinds ?? {};
  const kinds = [...new Set(days.flatMap((d) => Object.keys(d.kinds)))].sort(
    (a, b) => (last[b]?.[measure] ?? 0) - (last[a]?.[measure] ?? 0) || a.localeCompare(b),
  );
  return {
    days: days.map((d) => d.day),
    series: kinds.map((kind) => ({ kind, values: days.map((d) => d.kinds[kind]?.[measure] ?? 0) })),
  };
}
