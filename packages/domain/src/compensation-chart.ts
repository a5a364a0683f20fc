/**
 * Geometry of the "monthly amount by rating" bar chart, shared by the app (React) and the site
 * (static HTML) so both draw the same figure from the same numbers. Pure layout: coordinates in
 * the SVG's own units (its viewBox), bars grouped by rating, one bar per series.
 */

export type ChartSeries = { label: string; values: readonly number[] };

export type ChartBar = {
  series: number;
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
};

export type ChartLayout = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** Horizontal grid lines with their dollar labels, from 0 up. */
  ticks: { value: number; y: number; label: string }[];
  groups: { category: string; labelX: number; bars: ChartBar[] }[];
};

const axisMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** The smallest "round" step (1, 2 or 5 × 10ⁿ) that covers `max` in at most `count` steps. */
export function niceStep(max: number, count = 5): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw);
  return step ?? 10 * power;
}

export function barChartLayout(options: {
  categories: readonly string[];
  series: readonly ChartSeries[];
  width?: number;
  height?: number;
}): ChartLayout {
  const { categories, series, width = 360, height = 250 } = options;
  const plot = { left: 50, top: 12, right: width - 4, bottom: height - 44 };
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const scaleY = (value: number) => plot.bottom - (value / top) * (plot.bottom - plot.top);
  const ticks = [];
  for (let value = 0; value <= top + step / 2; value += step) {
    ticks.push({ value, y: round(scaleY(value)), label: axisMoney.format(value) });
  }
  const slot = (plot.right - plot.left) / Math.max(1, categories.length);
  const barWidth = (slot * 0.76) / Math.max(1, series.length);
  const groups = categories.map((category, index) => {
    const start = plot.left + index * slot + slot * 0.12;
    return {
      category,
      labelX: round(plot.left + index * slot + slot / 2),
      bars: series.map((s, seriesIndex) => {
        const value = s.values[index] ?? 0;
        const y = scaleY(value);
        return {
          series: seriesIndex,
          x: round(start + seriesIndex * barWidth),
          y: round(y),
          width: round(barWidth),
          height: round(plot.bottom - y),
          value,
        };
      }),
    };
  });
  return { width, height, plot, ticks, groups };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
