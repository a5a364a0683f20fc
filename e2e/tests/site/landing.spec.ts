import { expect, test } from '@playwright/test';

import { API_BASE_URL, APP_BASE_URL, appHref, expectSiteFooter, siteHref } from './site-pages.ts';

test.describe('[SITE][LANDING]', () => {
  test('[SITE][LANDING]: explains what Muster does for a veteran', async ({ page }) => {
    await page.goto(siteHref('/'));

    await expect(page).toHaveTitle(/Muster/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Build a stronger VA disability claim, one step at a time',
    );
    for (const feature of [
      'Your story, in your words',
      'Decision letters, explained',
      'Nexus and buddy statements',
      'A vault for your documents',
      'An AI assistant that knows the rules',
      'Protect your effective date',
      'Prepare your 526EZ',
      'VA math, done for you',
      'Built by veterans, for veterans',
      'Your medical information stays yours',
    ]) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(
      page.getByRole('table', { name: 'Example: ratings of 50% and 30%' }),
    ).toContainText('70%');
    await expectSiteFooter(page);
  });

  test('[SITE][LANDING]: sign-up and sign-in links go to the app', async ({ page }) => {
    await page.goto(siteHref('/'));

    const main = page.getByRole('main');
    const getStarted = main.getByRole('link', { name: 'Get started free' });
    await expect(getStarted).toHaveCount(2);
    for (const link of await getStarted.all()) {
      await expect(link).toHaveAttribute('href', appHref('/sign-up'));
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      appHref('/sign-up'),
    );
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      appHref('/sign-in'),
    );
  });

  test('[SITE][LANDING]: the runtime URLs are filled in by the server', async ({ page }) => {
    await page.goto(siteHref('/'));

    await expect(page.locator('meta[name="muster:app-url"]')).toHaveAttribute(
      'content',
      APP_BASE_URL,
    );
    await expect(page.locator('meta[name="muster:api-url"]')).toHaveAttribute(
      'content',
      API_BASE_URL,
    );
    const html = await page.content();
    expect(html).not.toContain('__MUSTER_');
  });

  test('[SITE][LANDING]: loads nothing from other origins and runs no scripts', async ({
    page,
  }) => {
    const foreignRequests: string[] = [];
    const siteOrigin = new URL(siteHref('/')).origin;
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== siteOrigin) foreignRequests.push(request.url());
    });

    await page.goto(siteHref('/'));
    await page.waitForLoadState('networkidle');

    expect(foreignRequests).toEqual([]);
    await expect(page.locator('script')).toHaveCount(0);
  });
});
