import type { Page, Route } from '@playwright/test';

import { siteURL } from '../../config.ts';
import { codeFromOutbox, expect, test, uniqueEmail } from '../../fixtures.ts';

import { chunkPattern } from './app-pages.ts';

/**
 * Holds back the app's framework chunk (React, the router) until `release()`, so the test acts on
 * the prerendered page while the app has not started, as a visitor on a slow connection would.
 */
async function holdTheApp(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(chunkPattern('framework'), (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    async release() {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

const isPrerendered = (page: Page, audience: 'guest' | 'member') =>
  page.locator(`#root[data-prerendered="${audience}"]`);

test('[APP][PRERENDER]: /sign-in arrives as a finished page, with the server settings filled in', async ({
  request,
}) => {
  const response = await request.get('/sign-in');
  expect(response.ok()).toBe(true);
  const html = await response.text();
  expect(html).toContain('data-prerendered="guest"');
  expect(html).toContain('<title>Sign in · Muster</title>');
  expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
  expect(html).toContain('<label');
  // Stand-ins and placeholders are the build's business, never the visitor's.
  expect(html).not.toContain('prerender.invalid');
  expect(html).not.toContain('__MUSTER_');
  expect(html).toContain(`content="${siteURL}"`);
  // Other paths still get the plain app page.
  expect(await (await request.get('/profile')).text()).not.toContain('data-prerendered');
});

test('[APP][PRERENDER]: what a visitor types and sends before the app starts is kept and sent by the app', async ({
  page,
  request,
  apiBase,
}) => {
  const app = await holdTheApp(page);
  await page.goto('/sign-in', { waitUntil: 'domcontentloaded' });
  await expect(isPrerendered(page, 'guest')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

  const email = uniqueEmail('prerender');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Email').press('Enter');
  // Sent on the prerendered form, it would reload the page with the address in the URL.
  await page.waitForTimeout(300);
  expect(page.url()).not.toContain('email=');
  await expect(isPrerendered(page, 'guest')).toBeVisible();

  await app.release();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  await expect(isPrerendered(page, 'guest')).toHaveCount(0);
  expect(page.url()).not.toContain('email=');
  expect(await codeFromOutbox(request, email, apiBase)).toMatch(/^\d{6}$/);
});

test('[APP][PRERENDER]: a signed-out visitor never sees the member page, and lands on sign-in', async ({
  page,
}) => {
  const app = await holdTheApp(page);
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(isPrerendered(page, 'member')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByText('Loading Muster…')).toBeVisible();

  await app.release();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('[APP][PRERENDER]: a member sees the dashboard at once, and the app takes over with the sidebar', async ({
  page,
  login,
}) => {
  await login();
  const app = await holdTheApp(page);
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(isPrerendered(page, 'member')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  // Nothing of another member: the parts with a member's own data are not in the page yet.
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);

  await app.release();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await expect(isPrerendered(page, 'member')).toHaveCount(0);
  await expect(page.locator('#root')).toHaveCount(1);
});
