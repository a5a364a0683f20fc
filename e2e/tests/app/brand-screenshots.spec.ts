import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

import { checkA11y, expect, test } from '../../fixtures.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Kept with the run's results (git-ignored) for a person to look at. */
const SCREENSHOTS = path.join(repo, 'test-results', 'screenshots', 'brand');

type Look = {
  name: string;
  mode: 'light' | 'dark';
  /** A branch theme, picked from the sidebar's menu; none is the default theme. */
  branch?: { displayName: string; slug: string; mark: string };
};

const LOOKS: Look[] = [
  { name: 'light', mode: 'light' },
  { name: 'dark', mode: 'dark' },
  {
    name: 'navy-light',
    mode: 'light',
    branch: { displayName: 'U.S. Navy', slug: 'navy', mark: 'USN' },
  },
  {
    name: 'marine-corps-dark',
    mode: 'dark',
    branch: { displayName: 'U.S. Marine Corps', slug: 'marine-corps', mark: 'USMC' },
  },
];

const BRANCHES = [
  { displayName: 'U.S. Marine Corps', slug: 'marine-corps', mark: 'USMC' },
  { displayName: 'U.S. Army', slug: 'army', mark: 'USA' },
  { displayName: 'U.S. Navy', slug: 'navy', mark: 'USN' },
  { displayName: 'U.S. Air Force', slug: 'air-force', mark: 'USAF' },
  { displayName: 'U.S. Space Force', slug: 'space-force', mark: 'USSF' },
  { displayName: 'U.S. Coast Guard', slug: 'coast-guard', mark: 'USCG' },
];

const PAGES = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/calculator', heading: /calculator/i },
  { path: '/profile', heading: 'Account' },
];

async function applyLook(page: Page, look: Look) {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('radio', { name: look.mode === 'dark' ? 'Dark' : 'Light' }).check();
  const html = page.locator('html');
  if (look.mode === 'dark') await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
  if (!look.branch) return;
  await sidebar.getByRole('button', { name: 'Military theme' }).click();
  await page
    .getByRole('menuitemradio', {
      name: new RegExp(`^${look.branch.displayName.replaceAll('.', '\\.')}`),
    })
    .click();
  await expect(html).toHaveAttribute('data-military-theme', look.branch.slug);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(sidebar.getByText(look.branch.mark, { exact: true })).toBeVisible();
}

test.describe('[APP][BRAND]: the app wears the brand in every theme', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const look of LOOKS) {
    test(`[APP][BRAND]: ${look.name}: dashboard, calculator and profile pass axe; screenshots kept`, async ({
      page,
      login,
    }) => {
      test.setTimeout(90_000);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await login();
      await page.emulateMedia({ colorScheme: look.mode, reducedMotion: 'reduce' });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Muster' })).toBeVisible();
      await applyLook(page, look);

      for (const target of PAGES) {
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading);
        await page.waitForLoadState('networkidle');
        if (look.branch)
          await expect(page.locator('html')).toHaveAttribute(
            'data-military-theme',
            look.branch.slug,
          );
        await checkA11y(page);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${look.name}${target.path.replace('/', '-')}.png`),
          fullPage: true,
        });
      }
    });
  }

  test('[APP][BRAND]: every branch theme passes axe on the dashboard in light and dark', async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    await login();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByRole('region', { name: 'Quick actions' }).getByRole('link')).toHaveCount(
      8,
    );
    for (const branch of BRANCHES) {
      for (const mode of ['light', 'dark'] as const) {
        await applyLook(page, { name: `${branch.slug}-${mode}`, mode, branch });
        await checkA11y(page);
      }
    }
  });

  test('[APP][BRAND]: at 375 px the header shows the mark and fits; sign-in, welcome and plans carry the brand', async ({
    page,
    login,
  }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/sign-in');
    await expect(page.getByText('Built by veterans, for veterans')).toBeVisible();
    await checkA11y(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, '375px-sign-in.png'), fullPage: true });

    await login();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await page.waitForLoadState('networkidle');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Muster' })).toBeVisible();
    const box = await header.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await checkA11y(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, '375px-dashboard.png'), fullPage: true });

    for (const target of ['/welcome', '/plan-selection']) {
      await page.goto(target);
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('Built by veterans, for veterans')).toBeVisible();
      await checkA11y(page);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `375px${target.replace('/', '-')}.png`),
        fullPage: true,
      });
    }
  });
});
