import type { APIRequestContext, Page } from '@playwright/test';

import { apiURL, lighthouseControlURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { createDisability, sidewaysOverflow } from './app-pages.ts';

/**
 * VA.gov end to end, against the fake Lighthouse on loopback (which checks every request and
 * answer against VA's OpenAPI documents): connect on /va-forms (VA's sign-in and back), file the
 * Intent to File, prepare and submit the 21-526EZ, and follow the claim VA received.
 */

type FakeState = {
  violations: string[];
  calls: { method: string; path: string; status: number }[];
};

async function fakeState(request: APIRequestContext): Promise<FakeState> {
  const answer = await request.get(`${lighthouseControlURL}/state`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as FakeState;
}

/** A VA identifier (ICN) of VA's shape, unique to this run, so each spec has its own VA records. */
function uniqueIcn(): string {
  const digits = String(Date.now()).slice(-10).padStart(10, '1');
  const tail = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${digits}V${tail}`;
}

/** No sideways scrolling at 375 px, then back to the desktop width. */
async function fitsOnAPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function forPatient(request: APIRequestContext, icn: string) {
  const answer = await request.post(`${lighthouseControlURL}/patient`, { data: { icn } });
  expect(answer.status(), await answer.text()).toBe(200);
}

const VETERAN = {
  first_name: 'Jordan',
  middle_name: 'Lee',
  last_name: 'Reyes',
  ssn: '123-45-6789',
  va_file_number: '12345678',
  date_of_birth: '1980-04-05',
  address: { line1: '1200 North Lakeshore Drive', city: 'Chicago', state: 'IL', zip_code: '60610' },
  phone: '(312) 555-0100',
  email: 'jordan.reyes@example.com',
  service_periods: [
    { branch: 'USMC', component: 'active', start_date: '1999-06-01', end_date: '2007-05-31' },
  ],
};

/** A complete veteran record and one disability with its in-service event, through the API. */
async function completeRecord(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const veteran = await request.post(`${apiURL}/veterans`, { headers, data: VETERAN });
  expect(veteran.status(), await veteran.text()).toBe(201);
  const knee = await createDisability(request, token, {
    title: 'Left knee strain',
    claim_type: 'direct',
  });
  const answers = await request.put(`${apiURL}/disabilities/${knee.id}/answers/military-symptoms`, {
    headers,
    data: {
      in_service_event: 'Fell from a truck during a convoy in 2004',
      started_on: '2004-03-01',
    },
  });
  expect(answers.status(), await answers.text()).toBe(200);
  return knee;
}

test('[APP][VA]: connect VA.gov, file the Intent to File, submit the 526EZ and follow the claim', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(120_000);
  const veteran = await login();
  await completeRecord(request, veteran.token);
  await forPatient(request, uniqueIcn());

  // Connect: VA's sign-in (the fake approves at once) sends the browser back to /va-forms, which
  // greets the veteran and moves on to the 526EZ.
  await page.goto('/va-forms');
  await expect(page.getByRole('heading', { level: 2, name: 'VA.gov connection' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Connect to VA.gov' }).click();
  await expect(page.getByText('Successfully connected to VA.gov!')).toBeVisible();
  await expect(page).toHaveURL(/\/va-forms\/526ez$/);

  // Intent to File: none at VA yet, so one is filed; pressing again is not possible once active.
  await page.goto('/va-forms/intent-to-file');
  await page.getByRole('button', { name: 'File my Intent to File with VA' }).click();
  await expect(page.getByText('Your Intent to File is with VA')).toBeVisible();
  const active = page.getByRole('status').filter({ hasText: 'Active since' });
  await expect(active).toContainText('VA’s reference:');
  await checkA11y(page);

  // The dashboard counts the year down, and the calendar holds the deadline. VA dates the year from
  // its own (UTC) day while the countdown starts from the browser's day, and a leap day may fall in
  // between, so 364 to 366 days are all right.
  await page.goto('/dashboard');
  const deadlines = page.getByRole('region', { name: 'Next deadlines' });
  await expect(deadlines).toContainText(/Your Intent to File expires in 36[4-6] days/);
  const download = page.waitForEvent('download');
  await deadlines.getByRole('button', { name: 'Download calendar (.ics)' }).click();
  const calendar = await (await download).createReadStream();
  const ics = Buffer.concat((await calendar.toArray()) as Buffer[]).toString('utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('BEGIN:VEVENT');

  // The 526EZ: built from the records, every step reachable from the step list, the one question
  // the records cannot answer asked on the review step, then sent to VA.
  // By keyboard only: the step links, the question's radio buttons and Submit.
  await page.goto('/va-forms/526ez');
  const steps = page.getByRole('navigation', { name: 'Form steps' });
  await steps.getByRole('link', { name: /Disabilities/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Left knee strain').first()).toBeVisible();
  await checkA11y(page);
  await steps.getByRole('link', { name: /Review & submit/ }).focus();
  await page.keyboard.press('Enter');
  await expect(steps.getByRole('link', { name: /Review & submit/ })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await page.getByRole('radio', { name: 'No' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(page.getByText('VA’s rules accept everything on this claim.')).toBeVisible();
  await checkA11y(page);
  await fitsOnAPhone(page);
  await page.getByRole('button', { name: 'Submit my claim to VA' }).focus();
  await page.keyboard.press('Enter');
  const sent = page.getByRole('region', { name: 'Sent to VA' });
  await expect(sent.getByText(/^VA claim \d+$/)).toBeVisible();
  const claimId = /\d+/.exec((await sent.getByText(/^VA claim \d+$/).textContent()) ?? '')![0];

  // VA's answer about the claim, in plain words: received, step 1 of 8.
  await sent.getByRole('link', { name: 'Follow this claim at VA' }).click();
  await expect(page).toHaveURL(new RegExp(`/va-forms/claims/${claimId}$`));
  await expect(page.locator('[aria-current="step"]')).toContainText('Claim received');
  await expect(page.getByText('Left knee strain').first()).toBeVisible();
  await checkA11y(page);
  await fitsOnAPhone(page);

  // The list of claims at VA, and the same claim beside Muster's own on /claims.
  await page.goto('/va-forms/claims');
  await expect(page.getByRole('link', { name: /Compensation/ }).first()).toBeVisible();
  await checkA11y(page);
  await page.goto('/claims');
  const atVa = page.getByRole('region', { name: 'Claims at VA.gov' });
  await expect(atVa.getByRole('link').first()).toHaveAttribute(
    'href',
    `/va-forms/claims/${claimId}`,
  );

  const state = await fakeState(request);
  expect(state.violations).toEqual([]);
  const posts = (suffix: string) =>
    state.calls.filter((c) => c.method === 'POST' && c.path.endsWith(suffix));
  expect(posts('/intent-to-file')).toHaveLength(1);
  expect(posts('/526/synchronous')).toHaveLength(1);
});

test('[APP][VA]: declining at VA.gov brings the veteran back with the failure explained', async ({
  page,
  login,
  request,
}) => {
  await login();
  const consent = (value: 'approve' | 'deny') =>
    request.post(`${lighthouseControlURL}/consent`, { data: { consent: value } });
  expect((await consent('deny')).status()).toBe(200);
  try {
    await page.goto('/va-forms');
    await page.getByRole('button', { name: 'Connect to VA.gov' }).click();
    // VA answers `error=access_denied`; the API sends the browser on with `message=forbidden`.
    await expect(page.getByText('VA.gov authentication expired')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/va-forms');
    await expect(page.getByRole('button', { name: 'Connect to VA.gov' })).toBeVisible();
  } finally {
    await consent('approve');
  }
});

test('[APP][VA]: VA conditions show VA’s rating, and a what-if adds a planned claim', async ({
  page,
  login,
  request,
}) => {
  await login();
  const icn = uniqueIcn();
  await forPatient(request, icn);
  const seeded = await request.post(`${lighthouseControlURL}/rating`, {
    data: {
      icn,
      rating: {
        combined_disability_rating: 40,
        combined_effective_date: '2019-03-01',
        legal_effective_date: '2019-03-01',
        individual_ratings: [
          {
            decision: 'Service Connected',
            effective_date: '2019-03-01',
            rating_percentage: 30,
            diagnostic_type_code: '9411',
          },
          {
            decision: 'Service Connected',
            effective_date: '2019-03-01',
            rating_percentage: 20,
            diagnostic_type_code: '5237',
          },
        ],
      },
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);

  await page.goto('/va-conditions');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Connect to VA.gov' }).click();
  await expect(page.getByText('Successfully connected to VA.gov!')).toBeVisible();
  await page.goto('/va-conditions');
  const rating = page.getByRole('region', { name: 'Your VA rating' });
  await expect(rating).toContainText('40 %');
  await checkA11y(page);

  const whatIf = page.getByRole('region', { name: 'What if' });
  await whatIf.getByLabel('Condition name').fill('Tinnitus');
  await whatIf.getByLabel('Planned rating').selectOption('10');
  await whatIf.getByRole('button', { name: 'Add planned condition' }).click();
  // 30, 20 and 10 combine to 49.6, which VA rounds to 50.
  await expect(whatIf).toContainText('50 %');
  await fitsOnAPhone(page);
  expect((await fakeState(request)).violations).toEqual([]);
});
