import { writeFile } from 'node:fs/promises';

import type { Page, Route } from '@playwright/test';

import { apiURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { createDisability, expectFits375, firstBytes, getJson } from './app-pages.ts';

/**
 * The file vault as a veteran uses it: a PDF uploaded, listed, renamed, tagged with a VA document
 * type, opened, downloaded and deleted; a picture named .pdf refused with the API's reason; a
 * large upload interrupted by a reload and resumed with the same file, without sending again what
 * was already stored. Then `/documents`, where a statement Muster keeps downloads again. Both
 * pages are checked with axe and at 375 px.
 */

type Listed<T> = { results: T[] };
type VaultDocument = { id: string; name: string; doc_type: string | null; size: number };
type Grant = { file_id: string; method: string; parts?: { part_number: number; url: string }[] };

const MB = 1024 * 1024;
/** A 1×1 PNG: an accepted type, but not the one its name claims below. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PDF of `size` bytes: the header, padding, the end marker. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

function documentItem(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Your documents' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

test('[APP][VAULT]: a PDF is uploaded, listed, renamed, tagged, opened, downloaded and deleted', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();

  // Nothing kept yet.
  await page.goto('/vault');
  await expect(page.getByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();
  await expect(page.getByText(/^0 bytes of 500 MB used$/)).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);

  // Upload: picked with the file input, checked by the API, filed under its name.
  await page.getByLabel('Choose a file').setInputFiles({
    name: 'DD214.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOf(20_000),
  });
  await expect(page.getByText('DD214.pdf was added to your vault.')).toBeVisible();
  const item = documentItem(page, 'DD214.pdf');
  await expect(item).toContainText('File type: PDF');
  await expect(item).toContainText('VA document type:Not set');
  await expect(item).toContainText('Size:19.5 KB');
  await expect(page.getByText(/^19\.5 KB of 500 MB used$/)).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);

  // Rename.
  await item.getByRole('button', { name: 'Rename DD214.pdf' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename document' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('DD214 member 4.pdf');
  await checkA11y(page);
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  const renamed = documentItem(page, 'DD214 member 4.pdf');
  await expect(renamed).toBeVisible();

  // Tag with VA's type for a DD214.
  await renamed.getByRole('button', { name: 'VA type of DD214 member 4.pdf' }).click();
  const tag = page.getByRole('dialog', { name: 'VA document type' });
  await tag.getByRole('combobox', { name: 'Document type' }).selectOption({
    label: 'Copy of a DD214',
  });
  await tag.getByRole('button', { name: 'Save type' }).click();
  await expect(tag).toBeHidden();
  await expect(renamed).toContainText('VA document type:Copy of a DD214');
  const kept = await getJson<Listed<VaultDocument>>(request, user.token, '/documents');
  expect(kept.results).toMatchObject([
    { name: 'DD214 member 4.pdf', doc_type: 'L029', size: 20_000 },
  ]);

  // Preview: a new tab on a short-lived link that shows the PDF in the browser.
  const previewRequest = page
    .context()
    .waitForEvent('request', (sent) => sent.url().includes('/storage/local/'));
  await renamed.getByRole('button', { name: /^Preview DD214 member 4\.pdf/ }).click();
  const previewUrl = (await previewRequest).url();
  const inline = await request.get(previewUrl);
  expect(inline.status()).toBe(200);
  expect(inline.headers()['content-type']).toBe('application/pdf');
  expect(inline.headers()['content-disposition']).toMatch(/^inline/);
  expect((await inline.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  for (const popup of page.context().pages()) if (popup !== page) await popup.close();

  // Download: saved under the document's name.
  const downloading = page.waitForEvent('download');
  await renamed.getByRole('button', { name: 'Download DD214 member 4.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('DD214 member 4.pdf');
  expect(await firstBytes(download)).toBe('%PDF-');

  // Delete, after a confirmation.
  await renamed.getByRole('button', { name: 'Delete DD214 member 4.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Delete document' }).click();
  await expect(page.getByText('Document deleted')).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();
  const left = await getJson<Listed<VaultDocument>>(request, user.token, '/documents');
  expect(left.results).toHaveLength(0);
});

test('[APP][VAULT]: a picture named .pdf is refused with the API’s reason', async ({
  page,
  login,
  consoleErrors,
}) => {
  // The refusal is an error answer, which the browser logs as a failed resource.
  consoleErrors.allow(/Failed to load resource/);
  await login();
  await page.goto('/vault');
  await expect(page.getByText('No documents yet')).toBeVisible();

  await page.getByLabel('Choose a file').setInputFiles({
    name: 'discharge.pdf',
    mimeType: 'application/pdf',
    buffer: PNG,
  });
  await expect(page.getByText('We could not upload “discharge.pdf”')).toBeVisible();
  await expect(
    page.getByText(
      "The file's content is image/png, but it was sent as application/pdf. Check the file and upload it again.",
    ),
  ).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();
  await checkA11y(page);
});

test('[APP][VAULT]: a large upload interrupted by a reload resumes with the same file, sending only what was missing', async ({
  page,
  login,
}, testInfo) => {
  test.setTimeout(240_000);
  const user = await login();
  const path = testInfo.outputPath('c-file.pdf');
  await writeFile(path, pdfOf(70 * MB));

  // Every PUT to storage is counted per URL; the second part's first PUT is held (never answered).
  // Set by the grant's answer (a holder: the callbacks below assign it).
  const seen: { grant: Grant | null } = { grant: null };
  const puts = new Map<string, number>();
  const held: Route[] = [];
  // The grant is read before the app gets it, so the held part is known before any PUT.
  await page.route(`${apiURL}/uploads`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    seen.grant = (await response.json()) as Grant;
    return route.fulfill({ response });
  });
  await page.route('**/storage/local/**', async (route) => {
    const sent = route.request();
    if (sent.method() !== 'PUT') return route.continue();
    const url = sent.url();
    puts.set(url, (puts.get(url) ?? 0) + 1);
    const second = seen.grant?.parts?.find((part) => part.part_number === 2)?.url;
    if (url === second && puts.get(url) === 1) {
      held.push(route);
      return undefined;
    }
    return route.continue();
  });
  const partUrl = (n: number) =>
    seen.grant?.parts?.find((part) => part.part_number === n)?.url ?? '';
  const putsOf = (n: number) => puts.get(partUrl(n)) ?? 0;
  const keptKey = `muster:pending-upload:${user.userId}:document`;
  const keptEtags = () =>
    page.evaluate((key) => {
      const record = JSON.parse(window.localStorage.getItem(key) ?? '{"etags":[]}') as {
        etags: { part_number: number }[];
      };
      return record.etags.map((part) => part.part_number);
    }, keptKey);

  await page.goto('/vault');
  await expect(page.getByText('No documents yet')).toBeVisible();
  await page.getByLabel('Choose a file').setInputFiles(path);
  const bar = page.getByRole('progressbar', { name: 'Upload of c-file.pdf' });
  await expect(bar).toBeVisible();
  await expect.poll(() => seen.grant?.parts?.length).toBe(5);
  expect(seen.grant).toMatchObject({ method: 'multipart' });

  // Every part but the held second one is stored, and kept for resuming.
  await expect.poll(keptEtags, { timeout: 120_000 }).toEqual([1, 3, 4, 5]);
  // 54 of 70 MB stored (77%), and whatever of the held part the browser counted as sent.
  const shown = Number(await bar.getAttribute('aria-valuenow'));
  expect(shown).toBeGreaterThanOrEqual(77);
  expect(shown).toBeLessThan(100);
  expect(held).toHaveLength(1);

  // A reload: the page offers to resume; the same file picked again finishes the upload.
  await page.reload();
  await expect(page.getByText('Resume your upload of “c-file.pdf” (70 MB)')).toBeVisible();
  await expect(page.getByText(/4 of 5 parts were sent/)).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Choose a file').setInputFiles(path);
  await expect(page.getByText('c-file.pdf was added to your vault.')).toBeVisible({
    timeout: 120_000,
  });
  await expect(documentItem(page, 'c-file.pdf')).toContainText('Size:70 MB');
  expect(await keptEtags()).toEqual([]);

  // Only the missing part was sent again.
  expect([1, 2, 3, 4, 5].map(putsOf)).toEqual([1, 2, 1, 1, 1]);
});

test('[APP][DOCUMENTS]: a statement Muster keeps downloads again from /documents', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();

  // Nothing written yet: the way to the disabilities.
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByText('Nothing prepared yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your disabilities' })).toHaveAttribute(
    'href',
    '/disabilities',
  );
  await checkA11y(page);
  await expectFits375(page);

  const knee = await createDisability(request, user.token, {
    title: 'knee strain or sprain, left',
    classification_code: '8997',
    diagnostic_code: '5260',
    side_of_body: 'left',
    claim_type: 'direct',
  });
  const written = await request.post(`${apiURL}/disabilities/${knee.id}/personal-statements`, {
    headers: { authorization: `Bearer ${user.token}` },
    data: { body: 'My own words.' },
  });
  expect(written.status(), await written.text()).toBe(201);

  await page.reload();
  const title = `Personal statement: ${knee.title}`;
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // The sidebar lists the disability too: the link meant is the one in the list.
  await expect(
    page.getByRole('list', { name: 'Prepared documents' }).getByRole('link', { name: knee.title }),
  ).toHaveAttribute('href', `/disabilities/${knee.id}`);
  await expect(page.getByRole('button', { name: `VA Form 21-0781: ${title}` })).toHaveCount(0);
  await checkA11y(page);
  await expectFits375(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Statement (PDF): ${title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-statement-knee-.*-v1\.pdf$/);
  expect(await firstBytes(download)).toBe('%PDF-');
  await expect(page.getByText('Statement (PDF) downloaded.')).toBeVisible();
});
