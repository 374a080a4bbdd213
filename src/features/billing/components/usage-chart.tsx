// The usage chart's drawing, with MUI X Charts: loaded apart (React.lazy) with the usage screen's
// chart, so no other screen carries the charting code. The table beside it has the same figures.
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { usageChart } from '../../../domain/usage.ts';

export interface UsageChartProps {
  chart: ReturnType<typeof usageChart>;
  label: (kind: string) => string;
  format: (value: number) => string;
  locale: string;
  height: number;
}

export default function UsageChart({ chart, label, format, locale, height }: UsageChartProps) {
  // A single day is no line: its kinds side by side instead (a new group's first day).
  if (chart.days.length === 1)
    return (
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: chart.series.slice(0, 8).map((s) => label(s.kind)) }]}
        yAxis={[{ valueFormatter: (v: number | null) => (v === null ? '' : format(v)), width: 64 }]}
        series={[
          {
            data: chart.series.slice(0, 8).map((s) => s.values[0] ?? 0),
            valueFormatter: (v: number | null) => (v === null ? '' : format(v)),
          },
        ]}
        hideLegend
        skipAnimation
      />
    );
  const dates = chart.days.map((day) => new Date(`${day}T12:00:00Z`));
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <LineChart
      height={height}
      xAxis={[
        {
          data: dates,
          scaleType: 'point',
          valueFormatter: (d: Date) => short.format(d),
        },
      ]}
      yAxis={[{ valueFormatter: (v: number | null) => (v === null ? '' : format(v)), width: 64 }]}
      series={chart.series.slice(0, 8).map((s) => ({
        id: s.kind,
        label: label(s.kind),
        data: s.values,
        valueFormatter: (v: number | null) => (v === null ? '' : format(v)),
        showMark: chart.days.length < 2,
      }))}
      skipAnimation
    />
  );
}
