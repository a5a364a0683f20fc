import { apiURL, googleProfile, stripeURL } from '../../config.ts';
import { checkA11y, expect, test, uniqueEmail } from '../../fixtures.ts';

test('[ACCOUNTS][SIGN-UP]: a veteran signs up with the code from the outbox page, picks Free and reaches the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up');
  await checkA11y(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();

  // Read the code as a developer would: from the app's outbox page, in a second tab.
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  await expect(outbox.getByRole('heading', { level: 1 })).toHaveText('Developer outbox');
  const mail = outbox.getByRole('article').filter({ hasText: email }).first();
  const code = (await mail.getByTestId('outbox-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await checkA11y(outbox);
  await outbox.close();

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/plan-selection$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan selection');
  await expect(page.getByRole('article', { name: 'Lifetime' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Choose Free' }).click();

  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  // Billing is on in this suite: a free user sees the upgrade banner.
  await expect(page.getByRole('button', { name: 'Upgrade to Support Development' })).toBeVisible();
});

test('[ACCOUNTS][SIGN-IN]: the code form checks its input before sending', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('typo'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill('1234567');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('OTP too long')).toBeVisible();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid code')).toBeVisible();
});

test('[ACCOUNTS][GOOGLE]: Google sign-in runs against the local OAuth server and lands on plan selection', async ({
  page,
  request,
}) => {
  const providers = await request.get(`${apiURL}/auth/providers`);
  expect(await providers.json()).toMatchObject({ google: true });
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // start → provider → callback → hand-off → /auth/session → profile → no plan yet.
  await expect(page).toHaveURL(/\/plan-selection$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await expect(page).toHaveURL(/\/(welcome|dashboard)$/);
  await page.goto('/profile');
  await expect(page.getByText(googleProfile.email)).toBeVisible();
});

test('[ACCOUNTS][SIGN-OUT]: logging out ends the session', async ({ page, login }) => {
  await login();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('[ACCOUNTS][BILLING]: a Pro subscriber whose payment fails is sent to the billing portal', async ({
  page,
  login,
  request,
  consoleErrors,
}) => {
  // The test checkout and portal pages have no favicon.
  consoleErrors.allow(/Failed to load resource/);
  const user = await login({ plan: null });
  await page.goto('/plan-selection');
  await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('button', { name: 'Upgrade to Support Development' })).toHaveCount(0);

  const changed = await request.post(`${stripeURL}/__control/subscription-status`, {
    data: { email: user.email, status: 'past_due' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await page.goto('/vault');
  await expect(page.getByRole('heading', { name: 'Test billing portal' })).toBeVisible({
    timeout: 15_000,
  });
  const back = page.getByRole('link', { name: 'Return to Muster' });
  expect(await back.getAttribute('href')).toMatch(/\/dashboard\?from=%2Fvault$/);
});

test('[ACCOUNTS][QUOTA]: a quota answer opens the matching upgrade dialog', async ({
  page,
  login,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  const user = await login();
  // No metered screen exists yet: answer the profile save as a metered endpoint would.
  await page.route(`${apiURL}/users/${user.userId}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 1007,
        message: "You don't have permission to perform this action",
        detail: 'decision letter quota reached',
        quota: {
          feature: 'decision_letters',
          used: 1,
          limit: 1,
          resets_at: '2026-12-01T00:00:00.000Z',
        },
      }),
    });
  });
  await page.goto('/profile');
  // A new account has no name yet: both fields start empty.
  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: 'Decision Letter Limit Reached' }),
  ).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(dialog).toHaveCount(0);
});
