import { outboxSchema } from '@muster/contract/outbox';
import { apiURL } from '../../config.ts';
import { checkA11y, expect, heardByScreenReaders, test } from '../../fixtures.ts';

/** The API's default `TEAM_EMAIL`; playwright.config.ts does not override it. */
const TEAM_EMAIL = 'team@muster.local';

test('[SHELL][CONTACT]: "Contact us" in the profile menu sends a message to the team', async ({
  page,
  login,
  request,
}) => {
  const user = await login();
  const message = `The rating calculator helped me a lot. Reference ${Date.now().toString(36)}.`;
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

  // By keyboard: the menu button, then the item.
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Contact us' }).press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(dialog.getByLabel('Your name')).toBeFocused();
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  // The honeypot is off-screen and out of the tab order.
  const honeypot = dialog.locator('input[name="website"]');
  expect(await honeypot.evaluate((input) => input.getBoundingClientRect().right <= 0)).toBe(true);
  await dialog.getByLabel('Message', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkA11y(page, { include: '[role="dialog"]' });

  await dialog.getByLabel('Your name').fill('Sam Veteran');
  await dialog.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'A question' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Topic' })).toHaveText('A question');
  await dialog.getByLabel('Message', { exact: true }).fill(message);
  const sent = page.waitForRequest(`${apiURL}/contact`);
  await dialog.getByRole('button', { name: 'Send message' }).click();

  expect((await sent).postDataJSON()).toEqual({
    name: 'Sam Veteran',
    email: user.email,
    topic: 'question',
    message,
    website: '',
  });
  const toasts = page.getByRole('region', { name: /Feedback notifications/ });
  await expect(toasts.getByText('Message sent')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // The API mailed it to the team (the test server keeps mail in its outbox).
  const outbox = await request.get(`${apiURL}/dev/outbox`);
  expect(outbox.ok()).toBe(true);
  const mails = outboxSchema.parse(await outbox.json());
  const mail = mails.find((candidate) => candidate.text.includes(message));
  expect(mail).toMatchObject({
    to: TEAM_EMAIL,
    subject: '[Muster contact] question from Sam Veteran',
  });
  expect(mail?.text).toContain(`From: Sam Veteran <${user.email}>`);

  // A sent message leaves an empty form for the next one.
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Contact us' }).click();
  await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue('');
});

test('[SHELL][CONTACT]: a server field error lands on its field', async ({
  page,
  login,
  consoleErrors,
}) => {
  // The browser logs the 400 answer itself.
  consoleErrors.allow(/Failed to load resource/);
  await page.route(`${apiURL}/contact`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            code: 2001,
            message: 'Invalid input provided',
            validation: true,
            fields: { email: 'This address cannot receive mail' },
          }),
        })
      : route.fallback(),
  );
  await login();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  // A new account has no real name yet: the field starts empty.
  await expect(dialog.getByLabel('Your name')).toHaveValue('');
  await dialog.getByLabel('Your name').fill('Pat Veteran');
  await dialog
    .getByLabel('Message', { exact: true })
    .fill('Is there a way to export my statement?');
  await dialog.getByRole('button', { name: 'Send message' }).click();

  const email = dialog.getByLabel('Email', { exact: true });
  await expect(dialog.getByText('This address cannot receive mail')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(page.getByText('Invalid input provided')).toHaveCount(0);
});

test('[SHELL][CONTACT]: on a phone, the form opens from the drawer’s profile menu', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await login();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Sidebar' });
  await drawer.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Contact us' }).click();

  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await expect(dialog.getByLabel('Your name')).toBeFocused();
  await dialog.getByLabel('Your name').fill('Sam Veteran');
  await dialog.getByLabel('Message', { exact: true }).fill('Sent from my phone, all good.');
  const sent = page.waitForResponse(`${apiURL}/contact`);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).ok()).toBe(true);
  await expect(dialog).toHaveCount(0);
  // The drawer is a modal dialog and hides the rest of the page from assistive technology while it
  // is open. The toast shows, and a screen reader hears it: from the drawer's live region when the
  // toaster is hidden, or from the toaster itself when it is not (it can mount after the drawer).
  await expect(page.getByText('Message sent', { exact: true })).toBeVisible();
  await expect(heardByScreenReaders(page, drawer, 'Message sent')).toBeVisible();
});
