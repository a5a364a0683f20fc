import type { Download, Page } from '@playwright/test';

import { checkA11y, expect, test } from '../../fixtures.ts';

import { createDisability, getJson, sidewaysOverflow } from './app-pages.ts';

/**
 * A buddy statement from end to end, with two browsers: the veteran asks a witness for a
 * statement about one disability and gets a signing link; the witness, with no account, opens
 * the link in a browser of their own, drafts from their answers, attaches a photo, signs and
 * sends; the veteran
 * then reads it under the disability, keeps notes on it and downloads it filled into VA Form
 * 21-10210. The link works once: opened again, it says it no longer works.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function firstBytes(download: Download): Promise<string> {
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks as Buffer[])
    .subarray(0, 5)
    .toString('latin1');
}

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('[APP][BUDDY]: a witness signs through the link in their own browser; the veteran reads, annotates and downloads it', async ({
  page,
  login,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const veteran = await login();
  const knee = await createDisability(request, veteran.token, {
    title: 'Left knee strain',
    diagnosis: 'Patellofemoral syndrome',
    claim_type: 'direct',
  });

  // The veteran asks; the disability comes chosen from the link that opened the page.
  await page.goto(`/disabilities/buddy-statement/new?disability=${knee.id}`);
  await expect(page.getByRole('combobox', { name: 'The condition it supports' })).toHaveValue(
    knee.id,
  );
  await checkA11y(page);
  await page.getByRole('textbox', { name: 'Their name' }).fill('Rosalind Ashcombe');
  await page
    .getByRole('textbox', { name: 'How they know you' })
    .fill('Served in my platoon in 2004');
  await page
    .getByRole('textbox', { name: 'What they saw' })
    .fill('The fall from the truck, and how I walked afterwards');
  await page.getByRole('button', { name: 'Create the signing link' }).click();
  const linkBox = page.getByRole('textbox', { name: /Signing link/ });
  await expect(linkBox).toHaveValue(/\/layman-sign\/[A-Za-z0-9_-]{43}$/);
  const link = await linkBox.inputValue();
  await checkA11y(page);

  // The witness: another browser, no account, no session of the veteran's.
  const witnessContext = await browser.newContext({ baseURL });
  const witness = await witnessContext.newPage();
  const witnessErrors: string[] = [];
  witness.on('console', (message) => {
    if (message.type() === 'error') witnessErrors.push(message.text());
  });
  await witness.goto(new URL(link).pathname);
  await expect(
    witness.getByText(/asked you for a statement about their Left knee strain/),
  ).toBeVisible();
  await expect(witness.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await checkA11y(witness);
  await expectNoSidewaysScroll(witness);
  await witness
    .getByRole('textbox', { name: /What have you seen or heard yourself/ })
    .fill('I saw him fall from the truck bed in Ramadi and land on his left knee.');
  await witness
    .getByRole('textbox', { name: 'How often does it happen, and how long does it last?' })
    .fill('He limps most days and the knee swells after a long walk.');
  await witness.getByRole('button', { name: 'Draft my statement from these answers' }).click();
  const statement = witness.getByRole('textbox', { name: 'Statement' });
  await expect(statement).toHaveValue(/land on his left knee/);
  await statement.fill(
    `${await statement.inputValue()}\n\nI have known him since basic training in 2002.`,
  );
  // A photo goes with it: uploaded through the link, stored as the veteran's.
  await witness.getByLabel('Choose a file to attach').setInputFiles({
    name: 'truck.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(witness.getByText('Attached: truck.png')).toBeVisible();
  await witness.getByRole('textbox', { name: 'Your full name' }).fill('Rosalind Ashcombe');
  // Sending without the certification is refused in place.
  await witness.getByRole('button', { name: 'Sign and send' }).click();
  await expect(witness.getByText('Certify that your statement is true')).toBeVisible();
  await witness.getByRole('checkbox', { name: /I certify that the statements above/ }).check();
  await witness.getByRole('button', { name: 'Sign and send' }).click();
  await expect(witness.getByText('Thank you. Your statement was sent.')).toBeVisible();
  expect(witnessErrors).toEqual([]);

  // The link worked once: opened again (in a fresh browser too) it no longer works.
  await witness.goto(new URL(link).pathname);
  await expect(witness.getByText('This link no longer works')).toBeVisible();
  await witnessContext.close();

  // The veteran reads it under the disability, keeps a note, and downloads the VA form.
  await page.goto(`/disabilities/${knee.id}`);
  const buddies = page.getByRole('list', { name: 'Buddy statements for this disability' });
  await expect(buddies).toContainText('Signed and received');
  await buddies.getByRole('button', { name: 'Read Rosalind Ashcombe’s statement' }).click();
  await expect(page.getByText(/I have known him since basic training in 2002/)).toBeVisible();
  await expect(page.getByText(/They attached a file: it is in your vault/)).toBeVisible();
  const documents = await getJson<{ results: { name: string; doc_type: string | null }[] }>(
    request,
    veteran.token,
    '/documents',
  );
  expect(documents.results).toEqual([
    expect.objectContaining({
      name: "Attachment to Rosalind Ashcombe's statement — Left knee strain",
      doc_type: 'L015',
    }),
  ]);
  await page
    .getByRole('textbox', { name: 'Your notes' })
    .fill('Ask her for the photo of the truck.');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes saved')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'VA Form 21-10210' }).click();
  expect(await firstBytes(await downloading)).toBe('%PDF-');
  await checkA11y(page);
  await expectNoSidewaysScroll(page);

  // The note is kept.
  await page.reload();
  await page
    .getByRole('list', { name: 'Buddy statements for this disability' })
    .getByRole('button', { name: 'Read Rosalind Ashcombe’s statement' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Your notes' })).toHaveValue(
    'Ask her for the photo of the truck.',
  );
});
