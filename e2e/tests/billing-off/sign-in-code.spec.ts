import { SIGN_IN_LOCKOUT_MINUTES, SIGN_IN_MAX_ATTEMPTS } from '@muster/contract/auth';
import { outboxSchema } from '@muster/contract/outbox';
import type { Page } from '@playwright/test';
import { controlURL } from '../../config.ts';
import { checkA11y, codeFromOutbox, expect, test, uniqueEmail } from '../../fixtures.ts';

/**
 * The code form's answers when a code cannot sign in: expired (a new one is offered and works), the
 * warning before the last wrong try, and the lock with the time it ends. These run on the
 * billing-off server because its control port can make a code expire.
 */

// The lock's end is shown in the person's own time zone.
test.use({ timezoneId: 'America/Chicago' });

async function requestCode(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
}

async function submitCode(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A 6-digit code that is not `code`. */
function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

test('[SIGN-IN][EXPIRED]: an expired code says so and offers a new one, which then signs in', async ({
  page,
  request,
  apiBase,
  consoleErrors,
}) => {
  // Refused codes answer 400 or 403, which the browser logs.
  consoleErrors.allow(/Failed to load resource/);
  const email = uniqueEmail('expired');
  await requestCode(page, email);
  const first = await codeFromOutbox(request, email, apiBase);
  const expired = await request.post(`${controlURL}/expire-code`, { data: { email } });
  expect(await expired.json()).toEqual({ expired: 1 });

  await submitCode(page, first);
  await expect(
    page.getByText(/^This code has expired.* Send a new code to sign in\.$/),
  ).toBeVisible();
  const sendNew = page.getByRole('button', { name: 'Send a new code' });
  await expect(sendNew).toBeVisible();
  // Only the new code can help now: the plain "Resend code" link gives way to the button.
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await checkA11y(page);

  await sendNew.click();
  await expect(page.getByText('We sent you a new code')).toBeVisible();
  await expect(sendNew).toHaveCount(0);
  await expect(page.getByLabel('Code')).toHaveValue('');
  const mails = outboxSchema.parse(await (await request.get(`${apiBase}/dev/outbox`)).json());
  expect(mails.filter((mail) => mail.to === email)).toHaveLength(2);
  const second = await codeFromOutbox(request, email, apiBase);

  await submitCode(page, second);
  // A new account has no plan yet.
  await expect(page).toHaveURL(/\/plan-selection$/);
});

test('[SIGN-IN][LOCK]: the last try is announced, and the lock says until when in the person’s time', async ({
  page,
  request,
  apiBase,
  consoleErrors,
}) => {
  // Refused codes answer 400 or 403, which the browser logs.
  consoleErrors.allow(/Failed to load resource/);
  const email = uniqueEmail('locked');
  await requestCode(page, email);
  const code = await codeFromOutbox(request, email, apiBase);
  const wrong = wrongCodeFor(code);
  const field = page.getByLabel('Code');

  // Every wrong code but the last two: a plain refusal.
  for (let attempt = 1; attempt <= SIGN_IN_MAX_ATTEMPTS - 2; attempt += 1) {
    await submitCode(page, wrong);
    await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('');
  }
  await submitCode(page, wrong);
  await expect(
    page.getByText(
      `Invalid code. 1 try left before sign-in is locked for ${SIGN_IN_LOCKOUT_MINUTES} minutes.`,
    ),
  ).toBeVisible();

  const clock = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Chicago',
  });
  const endAt = (from: number) => clock.format(new Date(from + SIGN_IN_LOCKOUT_MINUTES * 60_000));
  const before = Date.now();
  await submitCode(page, wrong);
  const alert = page.getByRole('alert').filter({ hasText: 'Too many wrong codes' });
  await expect(alert).toBeVisible();
  const after = Date.now();
  expect([
    `Too many wrong codes. Try again after ${endAt(before)}.`,
    `Too many wrong codes. Try again after ${endAt(after)}.`,
  ]).toContain((await alert.textContent())?.trim());
  await checkA11y(page);

  // The lock holds even for the right code.
  await submitCode(page, code);
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});
