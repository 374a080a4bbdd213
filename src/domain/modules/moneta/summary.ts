// The finance module's part of the weekly summary (src/domain/weekly-summary.ts): where the money
// went over the 30 days that end with the week (spec 001 §9), by category, one block per currency
// (amounts in different currencies never add up), as the spending chart counts it.
import type { SummaryLine, SummaryPart } from '../../weekly-summary.ts';
import { spendingByCategory } from './charts.ts';

export const monetaSummary: SummaryPart = (docs, window) => [
  {
    title: 'spending',
    lines: spendingByCategory(docs, window.last30From, window.weekTo).flatMap((spending) => [
      { text: 'spentTotal', amount: { minor: spending.total, currency: spending.currency }, count: spending.count },
      ...spending.slices.map((slice): SummaryLine => {
        const amount = { minor: slice.amount, currency: spending.currency };
        if (slice.kind === 'category') return { text: 'spentOnCategory', label: slice.category, amount, detail: true };
        if (slice.kind === 'none') return { text: 'spentUncategorised', amount, detail: true };
        return { text: 'spentOnOthers', count: slice.categories, amount, detail: true };
      }),
    ]),
  },
];
