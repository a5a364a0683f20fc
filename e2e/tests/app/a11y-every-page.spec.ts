import type { Page } from '@playwright/test';

import { a11yAllThemes } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { everyAppPath } from './app-pages.ts';

/**
 * Every page of the app passes axe (no serious or critical violation) in the light theme, the dark
 * theme and a branch theme. The browser suite checks each page in one of the three, turn by turn,
 * so every page and every theme is covered in each run at a third of the cost; `A11Y_ALL_THEMES=1`
 * (`npm run test:a11y`) checks every page in all three.
 */
const THEMES = ['light', 'dark', 'marine-corps'] as const;
type Theme = (typeof THEMES)[number];

test('[APP][A11Y]: every page passes axe in the light, dark and a branch theme', async ({
  page,
  login,
}) => {
  test.setTimeout(a11yAllThemes ? 900_000 : 360_000);
  await login();
  const pages = everyAppPath();
  const failures: string[] = [];
  let checked = 0;
  for (const [index, theme] of THEMES.entries()) {
    await useTheme(page, theme);
    const mine = a11yAllThemes ? pages : pages.filter((_, at) => at % THEMES.length === index);
    for (const target of mine) {
      await page.goto(target);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main')).toBeVisible();
      try {
        await checkA11y(page);
      } catch (error) {
        failures.push(`${theme} ${target}: ${String(error).split('\n').slice(0, 12).join(' ')}`);
      }
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(pages.length);
  expect(failures).toEqual([]);
});

/** Chooses a colour mode and branch theme the way a veteran does, on the dashboard's sidebar. */
async function useTheme(page: Page, theme: Theme) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).check();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  if (theme === 'marine-corps') {
    await page.getByRole('button', { name: 'Military theme' }).click();
    await page.getByRole('menuitemradio', { name: /^U\.S\. Marine Corps/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-military-theme', 'marine-corps');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
}
