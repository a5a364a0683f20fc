import type { APIRequestContext, Page } from '@playwright/test';

import { apiURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { createDisability, expectFits375, firstBytes, getJson } from './app-pages.ts';

/**
 * The personal statement as a veteran meets it at the end of the wizard: written from answers
 * saved earlier (one of them must come back word for word), edited and saved as version 2, then
 * downloaded in every format offered, each a real PDF or Word file. A mental-health condition is
 * also offered VA Form 21-0781. Both pages are checked with axe and at 375 px.
 */

type Statement = { id: string; latest_version: number; body: string };
type Listed<T> = { results: T[] };

const IN_SERVICE = 'Twisted my left knee on a ruck march at Fort Hood in March 2009.';
const DAILY_LIFE = 'I no longer hike with my kids.';
const ADDED = 'Stairs are the hardest part of my day.';

async function saveAnswers(
  request: APIRequestContext,
  token: string,
  disabilityId: string,
  step: string,
  answers: Record<string, unknown>,
) {
  const response = await request.put(`${apiURL}/disabilities/${disabilityId}/answers/${step}`, {
    headers: { authorization: `Bearer ${token}` },
    data: answers,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Clicks a download button and checks the file: its suggested name and its first bytes. */
async function downloadFormat(page: Page, label: string, name: RegExp) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: label, exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(name);
  const start = await firstBytes(download);
  if (name.source.includes('docx')) expect(start.slice(0, 2)).toBe('PK');
  else expect(start).toBe('%PDF-');
}

/** The generate step: "Write my statement", and the statement shown in the editor. */
async function composeStatement(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Review your answers' })).toBeVisible();
  await expect(page.getByText(/Written from your answers only/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Write my statement' }).click();
  const text = page.getByRole('textbox', { name: 'Your statement' });
  await expect(text).toBeVisible({ timeout: 20_000 });
  return text;
}

test('[APP][STATEMENTS]: a knee statement written from the answers, edited to version 2, downloaded in every format', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(120_000);
  const user = await login();
  const knee = await createDisability(request, user.token, {
    title: 'knee strain or sprain, left',
    classification_code: '8997',
    diagnostic_code: '5260',
    side_of_body: 'left',
    claim_type: 'direct',
  });
  await saveAnswers(request, user.token, knee.id, 'military-symptoms', {
    in_service_event: IN_SERVICE,
  });
  await saveAnswers(request, user.token, knee.id, 'social-impacts', { description: DAILY_LIFE });
  const base = `/disabilities/${knee.id}`;

  // Generate: nothing written yet.
  await page.goto(`${base}/generate`);
  await expect(page.getByRole('button', { name: 'Write my statement' })).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);

  // Written from the answers: the veteran's words come back as they were typed.
  const text = await composeStatement(page);
  await expect(text).toHaveValue(new RegExp(IN_SERVICE.replace(/\./g, '\\.')));
  await expect(text).toBeFocused();
  await checkA11y(page);
  await expectFits375(page);

  // An edit, saved as version 2.
  const composed = await text.inputValue();
  await text.fill(`${composed}\n\n${ADDED}`);
  await expect(page.getByText('Changes not saved yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  const versions = page.getByRole('region', { name: 'Versions' });
  await expect(versions).toContainText('Version 2 — edited by you');
  await expect(
    versions.getByRole('button', { name: /^Version 1 — written from your answers/ }),
  ).toBeVisible();
  const listed = await getJson<Listed<Statement>>(
    request,
    user.token,
    `${base}/personal-statements`,
  );
  expect(listed.results).toHaveLength(1);
  expect(listed.results[0]?.latest_version).toBe(2);
  const saved = await getJson<Statement>(
    request,
    user.token,
    `${base}/personal-statements/${listed.results[0]?.id}`,
  );
  expect(saved.body).toContain(ADDED);
  expect(saved.body).toContain(IN_SERVICE);

  // Download: the statement and VA Form 21-4138; a knee is not offered the trauma form.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Download your answers' }),
  ).toBeVisible();
  const files = page.getByRole('region', { name: 'Your statement and VA forms' });
  await expect(files.getByRole('button', { name: 'Statement (PDF)' })).toBeVisible();
  await expect(files).toContainText('version 2');
  await expect(files).toContainText('VA forms are left unsigned');
  await expect(files.getByRole('button', { name: 'VA Form 21-0781' })).toHaveCount(0);
  await checkA11y(page);
  await expectFits375(page);

  await downloadFormat(page, 'Statement (PDF)', /^personal-statement-knee-.*-v2\.pdf$/);
  await downloadFormat(page, 'Statement (Word)', /^personal-statement-knee-.*-v2\.docx$/);
  await downloadFormat(page, 'VA Form 21-4138', /^va-21-4138-knee-.*-v2\.pdf$/);
});

test('[APP][STATEMENTS]: a PTSD statement is also offered VA Form 21-0781', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(120_000);
  const user = await login();
  const ptsd = await createDisability(request, user.token, {
    title: 'PTSD (post-traumatic stress disorder)',
    classification_code: '8989',
    diagnostic_code: '9411',
    claim_type: 'direct',
  });
  const nightmares = 'Nightmares most nights since my second deployment.';
  await saveAnswers(request, user.token, ptsd.id, 'post-military-symptoms', {
    description: nightmares,
  });
  const base = `/disabilities/${ptsd.id}`;

  await page.goto(`${base}/generate`);
  const text = await composeStatement(page);
  await expect(text).toHaveValue(new RegExp(nightmares.replace(/\./g, '\\.')));

  await page.goto(`${base}/download`);
  const files = page.getByRole('region', { name: 'Your statement and VA forms' });
  await expect(files.getByRole('button', { name: 'VA Form 21-0781' })).toBeVisible();
  await expect(files.getByRole('button')).toHaveText([
    'Statement (PDF)',
    'Statement (Word)',
    'VA Form 21-4138',
    'VA Form 21-0781',
  ]);
  await checkA11y(page);
  await expectFits375(page);
  await downloadFormat(page, 'VA Form 21-0781', /^va-21-0781-ptsd-.*-v1\.pdf$/);
});
