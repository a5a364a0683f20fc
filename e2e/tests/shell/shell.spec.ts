import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkA11y, expect, test } from '../../fixtures.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';

test('[SHELL][SIDEBAR]: Ctrl/Cmd+B collapses and expands the sidebar, and the state survives a reload', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect(sidebar.getByRole('link', { name: 'File Vault' })).toBeVisible();
  // Community links are runtime configuration (COMMUNITY_* in e2e/playwright.config.ts).
  await expect(sidebar.getByRole('link', { name: /Join our Discord/ })).toHaveAttribute(
    'href',
    'https://discord.gg/muster-e2e',
  );
  await expect(sidebar.getByRole('link', { name: /Follow Muster/ })).toHaveAttribute(
    'href',
    'https://social.example/muster-e2e',
  );
  await checkA11y(page);
  await page.keyboard.press(`${modifier}+b`);
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
    'data-state',
    'collapsed',
  );
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
    'data-state',
    'expanded',
  );
});

test('[SHELL][SIDEBAR]: collapsed, every icon says what it is and every control stays in reach', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press(`${modifier}+b`);
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

  const nav = sidebar.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'View all disabilities' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'View all decision letters' })).toBeVisible();
  // A pointer resting on an icon names it.
  await nav.getByRole('link', { name: 'View all disabilities' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('View all disabilities');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // So does keyboard focus.
  await nav.getByRole('link', { name: 'File Vault' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('File Vault');
  await expect(sidebar.getByRole('group', { name: 'Color mode' })).toBeVisible();
  await sidebar.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(sidebar.getByRole('button', { name: 'Military theme' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press(`${modifier}+b`);
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('[SHELL][PALETTE]: Ctrl/Cmd+J opens the search palette; nothing found says so', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard');
  // The shell (and its shortcuts) loads just after the first paint.
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await page.keyboard.press(`${modifier}+j`);
  const palette = page.getByRole('dialog', { name: 'Search' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox', { name: 'Search Anything' }).fill('knee');
  await expect(palette.getByText('No results found.')).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await page.getByRole('button', { name: 'Search Anything...' }).click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
});

test('[SHELL][MOBILE]: below 768 px the sidebar is a drawer', async ({ page, login }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await login();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('dialog', { name: 'Sidebar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Sidebar' });
  await expect(drawer).toBeVisible();
  await checkA11y(page);
  await drawer.getByRole('link', { name: 'File Vault' }).click();
  await expect(page).toHaveURL(/\/vault$/);
  await expect(page.getByRole('dialog', { name: 'Sidebar' })).toHaveCount(0);
});

test('[SHELL][THEMES]: a branch theme persists across reload; screenshots of light, dark and two branch themes', async ({
  page,
  login,
}, testInfo) => {
  await login();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.screenshot({ path: testInfo.outputPath('theme-light.png'), fullPage: true });
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.screenshot({ path: testInfo.outputPath('theme-dark.png'), fullPage: true });
  await page.getByRole('radio', { name: 'Light' }).check();

  for (const [branch, slug] of [
    ['U.S. Marine Corps', 'marine-corps'],
    ['U.S. Navy', 'navy'],
  ] as const) {
    await page.getByRole('button', { name: 'Military theme' }).click();
    await page
      .getByRole('menuitemradio', { name: new RegExp(`^${branch.replaceAll('.', '\\.')}`) })
      .click();
    await expect(page.locator('html')).toHaveAttribute('data-military-theme', slug);
    // Axe measures contrast; a menu still fading out would be measured half transparent.
    await expect(page.getByRole('menu')).toHaveCount(0);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath(`theme-${slug}.png`), fullPage: true });
  }
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-military-theme', 'navy');
  for (const name of ['theme-light', 'theme-dark', 'theme-marine-corps', 'theme-navy']) {
    await testInfo.attach(name, {
      path: testInfo.outputPath(`${name}.png`),
      contentType: 'image/png',
    });
  }
  await page.getByRole('button', { name: 'Military theme' }).click();
  await page.getByRole('menuitem', { name: 'Reset theme' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-military-theme', /.+/);
});

test('[SHELL][UPDATE]: a new index.html brings one persistent update toast', async ({
  page,
  login,
}) => {
  await login();
  // The first check of the index page is the baseline: it must be answered before the "deploy".
  const baseline = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/index.html',
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await baseline;
  const index = path.join(repo, 'apps/web/dist/index.html');
  const original = readFileSync(index, 'utf8');
  try {
    appendFileSync(index, `\n<!-- deploy ${Date.now()} -->\n`);
    // The check runs when the tab becomes visible again.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(
      page.getByText('A new update is available! Refresh to get the latest features.'),
    ).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Refresh Now' })).toBeVisible();
  } finally {
    writeFileSync(index, original);
  }
});

test('[SHELL][CALCULATOR]: the rating calculator shows the steps, the combined rating and the monthly amount', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Open the rating calculator' }).click();
  await expect(page).toHaveURL(/\/calculator$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rating calculator');
  await page.getByRole('combobox', { name: 'Rating 1', exact: true }).selectOption('50');
  await page.getByRole('button', { name: 'Add rating' }).click();
  await page.getByRole('combobox', { name: 'Rating 2', exact: true }).selectOption('30');
  const result = page.getByRole('status').filter({ hasText: 'Combined rating' });
  await expect(result).toContainText('Combined rating: 70');
  await expect(result).toContainText('rates, effective Dec 1');
  await expect(page.getByRole('list', { name: 'Calculation steps' })).toBeVisible();
  await checkA11y(page);
});
