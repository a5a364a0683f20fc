import { checkA11y, expect, test } from '../../fixtures.ts';

test('[APP][THEME]: the chosen color mode applies at once and survives a reload', async ({
  login,
  page,
}) => {
  await login();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  const html = page.locator('html');
  const modes = page.getByRole('group', { name: 'Color mode' });

  await expect(modes.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(html).not.toHaveClass(/\bdark\b/);

  await modes.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveClass(/\bdark\b/);
  await checkA11y(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(modes.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await modes.getByRole('radio', { name: 'Light' }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('[APP][THEME]: system mode follows the operating system', async ({ login, page }) => {
  await login();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  const html = page.locator('html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.emulateMedia({ colorScheme: 'dark' });

  await expect(html).toHaveClass(/\bdark\b/);
});
