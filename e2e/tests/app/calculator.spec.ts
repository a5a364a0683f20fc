import { checkA11y, expect, test } from '../../fixtures.ts';

import { sidewaysOverflow } from './app-pages.ts';

test.describe('[APP][CALCULATOR]: VA compensation table and chart', () => {
  test('[APP][CALCULATOR]: the full table for the chosen rate year, the chart and the below-30 % note', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/calculator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rating calculator');

    // Today's rate year first.
    const yearSelect = page.getByRole('combobox', { name: 'Rate year' });
    await expect(yearSelect).toHaveValue(/^\d{4}$/);
    const year = await yearSelect.inputValue();
    const table = page.getByRole('table', {
      name: `With children: monthly amounts, ${year} rates`,
    });
    await expect(table).toBeVisible();
    await expect(
      page.getByRole('table', {
        name: new RegExp(`^Without children: monthly amounts, ${year} rates`),
      }),
    ).toBeVisible();
    await expect(table.getByRole('columnheader')).toContainText([
      'Rating',
      'With 1 child',
      'With 1 child and spouse',
    ]);
    await expect(table.getByRole('row', { name: /^10 % / })).toContainText('for every household');

    const chart = page.getByRole('img', {
      name: new RegExp(`^Monthly amount by rating, ${year} rates`),
    });
    await expect(chart).toBeVisible();
    await expect(page.getByText(/^Why dependants change nothing at 10 % and 20 %/)).toBeVisible();

    // A household changes the chart; another year changes the table.
    await page.getByRole('checkbox', { name: 'Spouse', exact: true }).check();
    await expect(
      page.getByRole('img', { name: /Your household \(veteran with spouse\) and Veteran alone$/ }),
    ).toBeVisible();
    await yearSelect.selectOption('2025');
    const table2025 = page.getByRole('table', {
      name: 'With children: monthly amounts, 2025 rates (effective Dec 1, 2024)',
    });
    await expect(table2025.getByRole('row', { name: /^100 % / })).toContainText(
      '$3,974.15$4,201.35$4,372.79$4,544.23',
    );

    await checkA11y(page);
  });

  test('[APP][CALCULATOR]: at 375 px the page never scrolls sideways; the tables scroll in their own region', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await login();
    await page.goto('/calculator');
    const region = page.getByRole('region', { name: /^With children: monthly amounts/ });
    await expect(region).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The region is wider inside than outside, and the keyboard can scroll it.
    const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
