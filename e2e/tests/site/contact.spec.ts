import { expect, test } from '@playwright/test';
import { outboxSchema } from '@muster/contract/outbox';

import { checkA11y } from '../../fixtures.ts';
import { API_BASE_URL, expectSiteFooter, siteHref } from './site-pages.ts';

const SUCCESS = 'Thank you, we received your message. If it needs an answer, we’ll reply by email.';

test.describe('[SITE][CONTACT]', () => {
  test('[SITE][CONTACT]: shows the API’s field errors, then sends a valid message', async ({
    page,
    request,
  }) => {
    await page.goto(siteHref('/contact.html'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    await expectSiteFooter(page);

    await page.getByLabel('Your name').fill('Sam Veteran');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByLabel('Your name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#contact-message-error')).toHaveText(
      'Please write at least 10 characters',
    );
    await checkA11y(page);

    await page.getByLabel('Topic').selectOption({ label: 'A question' });
    await page.getByLabel('Email', { exact: true }).fill('sam.veteran@example.com');
    await page
      .getByLabel('Message', { exact: true })
      .fill('Does the calculator include the bilateral factor?');
    const sent = page.waitForRequest(`${API_BASE_URL}/contact`);
    await page.getByRole('button', { name: 'Send message' }).click();

    expect((await sent).postDataJSON()).toEqual({
      name: 'Sam Veteran',
      email: 'sam.veteran@example.com',
      topic: 'question',
      message: 'Does the calculator include the bilateral factor?',
      website: '',
    });
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page.getByText(SUCCESS)).toBeFocused();
    await expect(page.getByRole('alert')).toBeHidden();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    // The API mailed it to the team (the test server's mail goes to its outbox).
    const outbox = await request.get(`${API_BASE_URL}/dev/outbox`);
    expect(outbox.ok()).toBe(true);
    const mails = outboxSchema.parse(await outbox.json());
    expect(
      mails.some(
        (mail) =>
          mail.subject.includes('Sam Veteran') &&
          mail.text.includes('Does the calculator include the bilateral factor?'),
      ),
    ).toBe(true);
  });

  test('[SITE][CONTACT]: the honeypot is hidden from people and out of the tab order', async ({
    page,
  }) => {
    await page.goto(siteHref('/contact.html'));
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(page.getByRole('textbox', { name: /website/i })).toHaveCount(0);
    expect(await honeypot.evaluate((input) => input.getBoundingClientRect().right <= 0)).toBe(true);

    await page.getByLabel('Message', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
  });

  test('[SITE][CONTACT]: says so when rate-limited', async ({ page }) => {
    await page.route(`${API_BASE_URL}/contact`, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 3004, message: 'Too many requests, please try again later' }),
      }),
    );
    await page.goto(siteHref('/contact.html'));
    await page.getByLabel('Your name').fill('Sam');
    await page.getByLabel('Email', { exact: true }).fill('sam@example.com');
    await page.getByLabel('Message', { exact: true }).fill('A message long enough.');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'Too many requests in a short time. Please wait a while, then try again.',
    );
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('A message long enough.');
  });
});
