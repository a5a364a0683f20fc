import { escapeHtml } from '@muster/contract/html';
import type { ChartLayout, barChartLayout } from '@muster/domain/compensation-chart';
import type {
  CompensationRateTableView,
  Household,
  compensationRateTable,
  defaultRateYear,
  monthlyByRating,
  rateYears,
} from '@muster/domain/compensation-table';
import { formatDay, usd } from '@muster/domain/format';

/**
 * The calculator page's compensation reference: VA's full rate table and a bar chart of the monthly
 * amount by rating, one of each per rate year, as static HTML. Every figure comes from the domain
 * package: the build loads it through Vite's module runner (see site-html-plugin) and hands its
 * functions to buildCompensationRates, so the page and the app read the same tables.
 */

/** The households the site's chart compares (the app charts the visitor's own household). */
export const CHART_HOUSEHOLDS: readonly { label: string; household: Household }[] = [
  { label: 'Veteran alone', household: {} },
  { label: 'Veteran with spouse and 1 child', household: { spouse: true, children_under_18: 1 } },
];

export type CompensationDomain = {
  BELOW_30_NOTE: string;
  rateYears: typeof rateYears;
  defaultRateYear: typeof defaultRateYear;
  compensationRateTable: typeof compensationRateTable;
  monthlyByRating: typeof monthlyByRating;
  barChartLayout: typeof barChartLayout;
};

export type CompensationYear = {
  table: CompensationRateTableView;
  chart: ChartLayout;
  series: { label: string; points: { rating: number; monthly: number }[] }[];
};

export type CompensationRates = {
  /** The year shown before the page's script picks the one in effect on the visitor's day. */
  defaultYear: number;
  belowThirtyNote: string;
  /** Newest first. */
  years: CompensationYear[];
};

export function buildCompensationRates(
  domain: CompensationDomain,
  today: string,
): CompensationRates {
  const years = domain
    .rateYears()
    .map(({ year }) => {
      const series = CHART_HOUSEHOLDS.map(({ label, household }) => ({
        label,
        points: domain.monthlyByRating(year, household),
      }));
      return {
        table: domain.compensationRateTable(year),
        series,
        chart: domain.barChartLayout({
          categories: series[0]?.points.map((point) => `${point.rating}`) ?? [],
          series: series.map((s) => ({ label: s.label, values: s.points.map((p) => p.monthly) })),
        }),
      };
    })
    .reverse();
  return {
    defaultYear: domain.defaultRateYear(today),
    belowThirtyNote: domain.BELOW_30_NOTE,
    years,
  };
}

/** `2026 rates, effective Dec 1, 2025`: how a rate year is named on the page and in its selector. */
export function describeRateYear(table: { year: number; effective_date: string }): string {
  return `${table.year} rates, effective ${formatDay(table.effective_date)}`;
}

const SERIES_FILLS = ['fill-navy-900', 'fill-olive-600'] as const;

function renderChart({ table, chart, series }: CompensationYear): string {
  const id = `rates-chart-${table.year}`;
  const title = `Monthly amount by rating, ${table.year} rates: ${series.map((s) => s.label).join(' and ')}`;
  const description = series
    .map(
      (s) =>
        `${s.label}: ${s.points.map((p) => `${p.rating} %, ${usd.format(p.monthly)}`).join('; ')}.`,
    )
    .join(' ');
  const ticks = chart.ticks
    .map(
      (tick) =>
        `<line x1="${chart.plot.left}" x2="${chart.plot.right}" y1="${tick.y}" y2="${tick.y}" class="stroke-navy-100" stroke-width="1"/>` +
        `<text x="${chart.plot.left - 4}" y="${tick.y + 4}" text-anchor="end" class="fill-navy-700 text-[12px]">${escapeHtml(tick.label)}</text>`,
    )
    .join('');
  const bars = chart.groups
    .map(
      (group) =>
        group.bars
          .map(
            (bar) =>
              `<rect x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}" class="${SERIES_FILLS[bar.series] ?? SERIES_FILLS[0]}"/>`,
          )
          .join('') +
        `<text x="${group.labelX}" y="${chart.plot.bottom + 16}" text-anchor="middle" class="fill-navy-900 text-[12px]">${escapeHtml(group.category)}</text>`,
    )
    .join('');
  const axis = `<text x="${(chart.plot.left + chart.plot.right) / 2}" y="${chart.height - 8}" text-anchor="middle" class="fill-navy-700 text-[12px]">Combined rating (%)</text>`;
  const legend = series
    .map(
      (s, index) =>
        `<li class="flex items-center gap-2"><svg aria-hidden="true" width="12" height="12" class="shrink-0"><rect width="12" height="12" class="${SERIES_FILLS[index] ?? SERIES_FILLS[0]}"/></svg>${escapeHtml(s.label)}</li>`,
    )
    .join('');
  return `<figure class="mt-6">
  <svg role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc" viewBox="0 0 ${chart.width} ${chart.height}" class="w-full max-w-lg"><title id="${id}-title">${escapeHtml(title)}</title><desc id="${id}-desc">${escapeHtml(description)}</desc>${ticks}${bars}${axis}</svg>
  <figcaption class="text-navy-700 mt-2 text-sm">
    <ul class="flex flex-wrap gap-x-4 gap-y-1" aria-label="Chart legend">${legend}</ul>
    <span class="mt-1 block">The same amounts are in the tables below. Use the calculator above for your own household.</span>
  </figcaption>
</figure>`;
}

function renderTables({ table }: CompensationYear): string {
  return table.groups
    .map((group) => {
      const captionId = `rates-${table.year}-${group.id.replaceAll('_', '-')}`;
      const head = group.columns
        .map(
          (column) =>
            `<th scope="col" class="max-w-36 px-2 py-1 font-semibold">${escapeHtml(column.label)}</th>`,
        )
        .join('');
      const flat = table.flat
        .map(
          ({ rating, amount }) =>
            `<tr class="border-khaki-200 border-b"><th scope="row" class="sticky left-0 bg-white px-2 py-1 text-left font-semibold">${rating} %</th><td colspan="${group.columns.length}" class="px-2 py-1">${usd.format(amount)} for every household (no added amounts below 30 %)</td></tr>`,
        )
        .join('');
      const rows = group.rows
        .map(
          (row) =>
            `<tr class="border-khaki-200 border-b last:border-b-0"><th scope="row" class="sticky left-0 bg-white px-2 py-1 text-left font-semibold">${row.rating} %</th>${row.amounts.map((amount) => `<td class="px-2 py-1 tabular-nums">${usd.format(amount)}</td>`).join('')}</tr>`,
        )
        .join('');
      return `<div role="region" aria-labelledby="${captionId}" tabindex="0" class="border-khaki-200 mt-6 @container max-w-full overflow-x-auto rounded-lg border bg-white">
  <table class="text-navy-900 w-full min-w-max text-sm">
    <caption id="${captionId}" class="sticky left-0 max-w-[100cqw] p-2 text-left font-semibold">${escapeHtml(`${group.title}: monthly amounts, ${table.year} rates (effective ${formatDay(table.effective_date)})`)}</caption>
    <thead class="bg-khaki-50"><tr class="border-khaki-200 border-b text-left align-bottom"><th scope="col" class="bg-khaki-50 sticky left-0 px-2 py-1 font-semibold">Rating</th>${head}</tr></thead>
    <tbody>${flat}${rows}</tbody>
  </table>
</div>`;
    })
    .join('\n');
}

/** One rate year: its heading, chart and tables. */
export function renderRateYear(year: CompensationYear): string {
  return `<h3 class="text-navy-900 mt-8 text-2xl font-bold">${escapeHtml(describeRateYear(year.table))}</h3>
${renderChart(year)}
${renderTables(year)}`;
}

/**
 * The reference section's content. The default year is in the page; every year is also in a
 * `<template>` (inert, outside the document's layout) for the rate-year selector, which the page's
 * script reveals and wires up.
 */
export function renderCompensationRates(rates: CompensationRates): string {
  const shown =
    rates.years.find((entry) => entry.table.year === rates.defaultYear) ?? rates.years[0];
  if (!shown) throw new Error('no compensation rate years to show');
  const options = rates.years
    .map(
      ({ table }) =>
        `<option value="${table.year}"${table.year === shown.table.year ? ' selected' : ''} data-effective="${table.effective_date}">${escapeHtml(describeRateYear(table))}</option>`,
    )
    .join('');
  const templates = rates.years
    .map((year) => `<template id="rate-year-${year.table.year}">${renderRateYear(year)}</template>`)
    .join('\n');
  return `<p id="below-30-note" class="bg-khaki-50 text-navy-900 mt-6 rounded-md p-4">${escapeHtml(rates.belowThirtyNote)}</p>
<div id="rate-year-picker" class="mt-6" hidden>
  <label for="rate-year" class="field-label">Rate year</label>
  <select id="rate-year" class="field-input max-w-xs">${options}</select>
</div>
<div id="rate-year-content">${renderRateYear(shown)}</div>
${templates}`;
}
