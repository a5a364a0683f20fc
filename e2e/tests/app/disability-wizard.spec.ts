import type { Page } from '@playwright/test';

import { checkA11y, expect, test } from '../../fixtures.ts';

import { createDisability, getJson, sidewaysOverflow } from './app-pages.ts';

/**
 * The disability wizard walked as a veteran would: each page answered, saved on its own, checked
 * for accessibility, and left with "Save and continue"; then every answer read back from the API
 * and the review page. A second pass at phone width checks no page scrolls sideways.
 */

type Listed<T> = { results: T[] };

/** The page's heading and its place in the wizard. */
async function expectStep(page: Page, title: string, index: number, total: number) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Step ${index} of ${total}`, { exact: true })).toBeVisible();
}

/** Waits until the page says everything is saved. */
async function expectSaved(page: Page) {
  await expect(page.locator('[data-slot="autosave-status"]')).toHaveAttribute(
    'data-state',
    'saved',
    { timeout: 10_000 },
  );
  await expect(page.locator('[data-slot="autosave-status"]')).toHaveText(/^Saved/);
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

test('[APP][WIZARD]: a knee claim walked from type to download, every answer saved, axe on each page', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(180_000);
  const user = await login();
  const knee = await createDisability(request, user.token, {
    title: 'knee strain or sprain, left',
    classification_code: '8997',
    diagnostic_code: '5260',
    side_of_body: 'left',
  });
  const base = `/disabilities/${knee.id}`;

  // Type: chosen by keyboard.
  await page.goto(`${base}/type`);
  await expectStep(page, 'How it connects to your service', 1, 9);
  await expect(page.getByRole('complementary', { name: 'Why VA asks this' })).toContainText(
    '3.303',
  );
  await checkA11y(page);
  await page.getByRole('radio', { name: /It started or happened during my service/ }).check();
  await expectSaved(page);
  await next(page);

  // Symptoms in service.
  await expectStep(page, 'Symptoms during service', 2, 9);
  await page
    .getByLabel('What happened in service that this condition goes back to?')
    .fill('Twisted my left knee on a ruck march at Fort Hood, 2009.');
  await page.getByLabel('Symptoms you had in service').fill('Swelling\nKnee gave way on runs');
  await page.getByLabel('When did they start?').fill('2009-03-14');
  await page
    .getByRole('group', { name: /report it or get care/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByLabel('To whom, and when?').fill('Sick call the next morning.');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  // Symptoms since.
  await expectStep(page, 'Symptoms since service', 3, 9);
  await page.getByLabel('Symptoms you have now').fill('Pain on stairs\nStiffness');
  await page.getByLabel('How often do you have them?').selectOption('daily');
  await page.getByRole('radio', { name: 'Worse' }).check();
  await page
    .getByLabel('Describe the condition as it is today')
    .fill('Aches every day; I cannot kneel.');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  // Flare-ups: the note explains motion.
  await expectStep(page, 'Flare-ups', 4, 9);
  await expect(page.getByRole('complementary', { name: 'Why VA asks this' })).toContainText(
    /motion/i,
  );
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('How often?').selectOption('weekly');
  await page.getByLabel('How long does a flare-up last?').selectOption('one_day');
  await page.getByLabel('How bad is a flare-up, from 1 to 10?').selectOption('7');
  await page.getByLabel('What can you not do during a flare-up?').fill('Cannot walk a block.');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  // Treatment: one record.
  await expectStep(page, 'Treatment', 5, 9);
  await page.getByRole('button', { name: /Add a treatment/ }).click();
  await page.getByLabel('Where were you treated?').fill('Temple VA Medical Center');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  // Work.
  await expectStep(page, 'Impact on work', 6, 9);
  await page.getByLabel('Are you working now?').selectOption('part_time');
  await page
    .getByLabel('How does the condition affect your work?')
    .fill('I had to leave my warehouse job.');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  // Daily life.
  await expectStep(page, 'Impact on daily life', 7, 9);
  await page
    .getByLabel('How does the condition affect your daily life?')
    .fill('I no longer hike with my kids.');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  // Review: the answers, in the veteran's words; nothing about trauma or exposures.
  await expectStep(page, 'Review your answers', 8, 9);
  const work = page.getByRole('region', { name: 'Impact on work' });
  await expect(work).toContainText('I had to leave my warehouse job.');
  await expect(page.getByRole('region', { name: 'Flare-ups' })).toContainText('7 out of 10');
  await expect(page.getByRole('region', { name: 'Treatment' })).toContainText(
    'Temple VA Medical Center',
  );
  await expect(page.getByRole('link', { name: 'Traumatic events' })).toHaveCount(0);
  await checkA11y(page);
  await next(page);

  // Download: a text file with the answers.
  await expectStep(page, 'Download your answers', 9, 9);
  await checkA11y(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your answers' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('knee-strain-or-sprain-left-answers.txt');
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('Twisted my left knee on a ruck march');

  // Saved on the server, and the disability's page resumes at the last page.
  const answers = await getJson<{ results: { step: string; answers: Record<string, unknown> }[] }>(
    request,
    user.token,
    `${base}/answers`,
  );
  const flare = answers.results.find((entry) => entry.step === 'flare-ups');
  expect(flare?.answers).toMatchObject({ has_flare_ups: true, severity: 7, duration: 'one_day' });
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('link', { name: 'Continue: Download your answers' })).toBeVisible();
});

test('[APP][WIZARD]: a PTSD claim walked through the trauma pages with the crisis line, axe on each page', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(240_000);
  const user = await login();
  const ptsd = await createDisability(request, user.token, {
    title: 'PTSD (post-traumatic stress disorder)',
    classification_code: '8989',
    diagnostic_code: '9411',
    claim_type: 'direct',
  });
  const base = `/disabilities/${ptsd.id}`;
  const total = 13;

  // The pages every condition has, answered briefly.
  await page.goto(`${base}/type`);
  await expectStep(page, 'How it connects to your service', 1, total);
  await expect(
    page.getByRole('radio', { name: /It started or happened during my service/ }),
  ).toBeChecked();
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Symptoms during service', 2, total);
  await page
    .getByLabel('What happened in service that this condition goes back to?')
    .fill('An IED hit the vehicle ahead of mine near Kandahar in 2011.');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Symptoms since service', 3, total);
  await page.getByLabel('Symptoms you have now').fill('Nightmares\nPanic in crowds');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Flare-ups', 4, total);
  await page.getByRole('radio', { name: 'No' }).check();
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Treatment', 5, total);
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Impact on work', 6, total);
  // Why VA asks: mental disorders are rated on work and social life.
  await expect(page.getByRole('complementary', { name: 'Why VA asks this' })).toContainText(
    '4.130',
  );
  await page.getByLabel('How does the condition affect your work?').fill('I lost two jobs.');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Impact on daily life', 7, total);
  await checkA11y(page);
  await next(page);

  // Trauma pages: the crisis line on each, and a way to pause or skip.
  await expectStep(page, 'Traumatic events', 8, total);
  const crisis = page.getByRole('complementary', { name: 'Veterans Crisis Line' });
  await expect(crisis.getByRole('link', { name: '988, then press 1' })).toHaveAttribute(
    'href',
    'tel:988',
  );
  await expect(crisis.getByRole('link', { name: '838255' })).toHaveAttribute('href', 'sms:838255');
  await expect(page.getByRole('button', { name: 'Take a break' })).toBeVisible();
  await expect(page.getByLabel('Which condition?')).toHaveValue('ptsd');
  await page
    .getByRole('checkbox', { name: 'Combat, or fear of enemy or terrorist attack' })
    .check();
  await expectSaved(page);
  await page.getByRole('button', { name: 'Add an event' }).click();
  await page.getByLabel('What happened?').fill('IED strike on the convoy; two friends were hurt.');
  await page.getByLabel('Where?').fill('Kandahar Province');
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Changes in behavior', 9, total);
  await expect(crisis).toBeVisible();
  await page.getByRole('checkbox', { name: 'Withdrawal from friends' }).check();
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  await expectStep(page, 'Reports and evidence', 10, total);
  await expect(crisis).toBeVisible();
  await checkA11y(page);
  // Skipped: nothing asked of this page is required.
  await page.getByRole('button', { name: 'Skip this page' }).click();

  await expectStep(page, 'PTSD criteria', 11, total);
  await expect(crisis).toBeVisible();
  const intrusion = page.getByRole('group', { name: /^B\. / });
  await intrusion.getByRole('radio', { name: 'Yes' }).check();
  await intrusion.getByRole('checkbox', { name: 'Nightmares about it' }).check();
  await expectSaved(page);
  await checkA11y(page);
  await next(page);

  // The review leaves out what does not apply, and shows the answers.
  await expectStep(page, 'Review your answers', 12, total);
  await expect(page.getByRole('region', { name: 'Impact on work' })).toContainText(
    'I lost two jobs.',
  );
  await expect(page.getByRole('region', { name: 'Exposures' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Traumatic events' })).toContainText(
    'IED strike on the convoy',
  );
  await expect(page.getByRole('region', { name: 'Changes in behavior' })).toContainText(
    'Withdrawal from friends',
  );
  await checkA11y(page);
  await next(page);
  await expectStep(page, 'Download your answers', 13, total);
  await checkA11y(page);

  // On the server: the condition, the event, the behaviour change and criterion B.
  const conditions = await getJson<
    Listed<{ id: string; condition: string; stressor_types: string[] }>
  >(request, user.token, `${base}/mental-health-conditions`);
  expect(conditions.results).toHaveLength(1);
  expect(conditions.results[0]).toMatchObject({ condition: 'ptsd', stressor_types: ['combat'] });
  const conditionBase = `${base}/mental-health-conditions/${conditions.results[0]!.id}`;
  const events = await getJson<Listed<{ description: string }>>(
    request,
    user.token,
    `${conditionBase}/traumatic-events`,
  );
  expect(events.results.map((event) => event.description)).toEqual([
    'IED strike on the convoy; two friends were hurt.',
  ]);
  const changes = await getJson<Listed<{ change: string }>>(
    request,
    user.token,
    `${conditionBase}/behavior-changes`,
  );
  expect(changes.results.map((change) => change.change)).toEqual(['withdrawal']);
  const criterion = await getJson<{ answers: { met: string; items: string[] } }>(
    request,
    user.token,
    `${conditionBase}/dsm-criteria/B`,
  );
  expect(criterion.answers).toMatchObject({ met: 'yes', items: ['nightmares'] });
});

test.describe('[APP][WIZARD][MOBILE]', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every wizard page fits a 375 px screen without sideways scrolling and passes axe', async ({
    page,
    request,
    login,
  }) => {
    test.setTimeout(180_000);
    const user = await login();
    const ptsd = await createDisability(request, user.token, {
      title: 'PTSD (post-traumatic stress disorder)',
      classification_code: '8989',
      diagnostic_code: '9411',
      claim_type: 'presumptive',
    });
    const steps = [
      'type',
      'military-symptoms',
      'post-military-symptoms',
      'flare-ups',
      'treatments',
      'professional-impacts',
      'social-impacts',
      'exposures',
      'trauma-events',
      'trauma-behaviors',
      'trauma-evidences',
      'trauma-criteria',
      'generate',
      'download',
    ];
    for (const step of steps) {
      await page.goto(`/disabilities/${ptsd.id}/${step}`);
      await expect(page.getByText(/^Step \d+ of 14$/)).toBeVisible();
      await expect(page.getByRole('button', { name: /Save and continue|Finish/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page), `${step} scrolls sideways`).toBeLessThanOrEqual(0);
      // Exposures is on neither walk above: checked here, like every page, at phone width.
      await checkA11y(page);
    }
  });
});
