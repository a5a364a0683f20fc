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

describe('/calculator', () => {
  it('combines ratings, shows each step, the monthly amount and the what-if', async () => {
    await renderCalculator();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Combined rating: 50 %');

    await userEvent.click(screen.getByRole('button', { name: 'Add rating' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating 2' }), '30');
    // 50 and 30: 50 + 30 % of 50 = 65 → 70 %.
    expect(status).toHaveTextContent('Combined rating: 70 %');
    expect(status).toHaveTextContent('Before rounding to the nearest 10: 65 %');
    expect(status).toHaveTextContent(/rates effective Dec 1, \d{4}/);
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
    expect(screen.getByRole('status')).toHaveTextContent('bilateral factor applied');
  });

  it('uses the dependants and the chosen rate table, with the reference table of spec §9', async () => {
    await renderCalculator();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Rate table' }),
      'Rates effective Dec 1, 2024',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating 1' }), '100');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Monthly compensation: $3,831.30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Spouse' }));
    expect(status).toHaveTextContent('Monthly compensation: $4,044.91');
    expect(status).toHaveTextContent('rates effective Dec 1, 2024');

    const table = screen.getByRole('table', { name: /rates effective Dec 1, 2024/ });
    const row = (rating: string) =>
      within(table).getByRole('row', { name: new RegExp(`^${rating} `) });
    expect(row('10 %')).toHaveTextContent('$175.51$175.51');
    expect(row('30 %')).toHaveTextContent('$601.42$537.42');
    expect(row('100 %')).toHaveTextContent('$4,044.91$3,831.30');
  });
});
