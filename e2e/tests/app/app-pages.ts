import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext, Download, Page } from '@playwright/test';

import { apiURL } from '../../config.ts';

import { expect } from '../../fixtures.ts';

export const DISCLAIMER =
  'Muster is not affiliated with or endorsed by the U.S. Department of Veterans Affairs. Nothing here is legal advice. Accredited Veterans Service Organizations (VSOs) can help you with your claim for free.';

export const FIND_REP_URL = 'https://www.va.gov/get-help-from-accredited-representative/find-rep/';

/** The footer every app page carries: the disclaimer and VA's representative search. */
export async function expectAppFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(DISCLAIMER);
  await expect(
    footer.getByRole('link', { name: /Find an accredited representative on VA\.gov/ }),
  ).toHaveAttribute('href', FIND_REP_URL);
}

/** The route chunk file for a route module, e.g. `privacy-policy` → `**\/assets/privacy-policy-*.js`. */
export function chunkPattern(moduleName: string): RegExp {
  return new RegExp(`/assets/${moduleName}-[\\w-]+\\.js$`);
}

/** How far the page reaches past the right edge of the screen, in CSS pixels. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) -
      document.documentElement.clientWidth,
  );
}

/**
 * Checks the page fits a 375 px phone screen, then goes back to the desktop size. The app lays the
 * page out again for a phone (the sidebar becomes a drawer) a moment after the resize: the check
 * waits for that, and fails if the page still scrolls sideways then.
 */
export async function expectFits375(page: Page) {
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The first five bytes of a download ("%PDF-" for a PDF). */
export async function firstBytes(download: Download): Promise<string> {
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks as Buffer[])
    .subarray(0, 5)
    .toString('latin1');
}

/** A disability made through the API, as a spec's starting point. */
export type CreatedDisability = { id: string; title: string };

export async function createDisability(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<CreatedDisability> {
  const response = await request.post(`${apiURL}/disabilities`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedDisability;
}

/** A GET of the API as `token` that must answer 200; its JSON. */
export async function getJson<T>(
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<T> {
  const response = await request.get(`${apiURL}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Every route of the app, read from the app's one list of paths (so a new route is covered the day
 * it is added), with its parameters filled in. The disability wizard's steps are listed separately
 * there and expanded here.
 */
export function everyAppPath(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const source = readFileSync(path.resolve(here, '../../../apps/web/src/config/paths.ts'), 'utf8');
  const literal = [...source.matchAll(/(?:path: |staticPath\()'([^']+)'/g)].map(
    (match) => match[1]!,
  );
  const steps =
    /DISABILITY_WIZARD_STEPS = \[([^\]]+)\]/.exec(source)?.[1]?.match(/'([^']+)'/g) ?? [];
  const wizard = steps.map((step) => `/disabilities/:disabilityId/${step.slice(1, -1)}`);
  const all = [...new Set([...literal, ...wizard])];
  return all.filter((p) => p !== '/dev/outbox').map((p) => p.replace(/:[A-Za-z]+/g, 'example-id'));
}
