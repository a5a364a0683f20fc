import { siteURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { expectAppFooter } from './app-pages.ts';

test('[APP][NOT-FOUND]: an unknown path counts down 5 seconds, then lands on /', async ({
  login,
  page,
}) => {
  await login();
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Lost in Cyberspace');
  await expect(page.getByRole('timer')).toHaveText('5');
  await expect(page.getByRole('link', { name: 'Return to website' })).toHaveAttribute(
    'href',
    siteURL,
  );
  await expectAppFooter(page);
  await checkA11y(page);

  await expect(page.getByRole('timer')).toHaveText('3', { timeout: 4_000 });
  // `/` redirects to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});

test('[APP][NOT-FOUND]: "Stay on this page" stops the countdown', async ({ page }) => {
  await page.goto('/no/such/page');

  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByText('Automatic redirect stopped.')).toBeVisible();
  await page.waitForTimeout(5_500);

  await expect(page).toHaveURL(/\/no\/such\/page$/);
});

test('[APP][NOT-FOUND]: "Return to website" goes to the marketing site', async ({ page }) => {
  await page.goto('/no/such/page');

  await page.getByRole('link', { name: 'Return to website' }).click();

  await expect(page).toHaveURL(new RegExp(`^${siteURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`));
});
