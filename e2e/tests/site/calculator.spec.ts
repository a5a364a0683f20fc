import { expect, test, type Page } from '@playwright/test';

import { checkA11y } from '../../fixtures.ts';
import { API_BASE_URL, expectSiteFooter, siteHref } from './site-pages.ts';

/** Picks the percent (and limb) of rating `number`, adding rows as needed. */
async function setRating(page: Page, number: number, percent: number, limb?: string) {
  const select = page.getByLabel(`Rating ${number}`, { exact: true });
  if ((await select.count()) === 0) {
    await page.getByRole('button', { name: 'Add a rating' }).click();
  }
  await select.selectOption(String(percent));
  if (limb) await page.getByLabel(`Arm or leg for rating ${number}`).selectOption({ label: limb });
}

test.describe('[SITE][CALCULATOR]', () => {
  test('[SITE][CALCULATOR]: 50% and 30% combine to 70% with a monthly amount', async ({ page }) => {
    await page.goto(siteHref('/calculator.html'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('VA disability calculator');

    await setRating(page, 1, 50);
    await setRating(page, 2, 30);
    await page.getByRole('button', { name: 'Calculate' }).click();

    const status = page.getByRole('status');
    await expect(status).toContainText('Combined rating 70%.');
    await expect(status).toContainText(/\$[\d,]+\.\d{2} a month, rates effective Dec 1, 20\d\d\./);
    await expect(page.locator('#result-combined')).toHaveText('70%');
    await expect(page.locator('#result-exact')).toHaveText('65%');
    await expect(page.locator('#result-effective')).toHaveText(/^rates effective Dec 1, 20\d\d$/);
    const steps = page.getByRole('list', { name: 'Steps of the math' });
    await expect(steps).toContainText('30 % of the remaining 50 % efficiency is 15');
    await expect(steps).toContainText('the combined rating is 70 %');
    await expect(
      page.getByText(/^Add a 30% rating → combined 80%, \$[\d,]+\.\d{2}\/month$/),
    ).toBeVisible();

    await checkA11y(page);
    await expectSiteFooter(page);
  });

  test('[SITE][CALCULATOR]: two legs at 10% and 20% elsewhere use the bilateral factor', async ({
    page,
  }) => {
    await page.goto(siteHref('/calculator.html'));

    await setRating(page, 1, 10, 'Left leg');
    await setRating(page, 2, 10, 'Right leg');
    await setRating(page, 3, 20);
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page.getByRole('status')).toContainText('Combined rating 40%.');
    await expect(page.locator('#result-exact')).toHaveText('37%');
    await expect(page.getByText('The bilateral factor applies')).toBeVisible();
    const steps = page.getByRole('list', { name: 'Steps of the math' });
    await expect(steps).toContainText('Bilateral factor (38 CFR 4.26)');
    await expect(steps).toContainText('20.9, rounded to 21 %');
  });

  test('[SITE][CALCULATOR]: dependants raise the amount, and the form works from the keyboard', async ({
    page,
  }) => {
    await page.goto(siteHref('/calculator.html'));
    await setRating(page, 1, 70);
    await page.getByRole('button', { name: 'Calculate' }).click();
    const monthly = page.locator('#result-monthly');
    await expect(monthly).toHaveText(/^\$/);
    const alone = await monthly.textContent();

    await page.getByLabel('Spouse', { exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Spouse receives Aid and Attendance')).toBeEnabled();
    await page.getByLabel('Children under 18').fill('2');
    await page.getByLabel('Children under 18').press('Enter');
    await expect(monthly).not.toHaveText(alone ?? '');
    await expect(page.getByRole('list', { name: 'Monthly amount breakdown' })).toContainText('$');

    // Add and remove a rating with the keyboard only.
    await page.getByRole('button', { name: 'Add a rating' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Rating 2', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Remove rating 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Rating 2', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Rating 1', { exact: true })).toBeFocused();
  });

  test('[SITE][CALCULATOR]: a bad count is flagged on its field', async ({ page }) => {
    await page.goto(siteHref('/calculator.html'));
    await page.getByLabel('Children under 18').fill('25');
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page.getByLabel('Children under 18')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Children under 18')).toBeFocused();
    await expect(page.getByText('Enter a whole number from 0 to 20.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  });

  test('[SITE][CALCULATOR]: says so when the API rate-limits', async ({ page }) => {
    await page.route(`${API_BASE_URL}/calculator/**`, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 3004, message: 'Too many requests, please try again later' }),
      }),
    );
    await page.goto(siteHref('/calculator.html'));
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'Too many requests in a short time. Please wait a while, then try again.',
    );
  });

  test('[SITE][CALCULATOR]: explains the math without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteHref('/calculator.html'));

    await expect(page.getByRole('heading', { name: 'How VA combines ratings' })).toBeVisible();
    await expect(
      page.getByText("Without JavaScript the interactive calculator can't run."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Calculate' })).toBeHidden();
    await context.close();
  });

  test("[SITE][CALCULATOR]: VA's full rate table and a chart for the rate year in effect, and other years", async ({
    page,
  }) => {
    await page.goto(siteHref('/calculator.html'));
    await expect(page.getByRole('heading', { name: 'VA compensation rates' })).toBeVisible();
    await expect(page.getByText(/^Why dependants change nothing at 10 % and 20 %/)).toBeVisible();

    // The year in effect today is chosen, and every year is offered.
    const yearSelect = page.getByRole('combobox', { name: 'Rate year' });
    await expect(yearSelect).toBeVisible();
    const year = await yearSelect.inputValue();
    expect(await yearSelect.locator('option').count()).toBeGreaterThanOrEqual(3);
    const withChildren = page.getByRole('table', {
      name: new RegExp(`^With children: monthly amounts, ${year} rates`),
    });
    await expect(withChildren).toBeVisible();
    await expect(
      page.getByRole('table', {
        name: new RegExp(`^Without children: monthly amounts, ${year} rates`),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('img', { name: new RegExp(`^Monthly amount by rating, ${year} rates`) }),
    ).toBeVisible();

    await yearSelect.selectOption('2025');
    const table2025 = page.getByRole('table', {
      name: 'With children: monthly amounts, 2025 rates (effective Dec 1, 2024)',
    });
    await expect(table2025.getByRole('row', { name: /^100 % / })).toContainText(
      '$3,974.15$4,201.35$4,372.79$4,544.23$4,145.59$4,317.03$106.14$342.85$195.92',
    );
    await expect(table2025.getByRole('row', { name: /^20 % / })).toContainText(
      '$346.95 for every household',
    );
    await expect(
      page.getByRole('img', {
        name: 'Monthly amount by rating, 2025 rates: Veteran alone and Veteran with spouse and 1 child',
      }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: new RegExp(`${year} rates`) })).toHaveCount(
      year === '2025' ? 2 : 0,
    );
    await checkA11y(page);
  });

  test('[SITE][CALCULATOR]: at 375 px the rate tables scroll in their own region, not the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(siteHref('/calculator.html'));
    const region = page.getByRole('region', { name: /^Without children: monthly amounts/ });
    await expect(region).toBeVisible();
    const overflow = () =>
      page.evaluate(
        () =>
          Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) -
          document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
      true,
    );
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test('[SITE][CALCULATOR]: the rate tables and chart are there without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteHref('/calculator.html'));
    await expect(
      page.getByRole('table', { name: /^With children: monthly amounts/ }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Monthly amount by rating/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Rate year' })).toBeHidden();
    await context.close();
  });
});
