import { checkA11y, expect, test } from '../../fixtures.ts';

import { createDisability, expectFits375 } from './app-pages.ts';

/**
 * The VSO link as a veteran and their representative use it: the representative recorded on
 * /link-vso, one disability shared through a seven-day link while a protected one stays out, the
 * link opened by the representative in a browser of their own (no account), the opening listed
 * back to the veteran, and the link revoked so that it stops at once. Both pages pass axe and fit
 * 375 px.
 */

test('[APP][VSO]: a representative recorded, records shared by link, the opening logged, the link revoked', async ({
  page,
  login,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const veteran = await login();
  await createDisability(request, veteran.token, {
    title: 'Left knee strain',
    diagnosis: 'Patellofemoral syndrome',
    claim_type: 'direct',
  });
  await createDisability(request, veteran.token, {
    title: 'Alcohol use disorder',
    claim_type: 'direct',
  });

  await page.goto('/link-vso');
  await expect(page.getByRole('heading', { level: 1, name: 'Link a VSO' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Organisation' }).fill('Disabled American Veterans');
  await page.getByRole('textbox', { name: 'Representative’s name' }).fill('Jane Smith');
  await page.getByRole('textbox', { name: 'POA code (optional)' }).fill('083');
  await page.getByRole('button', { name: 'Save representative' }).click();
  await expect(page.getByRole('region', { name: 'VA Form 21-22' })).toContainText('083');
  await checkA11y(page);
  await expectFits375(page);

  // The knee goes by "select all"; the protected record is left out because it was not ticked.
  const share = page.getByRole('region', { name: 'Share records' });
  await share.getByRole('button', { name: 'Select all disabilities not protected' }).click();
  await expect(share.getByRole('checkbox', { name: 'Left knee strain' })).toBeChecked();
  await expect(share.getByRole('checkbox', { name: 'Alcohol use disorder' })).not.toBeChecked();
  await share.getByRole('radio', { name: '7 days' }).check();
  await share.getByRole('textbox', { name: 'Who it is for (optional)' }).fill('DAV, Jane Smith');
  await share.getByRole('button', { name: 'Create the link' }).click();
  const link = await share.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{20,}$/);
  await checkA11y(page);

  // The representative opens it in a browser of their own, signed in as nobody.
  const representative = await browser.newContext();
  const repPage = await representative.newPage();
  await repPage.goto(new URL(link).pathname);
  await expect(repPage.getByRole('heading', { level: 1, name: 'Shared records' })).toBeVisible();
  await expect(repPage.getByText('Alcohol use disorder')).toHaveCount(0);
  await repPage.getByRole('button', { name: 'Open Left knee strain' }).click();
  await expect(repPage.getByRole('heading', { level: 2, name: 'Left knee strain' })).toBeVisible();
  await expect(repPage.getByText('Patellofemoral syndrome')).toBeVisible();
  await checkA11y(repPage);
  await expectFits375(repPage);

  // The veteran sees both openings (the list and the record).
  await page.reload();
  const shares = page.getByRole('region', { name: 'Your shares' });
  await expect(shares.getByRole('heading', { name: 'DAV, Jane Smith' })).toBeVisible();
  await shares
    .getByRole('button', { name: 'Show access log for DAV, Jane Smith', exact: true })
    .click();
  const log = shares.getByRole('list', { name: 'Access log' });
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log).toContainText('Left knee strain');

  await shares
    .getByRole('button', { name: 'Revoke link for DAV, Jane Smith', exact: true })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this link?' });
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(shares.getByText(/Revoked/)).toBeVisible();

  // Revoked: the link stops at once and says so plainly.
  await repPage.reload();
  await expect(repPage.getByText('This link has expired or was revoked')).toBeVisible();
  await representative.close();
});
