/**
 * The rate-year selector of the calculator page's compensation tables. The page holds every year in a
 * `<template>`; this picks the year in effect on the visitor's day (VA's rates change each December 1),
 * reveals the selector and swaps the shown year when it changes.
 */

export type RateYearOption = { year: number; effective: string };

/**
 * The year in effect on `today` (YYYY-MM-DD): the newest whose effective date has come, the oldest
 * before them all. The domain's defaultRateYear makes the same choice (a test keeps them equal).
 */
export function pickRateYear(options: readonly RateYearOption[], today: string): number | null {
  const byDate = [...options].sort((a, b) => a.effective.localeCompare(b.effective));
  return (byDate.findLast((option) => option.effective <= today) ?? byDate[0])?.year ?? null;
}

function showYear(doc: Document, year: string): void {
  const template = doc.getElementById(`rate-year-${year}`);
  const content = doc.getElementById('rate-year-content');
  if (!(template instanceof HTMLTemplateElement) || !content) return;
  content.replaceChildren(template.content.cloneNode(true));
}

/** Wires the selector up; a page without it is left alone. */
export function initRateYearPicker(doc: Document, today: string): void {
  const select = doc.getElementById('rate-year');
  const picker = doc.getElementById('rate-year-picker');
  if (!(select instanceof HTMLSelectElement) || !picker) return;
  const options = [...select.options].map((option) => ({
    year: Number(option.value),
    effective: option.dataset.effective ?? '',
  }));
  const current = pickRateYear(options, today);
  if (current !== null && String(current) !== select.value) {
    select.value = String(current);
    showYear(doc, select.value);
  }
  select.addEventListener('change', () => showYear(doc, select.value));
  picker.hidden = false;
}
