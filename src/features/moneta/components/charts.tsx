// The finance charts' drawing, with MUI X Charts: loaded apart (React.lazy) when a chart comes
// into view, so the dashboard's first screen does not carry the charting code. The figures come
// from src/domain/modules/moneta/charts.ts; each chart also has its figures in words beside it.
import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { axisExtremes, axisWidth, type BalancePoint } from '../../../domain/modules/moneta/charts.ts';

export interface Bar {
  label: string;
  amount: number;
}

interface Money {
  /** Minor units to the reader's money text. */
  format: (minor: number) => string;
  /** Minor units to an axis' short money text ("R$ 4 mil"). */
  axis: (minor: number) => string;
}

/** The axis' ticks short, the tooltip's exact. */
const moneyFormatter =
  ({ format, axis }: Money) =>
  (value: number, context: { location: string }) =>
    context.location === 'tick' ? axis(value) : format(value);

/** The CSS variable, not its value: the colour scheme is picked by an attribute (src/app/theme.ts). */
function usePrimaryColor(): string {
  const theme = useTheme();
  return theme.vars?.palette.primary.main ?? theme.palette.primary.main;
}

/** Horizontal bars, largest first: long category names stay readable on a phone. */
export function SpendingBars({ bars, format, axis, height }: { bars: readonly Bar[]; height: number } & Money) {
  const color = usePrimaryColor();
  return (
    <BarChart
      height={height}
      layout="horizontal"
      dataset={bars.map((bar) => ({ ...bar }))}
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 96 }]}
      xAxis={[{ valueFormatter: moneyFormatter({ format, axis }), tickNumber: 3 }]}
      series={[{ dataKey: 'amount', color, valueFormatter: (v) => (v === null ? '' : format(v)) }]}
      hideLegend
      skipAnimation
      // The last tick's money label is centred on the axis' end: room for its half.
      margin={{ right: 40 }}
    />
  );
}

/** A wallet's balance at the end of each day it moved. */
export function BalanceLine({
  points,
  format,
  axis,
  locale,
  height,
}: { points: readonly BalancePoint[]; locale: string; height: number } & Money) {
  const color = usePrimaryColor();
  const dates = points.map((p) => new Date(`${p.date}T12:00:00`));
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit' });
  const long = points.length > 1 && dates.at(-1)!.getTime() - dates[0]!.getTime() > 180 * 86_400_000;
  return (
    <LineChart
      height={height}
      xAxis={[
        {
          data: dates,
          scaleType: 'time',
          valueFormatter: (d: Date, context) =>
            context.location === 'tooltip' ? d.toLocaleDateString(locale) : (long ? month : day).format(d),
          tickNumber: 4,
        },
      ]}
      // As wide as its longest label needs: "R$ 4.000,…" was cut at 80 px on a phone.
      yAxis={[
        {
          valueFormatter: moneyFormatter({ format, axis }),
          width: axisWidth(axisExtremes(points.map((p) => p.balance)).map(axis)),
        },
      ]}
      series={[
        {
          data: points.map((p) => p.balance),
          color,
          valueFormatter: (v) => (v === null ? '' : format(v)),
          showMark: points.length < 40,
          area: true,
          curve: 'stepAfter',
        },
      ]}
      hideLegend
      skipAnimation
      margin={{ right: 16 }}
    />
  );
}
