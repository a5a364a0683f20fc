import type { CombinedRatingResult, CompensationResult } from '@muster/contract/calculator';

import { postJson, readApiUrl, type ApiResult } from './api-client.ts';
import {
  LIMB_LABELS,
  PERCENT_OPTIONS,
  WHAT_IF_PERCENT,
  buildCombinedRatingInput,
  buildCompensationInput,
  describeBreakdown,
  describeEffectiveDate,
  describeWhatIf,
  formatUsd,
  groupSteps,
  parseDependants,
  summarizeResult,
  withExtraRating,
  type RatingRowValues,
} from './calculator-model.ts';
import { clearFieldErrors, showFieldErrors } from './form-errors.ts';
import { initRateYearPicker } from './rate-year.ts';

/** calculator.html: the interactive calculator. Without this script the page still explains the math. */

const MAX_ROWS = 20;

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`calculator.html lacks #${id}`);
  return element as T;
}

function create<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), properties);
  element.append(...children);
  return element;
}

const apiUrl = readApiUrl(document);
const form = byId<HTMLFormElement>('calculator-form');
const rowList = byId<HTMLOListElement>('rating-rows');
const addButton = byId<HTMLButtonElement>('add-rating');
const spouse = byId<HTMLInputElement>('spouse');
const spouseAid = byId<HTMLInputElement>('spouse-aid-attendance');
const status = byId<HTMLElement>('calculator-status');
const errorBox = byId<HTMLElement>('calculator-error');
const results = byId<HTMLElement>('calculator-results');
let rowCounter = 0;

function rows(): HTMLLIElement[] {
  return [...rowList.querySelectorAll<HTMLLIElement>(':scope > li')];
}

/** Labels say which rating they belong to ("Rating 2"), so they follow the order after a removal. */
function renumberRows(): void {
  rows().forEach((row, index) => {
    for (const part of row.querySelectorAll<HTMLElement>('[data-number]')) {
      part.textContent = String(index + 1);
    }
  });
  const single = rows().length <= 1;
  for (const button of rowList.querySelectorAll<HTMLButtonElement>('button'))
    button.disabled = single;
  addButton.disabled = rows().length >= MAX_ROWS;
}

function addRow(percent = 10): HTMLSelectElement {
  rowCounter += 1;
  const id = `rating-${rowCounter}`;
  /** A label text followed by the row's number, kept current by renumberRows(). */
  const withNumber = (text: string) => {
    const span = create('span');
    span.dataset.number = '';
    return [text, span];
  };
  const percentSelect = create(
    'select',
    { id: `${id}-percent`, name: 'percent', className: 'field-input' },
    PERCENT_OPTIONS.map((value) =>
      create('option', { value: String(value), selected: value === percent }, [`${value}%`]),
    ),
  );
  const limbSelect = create(
    'select',
    { id: `${id}-limb`, name: 'limb', className: 'field-input' },
    [
      create('option', { value: '' }, ['Not an arm or leg']),
      ...Object.entries(LIMB_LABELS).map(([value, label]) => create('option', { value }, [label])),
    ],
  );
  const remove = create('button', { type: 'button', className: 'btn-secondary px-4 py-2' }, [
    'Remove',
    create('span', { className: 'sr-only' }, withNumber(' rating ')),
  ]);
  const row = create('li', { className: 'grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]' }, [
    create('div', {}, [
      create(
        'label',
        { htmlFor: percentSelect.id, className: 'field-label' },
        withNumber('Rating '),
      ),
      percentSelect,
    ]),
    create('div', {}, [
      create('label', { htmlFor: limbSelect.id, className: 'field-label' }, [
        'Arm or leg',
        create('span', { className: 'sr-only' }, withNumber(' for rating ')),
      ]),
      limbSelect,
    ]),
    remove,
  ]);
  remove.addEventListener('click', () => {
    const next = row.nextElementSibling ?? row.previousElementSibling;
    row.remove();
    renumberRows();
    // Keep keyboard focus near where it was: the neighbouring row, else the add button.
    (next?.querySelector('select') ?? addButton).focus();
  });
  rowList.append(row);
  renumberRows();
  return percentSelect;
}

function readRows(): RatingRowValues[] {
  return rows().map((row) => ({
    percent: row.querySelector<HTMLSelectElement>('select[name="percent"]')?.value ?? '',
    limb: row.querySelector<HTMLSelectElement>('select[name="limb"]')?.value ?? '',
  }));
}

function syncSpouseAid(): void {
  spouseAid.disabled = !spouse.checked;
  if (!spouse.checked) spouseAid.checked = false;
}

function renderList(list: HTMLElement, items: string[]): void {
  list.replaceChildren(...items.map((text) => create('li', {}, [text])));
}

function showError(message: string): void {
  errorBox.textContent = message;
  errorBox.hidden = false;
  status.textContent = '';
}

function render(
  combined: CombinedRatingResult,
  compensation: CompensationResult,
  whatIf: { combined: number; monthly: number },
): void {
  byId('result-combined').textContent = `${combined.combined}%`;
  byId('result-exact').textContent = `${combined.combined_exact}%`;
  byId('result-bilateral').hidden = !combined.bilateral_applied;
  byId('result-monthly').textContent = formatUsd(compensation.monthly);
  byId('result-effective').textContent = describeEffectiveDate(compensation);
  byId('result-steps').replaceChildren(
    ...groupSteps(combined.steps).map((group) => {
      const list = create('ol', { className: 'mt-2 list-decimal space-y-2 pl-6' });
      renderList(list, group.steps);
      return create('li', { className: 'mt-4' }, [
        create('p', { className: 'font-semibold' }, [group.title]),
        list,
      ]);
    }),
  );
  renderList(byId('result-breakdown'), describeBreakdown(compensation));
  renderList(byId('result-notes'), compensation.notes);
  byId('result-notes').hidden = compensation.notes.length === 0;
  byId('result-what-if').textContent = describeWhatIf(whatIf.combined, whatIf.monthly);
  results.hidden = false;
  status.textContent = summarizeResult(combined, compensation);
}

function failed<T>(result: ApiResult<T>): string | null {
  return result.ok ? null : result.error.message;
}

async function calculate(): Promise<void> {
  clearFieldErrors(form);
  errorBox.hidden = true;
  const ratingRows = readRows();
  if (ratingRows.length === 0) return showError('Add at least one rating.');
  const dependants = parseDependants({
    spouse: spouse.checked,
    spouseAidAttendance: spouseAid.checked,
    childrenUnder18: byId<HTMLInputElement>('children-under-18').value,
    schoolChildren: byId<HTMLInputElement>('school-children').value,
    parents: byId<HTMLSelectElement>('parents').value,
  });
  if (!dependants.ok) {
    showFieldErrors(form, dependants.fields);
    return showError('Please correct the highlighted fields.');
  }

  status.textContent = 'Calculating…';
  const input = buildCombinedRatingInput(ratingRows);
  const [current, whatIf] = await Promise.all([
    postJson<CombinedRatingResult>(apiUrl, '/calculator/combined-rating', input),
    postJson<CombinedRatingResult>(
      apiUrl,
      '/calculator/combined-rating',
      withExtraRating(input, WHAT_IF_PERCENT),
    ),
  ]);
  if (!current.ok || !whatIf.ok) return showError(failed(current) ?? failed(whatIf) ?? '');

  const compensationFor = (rating: number) =>
    postJson<CompensationResult>(
      apiUrl,
      '/calculator/compensation',
      buildCompensationInput(rating, dependants.dependants),
    );
  const sameRating = whatIf.data.combined === current.data.combined;
  const [compensation, whatIfCompensation] = await Promise.all([
    compensationFor(current.data.combined),
    // At 100% one more rating changes nothing: no second call for the same amount.
    sameRating ? null : compensationFor(whatIf.data.combined),
  ]);
  if (!compensation.ok) return showError(compensation.error.message);
  if (whatIfCompensation && !whatIfCompensation.ok) {
    return showError(whatIfCompensation.error.message);
  }
  const whatIfMonthly = whatIfCompensation
    ? whatIfCompensation.data.monthly
    : compensation.data.monthly;
  render(current.data, compensation.data, {
    combined: whatIf.data.combined,
    monthly: whatIfMonthly,
  });
}

let busy = false;
form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (busy) return;
  busy = true;
  form.setAttribute('aria-busy', 'true');
  calculate()
    .catch(() => showError('Something went wrong. Please try again.'))
    .finally(() => {
      busy = false;
      form.removeAttribute('aria-busy');
    });
});
addButton.addEventListener('click', () => addRow().focus());
spouse.addEventListener('change', syncSpouseAid);

addRow(10);
syncSpouseAid();
byId('calculator').hidden = false;
byId('calculator-no-js').hidden = true;
initRateYearPicker(document, new Date().toISOString().slice(0, 10));
