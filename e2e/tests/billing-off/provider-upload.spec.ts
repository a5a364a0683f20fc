import type { Download } from '@playwright/test';
import { outboxSchema } from '@muster/contract/outbox';

import { checkA11y, expect, test, uniqueEmail } from '../../fixtures.ts';
import { sidewaysOverflow } from '../app/app-pages.ts';

/**
 * A nexus letter signed by the veteran's physician, who has no account: the veteran sends the
 * letter from its page; the email (read from the API's outbox) carries a link; the physician opens
 * it in a browser of their own, downloads the draft and uploads the signed copy. The letter then
 * reads signed, the copy is in the veteran's vault tagged as a private medical record, and the
 * link no longer works. It runs on the server `npm start` makes (billing off): the Free plan of
 * the billing-on server has no nexus letters.
 */

type VaultDocument = { id: string; name: string; doc_type: string | null };

/** A small PDF: the header, padding, the end marker (the API reads the type from the bytes). */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

async function firstBytes(download: Download): Promise<string> {
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks as Buffer[])
    .subarray(0, 5)
    .toString('latin1');
}

test('[APP][NEXUS]: a physician without an account uploads the signed letter through the emailed link', async ({
  page,
  login,
  browser,
  request,
  baseURL,
  apiBase,
}) => {
  test.setTimeout(120_000);
  const veteran = await login();
  const asVeteran = { authorization: `Bearer ${veteran.token}` };
  const created = await request.post(`${apiBase}/disabilities`, {
    headers: asVeteran,
    data: { title: 'Left knee strain', diagnosis: 'Patellofemoral syndrome', claim_type: 'direct' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const knee = (await created.json()) as { id: string };
  const made = await request.post(`${apiBase}/disabilities/${knee.id}/nexus-letters`, {
    headers: asVeteran,
    data: {},
  });
  expect(made.status(), await made.text()).toBe(201);
  const letter = (await made.json()) as { id: string };

  // The veteran sends it from the letter's page.
  await page.goto(`/nexus/${letter.id}`);
  const send = page.getByRole('region', { name: 'Send it to your doctor to sign' });
  await expect(send).toBeVisible();
  const doctorEmail = uniqueEmail('dr.tallqvist');
  await send.getByRole('textbox', { name: 'Your doctor’s name' }).fill('Dr. Ingeborg Tallqvist');
  await send.getByRole('textbox', { name: 'Your doctor’s email' }).fill(doctorEmail);
  await send.getByRole('button', { name: 'Email the letter to sign' }).click();
  await expect(send.getByText(/The letter was emailed to Dr. Ingeborg Tallqvist/)).toBeVisible();
  await expect(
    send.getByRole('list', { name: 'Providers asked to sign' }).getByRole('listitem'),
  ).toContainText('Waiting for the signed letter');
  await expect(page.getByText('Status:').locator('..')).toContainText('Sent to a provider');
  await checkA11y(page);

  // The email carries the link.
  const outbox = outboxSchema.parse(await (await request.get(`${apiBase}/dev/outbox`)).json());
  const mail = outbox.find((entry) => entry.to === doctorEmail);
  const link = mail?.text.match(/https?:\/\/\S+\/provider-upload\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, 'the upload link in the email').toBeDefined();

  // The physician: another browser, no account.
  const doctorContext = await browser.newContext({ baseURL, acceptDownloads: true });
  const doctor = await doctorContext.newPage();
  const doctorErrors: string[] = [];
  doctor.on('console', (message) => {
    if (message.type() === 'error') doctorErrors.push(message.text());
  });
  const path = new URL(link!).pathname;
  await doctor.goto(path);
  await expect(
    doctor.getByText(/Dr. Ingeborg Tallqvist, .* asked you to review and sign a medical opinion/),
  ).toBeVisible();
  await checkA11y(doctor);
  await doctor.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => sidewaysOverflow(doctor)).toBeLessThanOrEqual(0);
  await doctor.setViewportSize({ width: 1280, height: 800 });

  const downloading = doctor.waitForEvent('download');
  await doctor.getByRole('button', { name: 'Download the draft (PDF)' }).click();
  expect(await firstBytes(await downloading)).toBe('%PDF-');

  await doctor.getByLabel('Choose the signed letter').setInputFiles({
    name: 'tallqvist-signed.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOf(4_000),
  });
  await expect(doctor.getByText('Thank you. The signed letter was sent.')).toBeVisible();
  expect(doctorErrors).toEqual([]);

  // Used once: the link no longer works.
  await doctor.goto(path);
  await expect(doctor.getByText('This link no longer works')).toBeVisible();
  await doctorContext.close();

  // The veteran sees it signed, and the copy in the vault.
  await page.reload();
  await expect(page.getByText('Status:').locator('..')).toContainText('Signed');
  await expect(
    page.getByRole('list', { name: 'Providers asked to sign' }).getByRole('listitem'),
  ).toContainText('Signed letter received');
  const listed = await request.get(`${apiBase}/documents`, { headers: asVeteran });
  expect(listed.status()).toBe(200);
  const documents = (await listed.json()) as { results: VaultDocument[] };
  expect(documents.results).toEqual([
    expect.objectContaining({
      name: 'Signed nexus letter — Left knee strain — Dr. Ingeborg Tallqvist',
      doc_type: 'L049',
    }),
  ]);
  await page.goto('/vault');
  await expect(
    page.getByRole('heading', {
      level: 3,
      name: 'Signed nexus letter — Left knee strain — Dr. Ingeborg Tallqvist',
    }),
  ).toBeVisible();
});
