// Calendar days (YYYY-MM-DD) as the person lives them: in their own time zone, not UTC.

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of `now` where the person is: the date a receipt is signed on, a form's "today". */
export function localDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The local day `days` before `now`'s (29 before today starts the last 30 days). */
export function localDayBefore(now: Date, days: number): string {
  return localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
}
