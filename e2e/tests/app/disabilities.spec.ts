import { checkA11y, expect, test } from '../../fixtures.ts';

import { sidewaysOverflow } from './app-pages.ts';

const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';
const KNEE = 'knee strain or sprain, left';

test('[APP][DISABILITIES]: add a knee condition from everyday words, find it everywhere, edit and delete it', async ({
  page,
  login,
}) => {
  // A walk through six pages with an accessibility check on each.
  test.slow();
  await login();

  // None yet: the list says so and offers the first.
  await page.goto('/disabilities');
  await expect(page.getByRole('heading', { level: 1, name: 'Disabilities' })).toBeVisible();
  await expect(page.getByText('No disabilities yet')).toBeVisible();
  await checkA11y(page);

  await page.getByRole('main').getByRole('link', { name: 'Add a disability' }).first().click();
  await expect(page).toHaveURL(/\/disabilities\/new$/);
  await checkA11y(page);
  await page.getByRole('link', { name: /Add one condition/ }).click();
  await expect(page).toHaveURL(/\/disabilities\/new\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create disability' })).toBeVisible();

  // The catalogue turns "bad knee" into VA's names; the left knee is chosen by keyboard.
  const condition = page.getByRole('combobox', { name: 'Condition' });
  await condition.fill('bad knee');
  const suggestions = page.getByRole('listbox', { name: 'Matching conditions' });
  await expect(suggestions.getByRole('option', { name: new RegExp(KNEE) })).toBeVisible();
  await checkA11y(page);
  const options = suggestions.getByRole('option');
  const labels = await options.allTextContents();
  const leftIndex = labels.findIndex((label) => label.startsWith(KNEE));
  expect(leftIndex).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= leftIndex; i += 1) await page.keyboard.press('ArrowDown');
  await expect(options.nth(leftIndex)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(condition).toHaveValue(KNEE);
  await expect(suggestions).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Side of the body' })).toHaveValue('left');
  await expect(page.getByRole('textbox', { name: /VA classification/ })).toHaveValue('8997');
  await page
    .getByRole('combobox', { name: 'How is it connected to your service?' })
    .selectOption('direct');
  await page.getByRole('button', { name: 'Create disability' }).click();

  // Its own page.
  await expect(page.getByRole('heading', { level: 1, name: KNEE })).toBeVisible();
  await expect(page).toHaveURL(/\/disabilities\/[0-9a-f-]{36}$/);
  const disabilityPath = new URL(page.url()).pathname;
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Diagnosis:Not diagnosed');
  await expect(details).toContainText('Side of the body:Left');
  await expect(page.getByRole('link', { name: /Start the questions/ })).toHaveAttribute(
    'href',
    `${disabilityPath}/type`,
  );
  await checkA11y(page);

  // The list, the sidebar, the dashboard panel and the palette all show it.
  await page.goto('/disabilities');
  const list = page.getByRole('list', { name: 'Your disabilities' });
  await expect(list.getByRole('link', { name: KNEE, exact: true })).toHaveAttribute(
    'href',
    disabilityPath,
  );
  await expect(list).toContainText('Not diagnosed');
  await checkA11y(page);

  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Your disabilities' });
  await expect(panel.getByRole('link', { name: new RegExp(KNEE) })).toHaveAttribute(
    'href',
    disabilityPath,
  );
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(
    sidebar.getByRole('list', { name: 'Latest disabilities' }).getByRole('link', { name: KNEE }),
  ).toHaveAttribute('href', disabilityPath);
  await expect(sidebar.getByRole('link', { name: 'View all disabilities' })).toBeVisible();
  await checkA11y(page);

  await page.keyboard.press(`${modifier}+j`);
  const palette = page.getByRole('dialog', { name: 'Search' });
  await palette.getByRole('combobox', { name: 'Search Anything' }).fill('knee');
  await expect(palette.getByRole('group', { name: 'Disabilities' })).toBeVisible();
  const found = palette.getByRole('option', { name: new RegExp(KNEE) });
  await expect(found).toContainText('Not diagnosed');
  await checkA11y(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${disabilityPath}$`));

  // Edit the diagnosis.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByRole('textbox', { name: 'Diagnosis (optional)' }).fill('Patellar tendinitis');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(details).toContainText('Diagnosis:Patellar tendinitis');
  await expect(page.getByRole('button', { name: 'Edit details' })).toBeFocused();

  // Delete it: asked first, then gone from the list.
  await page.getByRole('button', { name: 'Delete disability' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this disability?' });
  await expect(dialog).toContainText(KNEE);
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: KNEE })).toBeVisible();

  await page.getByRole('button', { name: 'Delete disability' }).click();
  await dialog.getByRole('button', { name: 'Delete disability' }).click();
  await expect(page).toHaveURL(/\/disabilities$/);
  await expect(page.getByText('Disability deleted')).toBeVisible();
  await expect(page.getByText('No disabilities yet')).toBeVisible();
});

test.describe('[APP][DISABILITIES][MOBILE]: at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('[APP][DISABILITIES][MOBILE]: the list, the form with suggestions and the overview fit without sideways scrolling', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/disabilities/new/create');
    await page.getByRole('combobox', { name: 'Condition' }).fill('bad knee');
    const option = page
      .getByRole('listbox', { name: 'Matching conditions' })
      .getByRole('option')
      .first();
    await expect(option).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await option.click();
    await page.getByRole('button', { name: 'Create disability' }).click();
    await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await checkA11y(page);

    await page.goto('/disabilities');
    await expect(page.getByRole('list', { name: 'Your disabilities' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await checkA11y(page);
  });
});
