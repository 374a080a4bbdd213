// The weekly summary e-mail's content (spec 000 §1, spec 001 §9): per group, what changed in the
// last complete week, and what each module adds (its `summary` part, given through the server
// kit). Pure: the documents and the moment are passed in, so the figures are tested from fixtures
// and the server only reads the group and sends what this returns. Weeks are ISO weeks in UTC:
// the server has no person's time zone, and a week seen the same from every instance is what
// lets the sent marker (one per person and week) keep a summary from going out twice.

export type SummaryDoc = Readonly<Record<string, unknown>>;

/** The week summarised and the windows around it, all as UTC calendar days (YYYY-MM-DD). */
export interface SummaryWindow {
  /** The ISO week, e.g. `2026-W47`: the sent marker's period. */
  period: string;
  /** Its Monday and Sunday, both included. */
  weekFrom: string;
  weekTo: string;
  /** The 30 days that end on the week's Sunday (spec 001 §9: categories cover the last 30 days). */
  last30From: string;
  /** The 30 days that follow the week (what falls due). */
  next30From: string;
  next30To: string;
}

/** One line of a section: a text key (under the e-mail texts' `summary.lines`) and what it shows. */
export interface SummaryLine {
  text: string;
  count?: number;
  /** An amount in minor units, always with its currency. */
  amount?: { minor: number; currency: string };
  /** A record's own words (a category's name, an equipment's identifier), shown as they are. */
  label?: string;
  /** A calendar day (YYYY-MM-DD). */
  date?: string;
  /** A detail of the line before it (a category under its currency's total), drawn inside it. */
  detail?: true;
}

/** A titled part of a group's summary (title key under the e-mail texts' `summary.sections`). */
export interface SummarySection {
  title: string;
  lines: SummaryLine[];
}

/** A module's part of the summary, from the group's documents (its server half declares it). */
export type SummaryPart = (docs: readonly SummaryDoc[], window: SummaryWindow) => SummarySection[];

export interface GroupSummary {
  group: string;
  name: string;
  sections: SummarySection[];
}

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Midnight UTC of the Monday of `at`'s ISO week. */
function mondayOf(at: Date): number {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return midnight - ((at.getUTCDay() + 6) % 7) * DAY_MS;
}

/** `2026-W47`: the ISO year is the Thursday's, so 29 December may open week 1 of the next year. */
export function isoWeek(monday: number): string {
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The last complete week before `now` (Monday to Sunday, UTC) and the windows around it. */
export function summaryWindow(now: Date): SummaryWindow {
  const monday = mondayOf(now) - 7 * DAY_MS;
  const sunday = monday + 6 * DAY_MS;
  return {
    period: isoWeek(monday),
    weekFrom: day(monday),
    weekTo: day(sunday),
    last30From: day(sunday - 29 * DAY_MS),
    next30From: day(sunday + DAY_MS),
    next30To: day(sunday + 30 * DAY_MS),
  };
}

/** Whether an ISO time or a day falls on a day from `from` to `to` (both included). */
export function onDays(value: unknown, from: string, to: string): boolean {
  if (typeof value !== 'string' || value.length < 10) return false;
  const d = value.slice(0, 10);
  return d >= from && d <= to;
}

export function isLive(doc: SummaryDoc): boolean {
  return doc._deleted !== true;
}

/**
 * The part every group has: how many records were added in the week (the business records the
 * free plan counts, `counted`).
 */
export function recordsAddedSection(
  docs: readonly SummaryDoc[],
  window: SummaryWindow,
  counted: ReadonlySet<string>,
): SummarySection[] {
  const added = docs.filter(
    (doc) =>
      isLive(doc) &&
      typeof doc.klass === 'string' &&
      counted.has(doc.klass) &&
      onDays(doc.created_at, window.weekFrom, window.weekTo),
  ).length;
  return added === 0 ? [] : [{ title: 'records', lines: [{ text: 'recordsAdded', count: added }] }];
}

/** A group's summary: the records added, then each module's part, empty sections left out. */
export function groupSummary(
  group: { id: string; name: string },
  docs: readonly SummaryDoc[],
  window: SummaryWindow,
  counted: ReadonlySet<string>,
  parts: readonly SummaryPart[],
): GroupSummary {
  const sections = [recordsAddedSection(docs, window, counted), ...parts.map((part) => part(docs, window))]
    .flat()
    .filter((section) => section.lines.length > 0);
  return { group: group.id, name: group.name, sections };
}

/** A summary worth sending: at least one group had something to tell. */
export function hasNews(groups: readonly GroupSummary[]): boolean {
  return groups.some((g) => g.sections.length > 0);
}
