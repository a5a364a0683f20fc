import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { checkA11y, expect, test } from '../../fixtures.ts';

import { firstBytes, sidewaysOverflow } from './app-pages.ts';

/**
 * The decision letter analyzer as a veteran uses it: a letter pasted and read by the real API's
 * background job, followed live to its results (decisions, what the next level asks, the rating
 * math, deadlines, the review options with a filled VA form), a condition added to the
 * disabilities in one click, printed without the app's navigation, then listed, shown on the
 * dashboard, and deleted. Every page is checked with axe and at 375 px.
 */

const LETTER = new URL(
  '../../../packages/domain/src/decision-letters/fixtures/01-ama-ptsd-increase-hearing.txt',
  import.meta.url,
);

/** The elements reaching past the right edge of the screen, to name in a failure. */
function widest(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(-5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 30)}" right=${Math.round(element.getBoundingClientRect().right)}`,
      );
  });
}

async function expectFits375(page: Page) {
  await page.setViewportSize({ width: 375, height: 740 });
  // The layout settles a moment after the resize; a failure names what sticks out.
  await expect
    .poll(async () => {
      const overflow = await sidewaysOverflow(page);
      return overflow <= 0 ? 'fits' : `${overflow}px too wide: ${(await widest(page)).join(' | ')}`;
    })
    .toBe('fits');
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('[APP][LETTERS]: a pasted letter is read, explained, acted on, listed and deleted', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login();
  const text = await readFile(LETTER, 'utf8');

  await page.goto('/decision-letter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Decision Letter Analyzer' }),
  ).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);

  // By keyboard: the tabs move with the arrow keys, the text goes in, Enter on the button sends it.
  await page.getByRole('tab', { name: 'Upload the letter' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Paste its text' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('textbox', { name: 'The letter’s text' }).fill(text);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Read this letter' }).focus();
  await page.keyboard.press('Enter');

  // The letter's page follows the reading, then the results open by themselves.
  await expect(page.getByRole('heading', { name: 'What VA decided' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/decision-letters\/[0-9a-f-]{36}\/results$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Letter of June 14, 2023' }),
  ).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText('post traumatic stress disorder');
  await expect(rows.nth(1)).toContainText('Increased');
  const ptsd = page.getByRole('article', { name: 'post traumatic stress disorder' });
  await expect(ptsd.getByRole('heading', { name: 'What 100% asks' })).toBeVisible();
  await expect(ptsd).toContainText('38 CFR 4.130, DC 9411');
  await expect(page.getByRole('region', { name: 'How the ratings combine' })).toContainText(
    /These ratings combine to \d+%\./,
  );
  await expect(page.getByRole('region', { name: 'Deadlines' })).toContainText(
    'June 14, 2024 · Passed',
  );
  await checkA11y(page);
  await expectFits375(page);

  // One click adds a condition to the disabilities; the card then links to it.
  const tinnitus = page.getByRole('article', { name: 'tinnitus', exact: true });
  await tinnitus.getByRole('button', { name: 'Add to my disabilities' }).click();
  await expect(tinnitus.getByRole('link', { name: 'open tinnitus' })).toBeVisible();

  // The Supplemental Claim form comes filled in for the denial.
  await expect(page.getByRole('checkbox', { name: 'right shoulder strain' })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download 20-0995 filled in' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('VA-20-0995-supplemental-claim.pdf');
  expect(await firstBytes(download)).toBe('%PDF-');

  // On paper, the app's navigation and the buttons are left off.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'What VA decided' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Listed, and on the dashboard with its (passed) deadlines.
  await page.goto('/decision-letters');
  const item = page.getByRole('list', { name: 'Your decision letters' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('4 decisions found');
  await checkA11y(page);
  await expectFits375(page);

  await page.goto('/dashboard');
  const latest = page.getByRole('region', { name: 'Latest decision letter' });
  await expect(latest.getByRole('link', { name: 'Letter of June 14, 2023' })).toBeVisible();
  await expect(latest).toContainText('Its review deadlines have passed; a Supplemental Claim');
  await checkA11y(page);

  // Deleted after the confirmation.
  await page.goto('/decision-letters');
  await page.getByRole('button', { name: /^Delete letter: / }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this letter?' });
  await dialog.getByRole('button', { name: 'Delete letter' }).click();
  await expect(page.getByText('No letters yet')).toBeVisible();
});
