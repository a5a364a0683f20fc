import type { APIRequestContext } from '@playwright/test';

import { apiURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

type VeteranAnswer = {
  id: string;
  is_primary: boolean;
  first_name: string;
  last_name: string;
  ssn: string | null;
  service_periods: { branch: string; character_of_discharge: string | null }[];
};

async function getVeteran(
  request: APIRequestContext,
  token: string,
  id: string,
  query = '',
): Promise<VeteranAnswer> {
  const response = await request.get(`${apiURL}/veterans/${id}${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as VeteranAnswer;
}

test('[APP][VETERANS]: a record is created with a service period, shown masked, revealed, edited, replaced as primary and deleted', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();

  // No records yet: the list says so and offers the first.
  await page.goto('/veterans');
  await expect(page.getByRole('heading', { level: 1, name: 'Veteran records' })).toBeVisible();
  await expect(page.getByText('No veteran records yet')).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Add a veteran record' }).last().click();

  // The form, filled by keyboard-friendly controls.
  await expect(page.getByRole('heading', { level: 1, name: 'Add a veteran record' })).toBeVisible();
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Diaz');
  await page.getByRole('textbox', { name: 'Social Security number' }).fill('123-45-6789');
  await page.getByLabel('Date of birth').fill('1980-04-12');
  await page.getByLabel('Street address').fill('Unit 2050 Box 4190');
  await page.getByLabel('City').fill('APO');
  await page.getByLabel('State or territory').selectOption('AP');
  await page.getByLabel('ZIP code').fill('96278');
  await page.getByRole('button', { name: 'Add service period' }).click();
  const period = page.getByRole('group', { name: 'Service period 1' });
  await expect(period.getByLabel('Branch')).toBeFocused();
  await period.getByLabel('Branch').selectOption({ label: 'U.S. Marine Corps' });
  await period.getByLabel('Start date').fill('1998-06-01');
  await period.getByLabel('End date').fill('2004-05-31');
  await period.getByLabel('Character of discharge').selectOption({ label: 'Honorable' });
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save record' }).click();

  // Saved: the record's page, the SSN masked and nowhere in the page in full.
  await expect(page).toHaveURL(/\/veterans\/[0-9a-f-]{36}$/);
  const rosaId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText('Veteran record saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Veteran record' })).toBeVisible();
  const ssn = page.getByRole('group', { name: 'Social Security number' });
  await expect(ssn).toContainText('***-**-6789');
  await expect(page.getByRole('textbox', { name: 'Social Security number' })).toHaveCount(0);
  expect(await page.content()).not.toContain('123-45-6789');
  await expect(period.getByLabel('Branch')).toHaveValue('Marine Corps');
  await expect(period.getByLabel('Character of discharge')).toHaveValue('honorable');
  await checkA11y(page);

  // "Show" asks for the number in full.
  await ssn.getByRole('button', { name: 'Show Social Security number' }).click();
  await expect(page.getByRole('textbox', { name: 'Social Security number' })).toHaveValue(
    '123-45-6789',
  );
  await page.getByRole('button', { name: 'Hide Social Security number' }).click();
  await expect(page.getByRole('textbox', { name: 'Social Security number' })).toHaveCount(0);
  expect(await page.content()).not.toContain('123-45-6789');

  // An edit keeps what it did not touch, the SSN included.
  await page.getByLabel('Last name').fill('Diaz-Lopez');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Veteran record saved')).toBeVisible();
  await expect(page.getByText(/Rosa Diaz-Lopez: the primary record/)).toBeVisible();
  const saved = await getVeteran(request, user.token, rosaId, '?reveal=true');
  expect(saved).toMatchObject({
    last_name: 'Diaz-Lopez',
    ssn: '123-45-6789',
    is_primary: true,
    service_periods: [{ branch: 'Marine Corps', character_of_discharge: 'honorable' }],
  });

  // A second record becomes the primary from the list.
  const created = await request.post(`${apiURL}/veterans`, {
    data: { first_name: 'Dana', last_name: 'Kim' },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const danaId = ((await created.json()) as VeteranAnswer).id;

  await page.getByRole('link', { name: 'Veteran records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Veteran records' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Veteran records' });
  await expect(list.getByRole('heading')).toHaveText(['Rosa Diaz-Lopez', 'Dana Kim']);
  await expect(list.getByRole('listitem').first()).toContainText('Primary');
  await checkA11y(page);
  await list.getByRole('button', { name: 'Make primary: Dana Kim' }).click();
  await expect(page.getByText('Dana Kim is now the primary record')).toBeVisible();
  await expect(list.getByRole('heading')).toHaveText(['Dana Kim', 'Rosa Diaz-Lopez']);
  await expect(list.getByRole('listitem').first()).toContainText('Primary');
  await expect(list.getByRole('listitem').last()).not.toContainText('Primary');
  expect((await getVeteran(request, user.token, danaId)).is_primary).toBe(true);
  expect((await getVeteran(request, user.token, rosaId)).is_primary).toBe(false);

  // Delete asks first, by keyboard.
  const remove = list.getByRole('button', { name: 'Delete Rosa Diaz-Lopez' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete this veteran record?' });
  await expect(dialog).toContainText('Rosa Diaz-Lopez’s details and service history');
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete record' }).click();
  await expect(page.getByText('Veteran record deleted')).toBeVisible();
  await expect(list.getByRole('heading')).toHaveText(['Dana Kim']);
  await checkA11y(page);

  const gone = await request.get(`${apiURL}/veterans/${rosaId}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(gone.status()).toBe(404);
});

test('[APP][VETERANS][MOBILE]: the list and a full record fit a 375 px screen', async ({
  page,
  request,
  login,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await login();
  const created = await request.post(`${apiURL}/veterans`, {
    data: {
      first_name: 'Bartholomew',
      middle_name: 'Alexander',
      last_name: 'Montgomery-Fitzgerald',
      ssn: '123-45-6789',
      va_file_number: 'C23456789',
      address: { line1: 'PSC 1234 Box 5678', city: 'FPO', state: 'AE', zip_code: '09012' },
      service_periods: [
        {
          branch: 'Coast Guard',
          component: 'reserve',
          start_date: '1998-06-01',
          end_date: '2004-05-31',
          character_of_discharge: 'uncharacterized',
        },
      ],
      deployments: [
        { location: 'Naval Support Activity Bahrain, Manama', start_date: '2002-01-01' },
      ],
    },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as VeteranAnswer;

  const widerThanScreen = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  await page.goto('/veterans');
  await expect(
    page.getByRole('link', {
      name: 'Bartholomew Alexander Montgomery-Fitzgerald',
      exact: true,
    }),
  ).toBeVisible();
  expect(await widerThanScreen()).toBe(0);
  await page.goto(`/veterans/${id}`);
  await expect(page.getByRole('group', { name: 'Deployment 1' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Service period 1' }).getByLabel('Branch'),
  ).toHaveValue('Coast Guard');
  expect(await widerThanScreen()).toBe(0);
  await checkA11y(page);
});
