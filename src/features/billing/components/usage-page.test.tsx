import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { UsageDay } from '../../../domain/usage.ts';
import { UsagePage } from './usage-page.tsx';

const DAYS: UsageDay[] = [
  { day: '2026-11-26', kinds: { Ticket: { amount: 10, size: 5_000 } } },
  {
    day: '2026-11-27',
    kinds: {
      Ticket: { amount: 12, size: 6_000 },
      Customer: { amount: 3, size: 1_500_000 },
      other: { amount: 1, size: 40 },
    },
  },
];

describe('the usage screen', () => {
  it('tables the last day kind by kind, biggest first, with totals in decimal units, beside the chart', async () => {
    renderScreen(<UsagePage days={DAYS} error={null} />);
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['KindRecordsSize', 'Customer31.5 MB', 'Ticket126 kB', 'Other140 B', 'Total161.5 MB']);
    expect(screen.getByTestId('usage-chart').getAttribute('aria-label')).toBe('Usage over time, by kind');
    expect(screen.getByRole('button', { name: 'Records' })).toBeTruthy();
  });

  it('says when nothing was measured yet', async () => {
    renderScreen(<UsagePage days={[]} error={null} />);
    expect(await screen.findByText('No usage measured yet.')).toBeTruthy();
  });
});
