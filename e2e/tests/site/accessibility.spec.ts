import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { SITE_PAGES, siteHref } from './site-pages.ts';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

test.describe('[SITE][A11Y]', () => {
  for (const { label, path, heading } of SITE_PAGES) {
    test(`[SITE][A11Y]: the ${label} page has no serious or critical axe violations`, async ({
      page,
    }) => {
      await page.goto(siteHref(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);

      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
        .map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          targets: nodes.map((node) => node.target.join(' ')),
        }));
      expect(blocking).toEqual([]);
    });

    test(`[SITE][A11Y]: on the ${label} page, Tab reaches the skip link first`, async ({
      page,
    }) => {
      await page.goto(siteHref(path));

      await page.keyboard.press('Tab');
      const skipLink = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeInViewport();

      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  }
});
