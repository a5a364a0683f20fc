import { PLANS } from '@muster/contract/plans';
import { expect, test } from '@playwright/test';

import { appHref, expectSiteFooter, siteHref } from './site-pages.ts';

function formatPrice(amount: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

test.describe('[SITE][PRICING]', () => {
  test('[SITE][PRICING]: shows the four plans', async ({ page }) => {
    await page.goto(siteHref('/pricing.html'));

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
    const plans = page.getByRole('list', { name: 'Plans' }).getByRole('article');
    await expect(plans).toHaveCount(4);
    await expect(plans.getByRole('heading', { level: 2 })).toHaveText(
      PLANS.map((plan) => plan.name),
    );

    for (const plan of PLANS) {
      const card = page.getByRole('article', { name: plan.name, exact: true });
      await expect(card).toContainText(formatPrice(plan.priceUsd));
      await expect(card).toContainText(plan.summary);
      for (const highlight of plan.highlights) {
        await expect(
          card
            .getByRole('list', { name: `Included in ${plan.name}` })
            .getByRole('listitem')
            .filter({ hasText: highlight }),
        ).toBeVisible();
      }
    }
    await expectSiteFooter(page);
  });

  test('[SITE][PRICING]: each plan links to sign-up on the app', async ({ page }) => {
    await page.goto(siteHref('/pricing.html'));

    for (const plan of PLANS) {
      const card = page.getByRole('article', { name: plan.name, exact: true });
      await expect(
        card.getByRole('link', { name: `Get started with ${plan.name}`, exact: true }),
      ).toHaveAttribute('href', appHref('/sign-up'));
    }
  });
});
