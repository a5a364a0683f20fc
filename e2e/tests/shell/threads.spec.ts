import type { APIRequestContext } from '@playwright/test';

import { apiURL } from '../../config.ts';
import { checkA11y, expect, heardByScreenReaders, test } from '../../fixtures.ts';

const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';

async function createThread(
  request: APIRequestContext,
  token: string,
  title: string | null,
): Promise<{ id: string }> {
  const response = await request.post(`${apiURL}/threads`, {
    data: title === null ? {} : { title },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

test('[SHELL][THREADS]: the sidebar lists the 8 latest threads; delete asks, deletes and says so', async ({
  page,
  request,
  login,
}) => {
  const user = await login();
  for (let i = 1; i <= 9; i += 1) await createThread(request, user.token, `Claim question ${i}`);
  const untitled = await createThread(request, user.token, null);

  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const list = sidebar.getByRole('list', { name: 'Latest conversations' });
  await expect(list.getByRole('link')).toHaveCount(8);
  await expect(list.getByRole('link').first()).toHaveText('Unnamed thread');
  await expect(list.getByRole('link').first()).toHaveAttribute('href', `/chats/${untitled.id}`);
  await expect(list.getByRole('link', { name: 'Claim question 2', exact: true })).toHaveCount(0);

  // By keyboard: focus the delete button, open the confirmation, cancel, then confirm.
  const remove = list.getByRole('button', { name: 'Delete conversation: Claim question 9' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete Conversation' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete this conversation? This action cannot be undone.',
  );
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Chat deleted')).toBeVisible();
  await expect(page.getByText('The conversation has been successfully deleted.')).toBeVisible();
  await expect(list.getByRole('link', { name: 'Claim question 9' })).toHaveCount(0);
  // The ninth-newest moves up into the 8.
  await expect(list.getByRole('link', { name: 'Claim question 2', exact: true })).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(8);
  await expect(list.getByRole('link', { name: 'Claim question 1', exact: true })).toHaveCount(0);

  // Gone on the server too.
  const after = await request.get(`${apiURL}/threads?page_size=20`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const titles = ((await after.json()) as { results: { title: string | null }[] }).results.map(
    (t) => t.title,
  );
  expect(titles).toHaveLength(9);
  expect(titles).not.toContain('Claim question 9');
});

test('[SHELL][PALETTE][THREADS]: the palette finds threads by title and opens the chat', async ({
  page,
  request,
  login,
}) => {
  const user = await login();
  const thread = await createThread(request, user.token, 'Tinnitus and hearing loss');
  await createThread(request, user.token, 'Back pain flare-ups');

  await page.goto('/dashboard');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await page.keyboard.press(`${modifier}+j`);
  const palette = page.getByRole('dialog', { name: 'Search' });
  await palette.getByRole('combobox', { name: 'Search Anything' }).fill('tinnitus');
  const option = palette.getByRole('option', { name: /Tinnitus and hearing loss/ });
  await expect(option).toBeVisible();
  await expect(palette.getByRole('option', { name: /Back pain/ })).toHaveCount(0);
  await expect(palette.getByRole('group', { name: 'Threads' })).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chats/${thread.id}$`));
});

test('[SHELL][THREADS][MOBILE]: in the drawer, a delete is confirmed and read out to screen readers', async ({
  page,
  request,
  login,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await login();
  await createThread(request, user.token, 'Sleep apnea notes');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Sidebar' });
  await drawer.getByRole('button', { name: 'Delete conversation: Sleep apnea notes' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Conversation' })
    .getByRole('button', { name: 'Delete' })
    .click();
  // The drawer hides the page from assistive technology: the outcome is heard from its live
  // region, or from the toaster when that is not hidden.
  await expect(heardByScreenReaders(page, drawer, 'Chat deleted')).toBeVisible();
  await expect(drawer.getByText('No conversations yet.', { exact: false })).toBeVisible();
  await checkA11y(page);
});
