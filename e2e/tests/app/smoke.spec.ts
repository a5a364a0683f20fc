import { siteURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { expectAppFooter } from './app-pages.ts';

test('[APP][SMOKE]: / opens the dashboard, a titled page with the footer disclaimer', async ({
  login,
  page,
}) => {
  await login();
  await page.goto('/');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page).toHaveTitle('Dashboard · Muster');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Muster' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expectAppFooter(page);
  await checkA11y(page);
});

test('[APP][SMOKE]: the server fills in the runtime configuration; no inline scripts', async ({
  login,
  page,
}) => {
  await login();
  await page.goto('/dashboard');

  const siteMeta = await page.locator('meta[name="muster:site-url"]').getAttribute('content');
  const apiMeta = await page.locator('meta[name="muster:api-url"]').getAttribute('content');
  expect(siteMeta).toBe(siteURL);
  expect(apiMeta).toMatch(/^https?:\/\//);
  expect(await page.locator('script:not([src])').count()).toBe(0);
});

test('[APP][SMOKE]: a page with nothing to show yet says what to do, and passes axe', async ({
  login,
  page,
}) => {
  await login();
  await page.goto('/cfile/queue');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('C-file processing');
  await expect(page.getByText('No C-file yet')).toBeVisible();
  await expect(page).toHaveTitle('C-file processing · Muster');
  await expectAppFooter(page);
  await checkA11y(page);
});

test('[APP][SMOKE]: the dashboard links lead to their pages', async ({ login, page }) => {
  await login();
  await page.goto('/dashboard');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'File Vault' })
    .click();

  await expect(page).toHaveURL(/\/vault$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File Vault');
});

for (const { path, heading } of [
  { path: '/privacy-policy', heading: 'Privacy policy' },
  { path: '/terms', heading: 'Terms of use' },
  { path: '/sign-in', heading: 'Sign in' },
  { path: '/service-outage', heading: 'Service Outage' },
]) {
  test(`[APP][SMOKE]: ${path} renders and passes axe in light and dark mode`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectAppFooter(page);
    await checkA11y(page);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await checkA11y(page);
  });
}
