import { expect, test } from '@playwright/test';

import { expectSiteFooter, siteHref } from './site-pages.ts';

test('[SITE][NOT-FOUND]: an unknown page answers 404 with a way back', async ({ page }) => {
  const response = await page.goto(siteHref('/no-such-page'));

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Lost in Cyberspace');
  await page.getByRole('link', { name: 'Return to website' }).click();
  await expect(page).toHaveURL(siteHref('/'));
  await expectSiteFooter(page);
});
