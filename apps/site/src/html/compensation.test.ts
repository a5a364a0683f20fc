import {
  BELOW_30_NOTE,
  compensationRateTable,
  defaultRateYear,
  rateYears,
} from '@muster/domain/compensation-table';
import { describe, expect, it } from 'vitest';

import { pickRateYear } from '../client/rate-year.ts';
import { compensationRatesForTest } from './compensation.test-support.ts';
import { describeRateYear, renderCompensationRates, renderRateYear } from './compensation.ts';

const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** The markup between `<div id="rate-year-content">` and the first template. */
function shownYear(html: string): string {
  const start = html.indexOf('<div id="rate-year-content">');
  const end = html.indexOf('<template');
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, end);
}

describe('compensation rates on the calculator page', () => {
  const rates = compensationRatesForTest('2026-11-23');
  const html = renderCompensationRates(rates);

  it('shows the year in effect, with every year in the selector and in a template', () => {
    expect(rates.defaultYear).toBe(2026);
    expect(shownYear(html)).toContain('2026 rates, effective Dec 1, 2025');
    expect(shownYear(html)).not.toContain('2025 rates');
    for (const { year, effective_date } of rateYears()) {
      expect(html).toContain(`<template id="rate-year-${year}">`);
      expect(html).toMatch(
        new RegExp(`<option value="${year}"( selected)? data-effective="${effective_date}">`),
      );
    }
    expect(html).toContain('<option value="2026" selected');
    // The selector needs the script; without it the page shows the year in effect at build time.
    expect(html).toMatch(/<div id="rate-year-picker" class="mt-6" hidden>/);
    expect(html).toContain('<label for="rate-year" class="field-label">Rate year</label>');
    expect(compensationRatesForTest('2025-06-01').defaultYear).toBe(2025);
  });

  it('every amount of the domain table is in the year shown, row by row', () => {
    const shown = shownYear(html);
    const table = compensationRateTable(2026);
    for (const group of table.groups) {
      for (const row of group.rows) {
        const cells = row.amounts
          .map((amount) => `<td class="px-2 py-1 tabular-nums">${money(amount)}</td>`)
          .join('');
        expect(shown).toContain(
          `<th scope="row" class="sticky left-0 bg-white px-2 py-1 text-left font-semibold">${row.rating} %</th>${cells}`,
        );
      }
      for (const column of group.columns) expect(shown).toContain(`>${column.label}</th>`);
    }
    expect(shown).toContain('$180.42 for every household (no added amounts below 30 %)');
    expect(shown).toContain('$356.66 for every household');
    // Spot cells: 100 %, one child, spouse and two parents; each school child; A&A.
    expect(shown).toContain('$4,671.47');
    expect(shown).toContain('$352.45');
    expect(shown).toContain('$201.41');
  });

  it('the tables scroll in their own focusable regions, named by their captions', () => {
    const year = rates.years.find((entry) => entry.table.year === 2025);
    if (!year) throw new Error('no 2025 rates');
    const markup = renderRateYear(year);
    const regions = [
      ...markup.matchAll(/<div role="region" aria-labelledby="([^"]+)" tabindex="0"/g),
    ];
    expect(regions.map((match) => match[1])).toEqual([
      'rates-2025-without-children',
      'rates-2025-with-children',
    ]);
    expect(markup).toContain(
      '<caption id="rates-2025-with-children" class="sticky left-0 max-w-[100cqw] p-2 text-left font-semibold">With children: monthly amounts, 2025 rates (effective Dec 1, 2024)</caption>',
    );
    expect(markup).toContain('overflow-x-auto');
  });

  it('draws the chart as an image with a name and the amounts as its description', () => {
    const shown = shownYear(html);
    expect(shown).toContain(
      '<svg role="img" aria-labelledby="rates-chart-2026-title" aria-describedby="rates-chart-2026-desc"',
    );
    expect(shown).toContain(
      '<title id="rates-chart-2026-title">Monthly amount by rating, 2026 rates: Veteran alone and Veteran with spouse and 1 child</title>',
    );
    expect(shown).toContain('Veteran alone: 10 %, $180.42; 20 %, $356.66; 30 %, $552.47;');
    expect(shown).toContain('100 %, $4,318.99.</desc>');
    // Ten ratings, two bars each.
    expect(shown.match(/<rect x=/g)).toHaveLength(20);
  });

  it('says in its own words why dependants change nothing below 30 %', () => {
    expect(html).toContain(`<p id="below-30-note"`);
    expect(html).toContain(BELOW_30_NOTE);
  });

  it('names a rate year the same way everywhere', () => {
    expect(describeRateYear({ year: 2026, effective_date: '2025-12-01' })).toBe(
      '2026 rates, effective Dec 1, 2025',
    );
  });
});

describe('pickRateYear', () => {
  it('chooses the year the domain chooses, on any day', () => {
    const options = rateYears().map(({ year, effective_date }) => ({
      year,
      effective: effective_date,
    }));
    for (const today of [
      '2020-01-01',
      '2023-12-01',
      '2024-11-30',
      '2024-12-01',
      '2025-07-04',
      '2025-12-01',
      '2026-11-23',
      '2026-12-01',
      '2030-01-01',
    ]) {
      expect(pickRateYear(options, today), today).toBe(defaultRateYear(today));
      expect(pickRateYear([...options].reverse(), today), today).toBe(defaultRateYear(today));
    }
    expect(pickRateYear([], '2026-01-01')).toBeNull();
  });
});
