import { expect, test } from '@playwright/test';

import { expectSiteFooter, siteHref } from './site-pages.ts';

test.describe('[SITE][LEGAL]', () => {
  test('[SITE][PRIVACY]: the privacy policy loads', async ({ page }) => {
    await page.goto(siteHref('/'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();

    await expect(page).toHaveURL(siteHref('/privacy-policy.html'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect(page.getByRole('heading', { name: 'What we never do' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('We never sell your information');
    await expect(
      page.getByRole('heading', { name: 'How we protect your information' }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText('AES-256-GCM');
    await expect(page.getByRole('main')).toContainText(
      'the names of your disabilities and conditions',
    );
    await expectSiteFooter(page);
  });

  test('[SITE][TERMS]: the terms load', async ({ page }) => {
    await page.goto(siteHref('/'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();

    await expect(page).toHaveURL(siteHref('/terms.html'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await expect(
      page.getByRole('heading', { name: "What Muster is, and what it isn't" }),
    ).toBeVisible();
    await expectSiteFooter(page);
  });
});
