import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

async function renderCalculator() {
  mockSignedIn();
  const view = renderApp({ path: '/calculator' });
  await screen.findByRole('heading', { level: 1, name: 'Rating calculator' });
  return view;
}

/** The calculator's live result; the shell's sidebar has a loading status of its own. */
function result() {
  return within(screen.getByRole('main')).getByRole('status');
}

// Pages of tables make role queries slow in jsdom, the more so on a loaded machine.
describe('/calculator', { timeout: 30_000 }, () => {
  it('combines ratings, shows each step, the monthly amount and the what-if', async () => {
    await renderCalculator();
    const status = result();
    expect(status).toHaveTextContent('Combined rating: 50 %');

    await userEvent.click(screen.getByRole('button', { name: 'Add rating' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating 2' }), '30');
    // 50 and 30: 50 + 30 % of 50 = 65 → 70 %.
    expect(status).toHaveTextContent('Combined rating: 70 %');
    expect(status).toHaveTextContent('Before rounding to the nearest 10: 65 %');
    expect(status).toHaveTextContent(/\d{4} rates, effective Dec 1, \d{4}/);
    const steps = screen.getByRole('list', { name: 'Calculation steps' });
    expect(within(steps).getAllByRole('listitem').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('img', { name: /Combined value after each step/ })).toBeInTheDocument();

    expect(screen.getByText(/^Add a 30 % rating → combined 80 %/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Remove rating 1' }));
    expect(status).toHaveTextContent('Combined rating: 30 %');
  });

  it('applies the bilateral factor for both legs', async () => {
    await renderCalculator();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating 1' }), '10');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Limb for rating 1' }),
      'left-leg',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add rating' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Limb for rating 2' }),
      'right-leg',
    );
    expect(result()).toHaveTextContent('bilateral factor applied');
  });

  it('uses the household and the chosen rate year for the amount, the full table and the chart', async () => {
    await renderCalculator();
    const yearSelect = screen.getByRole('combobox', { name: 'Rate year' });
    // Today's rates are chosen first.
    expect(yearSelect).toHaveDisplayValue(/^\d{4} rates, effective Dec 1, \d{4}$/);
    await userEvent.selectOptions(yearSelect, '2025 rates, effective Dec 1, 2024');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating 1' }), '100');
    const status = result();
    expect(status).toHaveTextContent('Monthly compensation: $3,831.30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Spouse' }));
    expect(status).toHaveTextContent('Monthly compensation: $4,044.91');
    expect(status).toHaveTextContent('2025 rates, effective Dec 1, 2024');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Spouse receives Aid and Attendance' }),
    );
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Children under 18' }), '2');
    await userEvent.type(
      screen.getByRole('spinbutton', { name: 'Children 18 to 23 in school' }),
      '1',
    );
    // 4201.35 (spouse and 1 child) + 106.14 (second child) + 342.85 (school) + 195.92 (A&A).
    expect(status).toHaveTextContent('Monthly compensation: $4,846.26');

    const withoutChildren = await screen.findByRole('table', {
      name: 'Without children: monthly amounts, 2025 rates (effective Dec 1, 2024)',
    });
    const withChildren = screen.getByRole('table', {
      name: 'With children: monthly amounts, 2025 rates (effective Dec 1, 2024)',
    });
    const row = (table: HTMLElement, rating: string) =>
      within(table).getByRole('row', { name: new RegExp(`^${rating} `) });
    expect(
      within(withoutChildren)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Rating',
      'Veteran alone',
      'With spouse',
      'With spouse and 1 parent',
      'With spouse and 2 parents',
      'With 1 parent',
      'With 2 parents',
      'Added for a spouse receiving Aid and Attendance',
    ]);
    expect(row(withoutChildren, '10 %')).toHaveTextContent('$175.51 for every household');
    expect(row(withoutChildren, '30 %')).toHaveTextContent(
      '$537.42$601.42$652.42$703.42$588.42$639.42$58.00',
    );
    expect(row(withChildren, '100 %')).toHaveTextContent(
      '$3,974.15$4,201.35$4,372.79$4,544.23$4,145.59$4,317.03$106.14$342.85$195.92',
    );
    // The tables scroll inside their own named, focusable regions.
    const region = screen.getByRole('region', { name: /^With children: monthly amounts/ });
    expect(region).toHaveAttribute('tabindex', '0');

    const chart = screen.getByRole('img', { name: /^Monthly amount by rating, 2025 rates/ });
    expect(chart).toHaveAccessibleName(
      'Monthly amount by rating, 2025 rates: Your household (veteran with spouse receiving Aid and Attendance, 2 children under 18, 1 child in school) and Veteran alone',
    );
    expect(chart).toHaveAccessibleDescription(/100 %, \$4,846\.26\./);
    expect(screen.getByTestId('below-30-note')).toHaveTextContent(
      /only when the combined rating is 30 % or higher/,
    );

    // Another year changes the table and the chart.
    await userEvent.selectOptions(yearSelect, '2026 rates, effective Dec 1, 2025');
    const table2026 = await screen.findByRole('table', {
      name: 'With children: monthly amounts, 2026 rates (effective Dec 1, 2025)',
    });
    expect(row(table2026, '100 %')).toHaveTextContent('$4,085.43$4,318.99$4,495.23$4,671.47');
    expect(
      screen.getByRole('img', { name: /^Monthly amount by rating, 2026 rates/ }),
    ).toBeVisible();
  });

  it('says why dependants change nothing below 30 %', async () => {
    await renderCalculator();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating 1' }), '20');
    const status = result();
    expect(status).not.toHaveTextContent('Why dependants change nothing');
    const before = status.textContent;
    await userEvent.click(screen.getByRole('checkbox', { name: 'Spouse' }));
    expect(status).toHaveTextContent(
      'Why dependants change nothing at 10 % and 20 %: VA adds money for a spouse, children or dependent parents only when the combined rating is 30 % or higher.',
    );
    expect(status.textContent.match(/Monthly compensation: \$[\d,.]+/)?.[0]).toBe(
      before.match(/Monthly compensation: \$[\d,.]+/)?.[0],
    );
  });
});
