import { expect, test } from '../../fixtures.ts';

import { chunkPattern } from './app-pages.ts';

const CHUNK_RELOAD_KEY = 'muster:chunk-reload';

test.beforeEach(({ consoleErrors }) => {
  // Aborted chunk requests are reported by the browser itself.
  consoleErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module/);
});

test('[APP][CHUNK-RELOAD]: a chunk that fails to load reloads the page once, then renders', async ({
  login,
  page,
}) => {
  await login();
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads += 1;
  });
  // Every attempt during the first page load fails (the entry's early download of the page's code
  // and the router's own), none after the reload.
  let chunkRequests = 0;
  await page.route(chunkPattern('cfile-queue'), (route) => {
    chunkRequests += 1;
    return documentLoads === 1 ? route.abort('failed') : route.continue();
  });

  // The C-file progress page (its own chunk is the one that fails).
  await page.goto('/cfile/queue');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('C-file processing');
  expect(documentLoads).toBe(2);
  expect(chunkRequests).toBeGreaterThanOrEqual(2);
  expect(
    await page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_KEY),
  ).not.toBeNull();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('[APP][CHUNK-RELOAD]: once reloaded in this session, a failing chunk shows the error screen', async ({
  login,
  page,
}) => {
  await login();
  await page.goto('/dashboard');
  // The dashboard arrives prerendered, whose links load pages the plain way: the navigation below
  // must be the running app's, so wait until it has taken over (its sidebar is there).
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await page.evaluate((key) => sessionStorage.setItem(key, 'earlier'), CHUNK_RELOAD_KEY);
  await page.route(chunkPattern('terms'), (route) => route.abort('failed'));
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads += 1;
  });

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  expect(documentLoads).toBe(0);
});
