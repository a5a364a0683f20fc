import { checkA11y, expect, test } from '../../fixtures.ts';

import { chunkPattern, expectAppFooter } from './app-pages.ts';

const BROKEN_MODULE = "throw new Error('E2E: the privacy policy module failed');";

test.beforeEach(async ({ page, consoleErrors }) => {
  consoleErrors.allow(/E2E: the privacy policy module failed/);
  await page.route(chunkPattern('privacy-policy'), (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: BROKEN_MODULE }),
  );
});

test('[APP][ERROR-BOUNDARY]: a failing page shows "Something went wrong" with its details', async ({
  page,
}) => {
  await page.goto('/privacy-policy');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await page.getByText('Error details').click();
  await expect(page.getByText('E2E: the privacy policy module failed')).toBeVisible();
  // The frame stays usable around the error.
  await expectAppFooter(page);
  await checkA11y(page);
});

test('[APP][ERROR-BOUNDARY]: "Try Again" loads the page afresh once it works', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');

  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Try Again' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

test('[APP][ERROR-BOUNDARY]: "Go to Dashboard" leaves the broken page', async ({ login, page }) => {
  await login();
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});
