import type { Download } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

import { apiURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { createDisability, expectFits375 } from './app-pages.ts';

/**
 * A claim put together and reviewed in the browser: two disabilities chosen on /claims, the review
 * listing each one's readiness and evidence with links preset to it, and the claim packet made
 * with a vault document, downloaded, and read back (its pages, its numbering). Both pages pass axe
 * and fit 375 px.
 */

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks as Buffer[]);
}

test('[APP][CLAIMS]: a claim is made, reviewed, and its packet downloaded with a page count that matches', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(120_000);
  const veteran = await login();
  const asVeteran = { authorization: `Bearer ${veteran.token}` };
  const knee = await createDisability(request, veteran.token, {
    title: 'Left knee strain',
    diagnosis: 'Patellofemoral syndrome',
    claim_type: 'direct',
  });
  await createDisability(request, veteran.token, { title: 'Tinnitus', claim_type: 'direct' });
  const statement = await request.post(`${apiURL}/disabilities/${knee.id}/personal-statements`, {
    headers: asVeteran,
    data: { body: 'My knee gave out on a ruck march at Fort Hood in 2003 and never recovered.' },
  });
  expect(statement.status(), await statement.text()).toBe(201);
  // A two-page record in the vault, to add to the packet.
  const record = await PDFDocument.create();
  record.addPage();
  record.addPage();
  const recordBytes = Buffer.from(await record.save());
  const granted = await request.post(`${apiURL}/uploads`, {
    headers: asVeteran,
    data: {
      kind: 'document',
      filename: 'service-record.pdf',
      content_type: 'application/pdf',
      size: recordBytes.length,
    },
  });
  expect(granted.status(), await granted.text()).toBe(201);
  const grant = (await granted.json()) as { file_id: string; url: string; headers: object };
  const put = await request.put(grant.url, { data: recordBytes, headers: { ...grant.headers } });
  expect(put.status()).toBe(200);
  expect(
    (
      await request.post(`${apiURL}/uploads/${grant.file_id}/complete`, {
        headers: asVeteran,
        data: {},
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`${apiURL}/documents`, {
        headers: asVeteran,
        data: { file_id: grant.file_id, name: 'Service treatment record' },
      })
    ).status(),
  ).toBe(201);

  // The claim, put together on /claims.
  await page.goto('/claims');
  await page.getByRole('textbox', { name: 'Claim name' }).fill('Knee and ears');
  await page.getByRole('checkbox', { name: 'Left knee strain' }).check();
  await page.getByRole('checkbox', { name: 'Tinnitus' }).check();
  await page.getByRole('button', { name: 'Create claim' }).click();
  const claims = page.getByRole('list', { name: 'Your claims' });
  await expect(claims.getByRole('listitem')).toContainText('Left knee strain, Tinnitus');
  await checkA11y(page);
  await expectFits375(page);

  // The review: each disability with its evidence and links preset to it.
  await claims.getByRole('link', { name: 'Review Knee and ears' }).click();
  const kneeCard = page.getByRole('article', { name: 'Left knee strain' });
  await expect(kneeCard).toContainText('Personal statements: Personal statement: Left knee strain');
  await expect(kneeCard.getByRole('link', { name: 'Draft a nexus letter' })).toHaveAttribute(
    'href',
    `/nexus/new?disability=${knee.id}`,
  );
  await expect(kneeCard.getByRole('link', { name: 'Ask someone for a statement' })).toHaveAttribute(
    'href',
    `/disabilities/buddy-statement/new?disability=${knee.id}`,
  );

  // The packet, with the record added.
  const packet = page.getByRole('region', { name: 'Claim packet' });
  await packet.getByRole('checkbox', { name: 'Service treatment record' }).check();
  await packet.getByRole('button', { name: 'Make the packet (PDF)' }).click();
  const ready = packet.getByText(/Your packet is ready: (\d+) pages/);
  await expect(ready).toBeVisible({ timeout: 30_000 });
  const pages = Number(/ready: (\d+) pages/.exec((await ready.textContent()) ?? '')?.[1]);
  const index = packet.getByRole('list', { name: 'The packet’s index' }).getByRole('listitem');
  await expect(index).toHaveCount(2);
  await expect(index.nth(0)).toContainText(
    'Personal statement: Left knee strain (version 1)page 3',
  );
  await expect(index.nth(1)).toContainText('Service treatment record');
  await checkA11y(page);
  await expectFits375(page);

  const downloading = page.waitForEvent('download');
  await packet.getByRole('button', { name: 'Download the packet' }).click();
  const file = await bytesOf(await downloading);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(file);
  expect(pdf.getPageCount()).toBe(pages);

  // Kept in the vault.
  await page.goto('/vault');
  await expect(
    page.getByRole('heading', {
      level: 3,
      name: /^Claim packet — Knee and ears — \d{4}-\d{2}-\d{2}$/,
    }),
  ).toBeVisible();
});
