import type { Page } from '@playwright/test';

import { checkA11y, expect, test } from '../../fixtures.ts';

import { sidewaysOverflow } from './app-pages.ts';

const KNEE = 'knee strain or sprain, left';

async function pasteList(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Paste a list, one condition per line' }).fill(text);
  await page.getByRole('button', { name: 'Add these' }).click();
}

test('[APP][DISABILITIES][BULK]: paste a list, drop the repeat, pick one more by keyboard and add them all at once', async ({
  page,
  login,
}) => {
  test.slow();
  await login();

  await page.goto('/disabilities/new');
  await page.getByRole('link', { name: /Add several at once/ }).click();
  await expect(page).toHaveURL(/\/disabilities\/bulk-add$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add many disabilities' }),
  ).toBeVisible();

  // The repeat is flagged in place before anything is sent.
  await pasteList(page, 'Tinnitus\nbad knee\nTinnitus');
  const entries = page.getByRole('list', { name: 'Conditions to add' }).getByRole('listitem');
  await expect(entries).toHaveCount(3);
  const repeat = page.getByRole('textbox', { name: 'Condition 3' });
  await expect(repeat).toHaveAccessibleDescription(/Listed twice/);
  await expect(repeat).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Condition 1' })).toHaveAttribute(
    'aria-invalid',
    'false',
  );
  await checkA11y(page);

  await page.getByRole('button', { name: 'Remove condition 3' }).click();
  await expect(entries).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Condition 2' })).toBeFocused();

  // One more from VA's catalogue, chosen by keyboard: it joins the list and the box empties.
  const box = page.getByRole('combobox', { name: 'Find a condition' });
  await box.focus();
  await page.keyboard.type('bad knee');
  const options = page.getByRole('listbox', { name: 'Matching conditions' }).getByRole('option');
  await expect(options.filter({ hasText: KNEE })).toBeVisible();
  const labels = await options.allTextContents();
  const kneeIndex = labels.findIndex((label) => label.startsWith(KNEE));
  expect(kneeIndex).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= kneeIndex; i += 1) await page.keyboard.press('ArrowDown');
  await expect(options.nth(kneeIndex)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(entries).toHaveCount(3);
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  const picked = page.getByRole('textbox', { name: 'Condition 3' });
  await expect(picked).toHaveValue(KNEE);
  await expect(picked).toHaveAccessibleDescription('VA’s condition · Side of the body: Left');
  await checkA11y(page);

  await page.getByRole('button', { name: 'Add 3 disabilities' }).click();
  await expect(page).toHaveURL(/\/disabilities$/);
  await expect(page.getByText('3 disabilities added')).toBeVisible();
  const list = page.getByRole('list', { name: 'Your disabilities' });
  for (const title of ['Tinnitus', 'bad knee', KNEE]) {
    await expect(list.getByRole('link', { name: title, exact: true })).toBeVisible();
  }

  // Now they are listed, the same title is flagged as already there.
  await page.goto('/disabilities/bulk-add');
  await pasteList(page, 'tinnitus');
  await expect(page.getByRole('textbox', { name: 'Condition 1' })).toHaveAccessibleDescription(
    /Already in your list/,
  );
});

test.describe('[APP][DISABILITIES][BULK][MOBILE]: at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('[APP][DISABILITIES][BULK][MOBILE]: the list with its messages fits without sideways scrolling', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/disabilities/bulk-add');
    await pasteList(
      page,
      `Tinnitus\n${KNEE}\nTinnitus\nPosttraumatic stress disorder with sleep disturbance and nightmares`,
    );
    await expect(page.getByRole('textbox', { name: 'Condition 3' })).toHaveAccessibleDescription(
      /Listed twice/,
    );
    await expect(page.getByRole('textbox', { name: 'Condition 2' })).toHaveAccessibleDescription(
      /Side of the body: Left/,
    );
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await checkA11y(page);
  });
});
