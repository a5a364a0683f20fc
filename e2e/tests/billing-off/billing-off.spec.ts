import type { Page } from '@playwright/test';
import { QUOTAS } from '@muster/contract/quotas';
import { controlURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

/**
 * With billing off (no Stripe key, the default of `npm start`) nobody can buy more, so plan limits
 * never refuse anything: use is counted and shown, and no screen offers an upgrade.
 */

/** No control anywhere on the page offers an upgrade or says paid plans are missing. */
async function expectNoUpgradeOffer(page: Page) {
  await expect(page.getByRole('button', { name: /upgrade/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /upgrade/i })).toHaveCount(0);
  await expect(page.getByText(/upgrade/i)).toHaveCount(0);
  await expect(page.getByText('Paid plans are not available on this server')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('[BILLING-OFF][QUOTA]: use past the free plan’s limits is never refused, and is counted and shown', async ({
  page,
  request,
  login,
}) => {
  const user = await login();
  // Metered work through the server's one quota check: past Free's decision letter limit (1) and
  // on a feature Free does not include at all (nexus letters, limit 0).
  expect(QUOTAS.FREE.decision_letters.limit).toBe(1);
  expect(QUOTAS.FREE.nexus_letters.limit).toBe(0);
  const uses = [
    { feature: 'decision_letters', amount: 1 },
    { feature: 'decision_letters', amount: 1 },
    { feature: 'decision_letters', amount: 1 },
    { feature: 'nexus_letters', amount: 1 },
  ];
  for (const use of uses) {
    const answer = await request.post(`${controlURL}/consume`, {
      data: { userId: user.userId, ...use },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(await answer.json()).toMatchObject({ feature: use.feature, limit: null });
  }

  await page.goto('/profile');
  const usage = page.getByRole('region', { name: 'Plan and usage' });
  await expect(usage.getByText('Your plan: Free')).toBeVisible();
  const letters = usage.getByRole('listitem').filter({ hasText: 'Decision letter analyses' });
  await expect(letters).toContainText('3 used (no monthly limit)');
  const nexus = usage.getByRole('listitem').filter({ hasText: 'Nexus letter drafts' });
  await expect(nexus).toContainText('1 used (no monthly limit)');
  // Nothing is drawn as "full".
  await expect(usage.getByRole('progressbar')).toHaveCount(0);
  await expectNoUpgradeOffer(page);
  await checkA11y(page);

  // The account menu has no plan actions either.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: /upgrade|lifetime|billing/i })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expectNoUpgradeOffer(page);
});

test('[BILLING-OFF][PLANS]: plan selection offers only Free, says nothing is limited, and leads on', async ({
  page,
  login,
}) => {
  await login({ plan: null });
  await page.goto('/plan-selection');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan selection');
  await expect(page.getByRole('note')).toHaveText(
    'Payments are off on this server, so there is nothing to buy: every feature is open on the free plan, and your use is counted but never limited.',
  );
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Free' })).toBeVisible();
  for (const paid of ['Pro Monthly', 'Lifetime']) {
    await expect(page.getByRole('article', { name: paid })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Choose ${paid}` })).toHaveCount(0);
  }
  await expectNoUpgradeOffer(page);
  await checkA11y(page);

  await page.getByRole('button', { name: 'Choose Free' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectNoUpgradeOffer(page);
});
