import { PDFDocument, StandardFonts } from 'pdf-lib';

import { checkA11y, expect, test } from '../../fixtures.ts';

import { expectFits375, firstBytes } from './app-pages.ts';

/**
 * A C-file as a veteran uses it: a PDF uploaded on /cfile and read by the real API's background
 * job, followed live to the end, its medications (a protected one marked), its conditions with a
 * page opened in the viewer and found there, one condition added to the disabilities, and the
 * summary with the evidence index downloaded. Every page passes axe and fits 375 px.
 */

const PAGES = [
  'SERVICE TREATMENT RECORD\nDate: 14MAR2004\nAssessment: Tinnitus, bilateral, after artillery exposure.\nPlan: sertraline 50 mg daily.',
  'Sick call 02JUN2005\nPatient denies chest pain. No history of asthma.\nAssessment: Lumbosacral strain.\nMotrin 800 mg tid prn.',
  'VA outpatient note 2011-09-12\nDx: hypertension.\nlisinopril 20 mg daily.',
  'Substance use clinic 2012-01-05\nDx: alcohol use disorder, moderate.\nnaltrexone 50 mg daily.',
];

async function cfilePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of PAGES) {
    const page = doc.addPage([612, 792]);
    text.split('\n').forEach((line, index) => {
      page.drawText(line, { x: 72, y: 720 - index * 16, size: 11, font });
    });
  }
  return Buffer.from(await doc.save());
}

test('[APP][CFILE]: a C-file is uploaded, read live, its findings reviewed and acted on', async ({
  page,
  login,
}) => {
  test.setTimeout(150_000);
  await login();

  await page.goto('/cfile');
  await expect(page.getByRole('heading', { level: 1, name: 'C-file' })).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);
  await page.getByLabel('Choose your C-file').setInputFiles({
    name: 'c-file.pdf',
    mimeType: 'application/pdf',
    buffer: await cfilePdf(),
  });

  // The reading, followed live to its end.
  await expect(page).toHaveURL(/\/cfile\/queue\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'C-file processing' })).toBeVisible();
  const done = page.getByRole('link', { name: 'See what was found' });
  await expect(done).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Page 4 of 4 read')).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);
  await done.click();

  // The summary.
  await expect(page).toHaveURL(/\/cfile\/complete\?id=/);
  const found = page.getByRole('region', { name: 'What was found' });
  await expect(found).toContainText('Pages read4');
  await checkA11y(page);
  await expectFits375(page);

  // Medications: naltrexone treats alcohol use disorder, so its record is protected.
  await page.getByRole('link', { name: 'Review the medications found' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText([
    'ibuprofen',
    'lisinopril',
    /^naltrexone/,
    'sertraline',
  ]);
  await expect(table.getByRole('row', { name: /naltrexone/ })).toContainText(
    'Protected by 38 U.S.C. 7332',
  );
  await checkA11y(page);
  await expectFits375(page);

  // Conditions: the denied and the never-had are not findings; a page opens in the viewer.
  await page.goBack();
  await page.getByRole('link', { name: 'Review the conditions found' }).click();
  const tinnitus = page.getByRole('article', { name: /tinnitus/i });
  await expect(tinnitus).toBeVisible();
  await expect(page.getByRole('article', { name: /asthma/i })).toHaveCount(0);
  await expect(page.getByRole('article', { name: /chest pain/i })).toHaveCount(0);
  const pageButton = tinnitus.getByRole('button', { name: 'Page 1', exact: true });
  await pageButton.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'Page 1 of 4' });
  await expect(viewer.locator('mark')).toContainText(/tinnitus/i);
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(pageButton).toBeFocused();

  await page.getByRole('checkbox', { name: /tinnitus/i }).check();
  await page.getByRole('button', { name: 'Add as disabilities' }).click();
  await expect(page.getByText('1 condition added to your disabilities')).toBeVisible();
  await expect(tinnitus).toContainText('Already among your disabilities');
  await checkA11y(page);
  await expectFits375(page);

  // The evidence index, with its page citations.
  await page.goBack();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download evidence index (PDF)' }).click();
  expect(await firstBytes(await downloading)).toBe('%PDF-');

  // The condition is now among the disabilities.
  await page.goto('/disabilities');
  await expect(page.getByRole('main')).toContainText(/tinnitus/i);
});
