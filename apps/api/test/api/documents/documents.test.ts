import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentPageSchema,
  documentSchema,
  generatedDocumentListSchema,
  storageUsageSchema,
  type VaultDocument,
} from '@muster/contract/documents';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { storedFileSchema, uploadGrantSchema, type UploadGrant } from '@muster/contract/storage';
import { files } from '@muster/db/schema/index';
import { EXE_BYTES, PDF_BYTES, PNG_BYTES } from '../../fixtures/files.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * Uploads and the vault through HTTP on a real port (bytes go to the signed URLs, as a browser
 * sends them): finish and refuse (wrong type behind a right name, empty, encrypted PDF, more bytes
 * than announced), documents listed, renamed, tagged, opened and deleted with their file, the
 * storage total, the cap with billing on, and owner scoping.
 */

/** A PDF whose trailer names an /Encrypt dictionary (what a password-protected PDF carries). */
const ENCRYPTED_PDF = Buffer.from(
  '%PDF-1.6\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    '5 0 obj<</Filter/Standard/V 2/R 3/O(x)/U(y)/P -3904>>endobj\n' +
    'trailer<</Root 1 0 R/Encrypt 5 0 R/ID[<01><02>]>>\n%%EOF\n',
  'latin1',
);
/**
 * A newer PDF whose cross-reference stream (with /Encrypt) sits 200 KB before the end, beyond the
 * tail read: only following `startxref` finds it.
 */
const XREF_HEAD = Buffer.concat([
  Buffer.from('%PDF-1.7\n%', 'latin1'),
  Buffer.alloc(100 * 1024, 0x41),
]);
const XREF_STREAM = Buffer.from(
  '\n9 0 obj<</Type/XRef/Size 10/Root 1 0 R/Encrypt 8 0 R/W[1 2 1]>>stream\nxx\nendstream endobj\n',
  'latin1',
);
const ENCRYPTED_PDF_XREF = Buffer.concat([
  XREF_HEAD,
  XREF_STREAM,
  Buffer.alloc(200 * 1024, 0x42),
  Buffer.from(`\nstartxref\n${XREF_HEAD.length + 1}\n%%EOF\n`, 'latin1'),
]);
/** The same, with 200 KB before the trailer: only a read of the file's end finds /Encrypt. */
const ENCRYPTED_PDF_LONG = Buffer.concat([
  Buffer.from('%PDF-1.6\n%', 'latin1'),
  Buffer.alloc(200 * 1024, 0x41),
  Buffer.from('\ntrailer<</Root 1 0 R/Encrypt 5 0 R>>\n%%EOF\n', 'latin1'),
]);

let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer());
});
afterAll(async () => app.close());

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...bearer(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null, text };
}

async function grant(
  token: string,
  file: { filename: string; content_type: string; size: number; kind?: string },
): Promise<UploadGrant> {
  const made = await api(token, 'POST', '/uploads', { kind: 'document', ...file });
  expect(made.status, made.text).toBe(201);
  return uploadGrantSchema.parse(made.json);
}

async function upload(
  token: string,
  bytes: Buffer,
  file: { filename: string; content_type: string; kind?: string },
) {
  const granted = await grant(token, { ...file, size: bytes.length });
  const put = await fetch(granted.url!, {
    method: 'PUT',
    body: bytes,
    headers: { ...granted.headers, 'content-length': String(bytes.length) },
  });
  expect(put.status).toBe(200);
  const done = await api(token, 'POST', `/uploads/${granted.file_id}/complete`, {});
  return { fileId: granted.file_id, done };
}

async function vaultDocument(token: string, name = 'Rating decision.pdf'): Promise<VaultDocument> {
  const { fileId, done } = await upload(token, PDF_BYTES, {
    filename: name,
    content_type: 'application/pdf',
  });
  expect(done.status, done.text).toBe(200);
  const made = await api(token, 'POST', '/documents', { file_id: fileId });
  expect(made.status, made.text).toBe(201);
  return documentSchema.parse(made.json);
}

describe('[UPLOADS]', () => {
  it('[UPLOADS]: a finished upload is ready; its status says so', async () => {
    const me = await signIn(app, 'uploads.ready@example.com');
    const { fileId, done } = await upload(me.token, PDF_BYTES, {
      filename: 'dd214.pdf',
      content_type: 'application/pdf',
    });
    expect(done.status, done.text).toBe(200);
    expect(storedFileSchema.parse(done.json)).toMatchObject({
      status: 'ready',
      rejection_reason: null,
    });
    const status = await api(me.token, 'GET', `/uploads/${fileId}`);
    expect(status.json).toMatchObject({
      id: fileId,
      status: 'ready',
      content_type: 'application/pdf',
    });
  });

  it('[UPLOADS]: refused uploads say why, keep nothing, and stay rejected with the reason', async () => {
    const me = await signIn(app, 'uploads.abuse@example.com');
    const cases = [
      {
        bytes: PNG_BYTES,
        filename: 'letter.pdf',
        reason: /content is image\/png, but it was sent as application\/pdf/,
      },
      { bytes: EXE_BYTES, filename: 'setup.pdf', reason: /not one of the accepted types/ },
      { bytes: ENCRYPTED_PDF, filename: 'locked.pdf', reason: /password-protected or encrypted/ },
      { bytes: ENCRYPTED_PDF_LONG, filename: 'locked-long.pdf', reason: /password-protected/ },
      { bytes: ENCRYPTED_PDF_XREF, filename: 'locked-xref.pdf', reason: /password-protected/ },
    ];
    for (const { bytes, filename, reason } of cases) {
      const { fileId, done } = await upload(me.token, bytes, {
        filename,
        content_type: 'application/pdf',
      });
      expect(done.status, filename).toBe(400);
      expect(errorEnvelopeSchema.parse(done.json).detail, filename).toMatch(reason);
      const status = await api(me.token, 'GET', `/uploads/${fileId}`);
      expect(status.json, filename).toMatchObject({ status: 'rejected' });
      expect((status.json as { rejection_reason: string }).rejection_reason).toMatch(reason);
      expect(await app.storage.size(`u/${me.userId}/${fileId}`)).toBeNull();
      // A refused upload cannot become a document.
      const filed = await api(me.token, 'POST', '/documents', { file_id: fileId });
      expect(filed.status).toBe(409);
    }
    // More bytes than announced: refused as too large by the signed link itself.
    const granted = await grant(me.token, {
      filename: 'short.pdf',
      content_type: 'application/pdf',
      size: 10,
    });
    const put = await fetch(granted.url!, { method: 'PUT', body: PDF_BYTES });
    expect(put.status).toBe(413);
    const early = await api(me.token, 'POST', `/uploads/${granted.file_id}/complete`, {});
    expect(early.status).toBe(409);
    expect(await usage(me.token)).toEqual({ used_bytes: 10, limit_bytes: null });
  });

  it('[UPLOADS]: a link takes bytes only while its upload is pending; a refused upload deletes cleanly', async () => {
    const me = await signIn(app, 'uploads.replay@example.com');
    const granted = await grant(me.token, {
      filename: 'once.pdf',
      content_type: 'application/pdf',
      size: PDF_BYTES.length,
    });
    const send = () =>
      fetch(granted.url!, {
        method: 'PUT',
        body: PDF_BYTES,
        headers: { ...granted.headers, 'content-length': String(PDF_BYTES.length) },
      });
    expect((await send()).status).toBe(200);
    const done = await api(me.token, 'POST', `/uploads/${granted.file_id}/complete`, {});
    expect(done.status).toBe(200);
    // The same link again, after the content was checked: refused, the checked bytes kept.
    const replay = await send();
    expect(replay.status).toBe(409);
    expect(await app.storage.size(`u/${me.userId}/${granted.file_id}`)).toBe(PDF_BYTES.length);
    // A cancelled upload's link is dead too.
    const cancelled = await grant(me.token, {
      filename: 'gone.pdf',
      content_type: 'application/pdf',
      size: PDF_BYTES.length,
    });
    expect((await api(me.token, 'DELETE', `/uploads/${cancelled.file_id}`)).status).toBe(204);
    const late = await fetch(cancelled.url!, { method: 'PUT', body: PDF_BYTES });
    expect(late.status).toBe(409);
    expect(await app.storage.size(`u/${me.userId}/${cancelled.file_id}`)).toBeNull();
    // A refused upload is deleted without counting its bytes again.
    const { fileId } = await upload(me.token, PNG_BYTES, {
      filename: 'x.pdf',
      content_type: 'application/pdf',
    });
    const before = await usage(me.token);
    expect((await api(me.token, 'DELETE', `/uploads/${fileId}`)).status).toBe(204);
    expect(await usage(me.token)).toEqual(before);
    expect((await api(me.token, 'GET', `/uploads/${fileId}`)).status).toBe(404);
  });

  it('[UPLOADS]: bad grants are refused before any byte is sent', async () => {
    const me = await signIn(app, 'uploads.bad@example.com');
    const post = (body: Record<string, unknown>) =>
      api(me.token, 'POST', '/uploads', {
        kind: 'document',
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size: 100,
        ...body,
      });
    expect((await post({ size: 0 })).status).toBe(400);
    expect((await post({ filename: '../../etc/passwd.pdf' })).status).toBe(400);
    expect((await post({ filename: 'dir\\x.pdf' })).status).toBe(400);
    expect((await post({ filename: 'a\u0000.pdf' })).status).toBe(400);
    expect((await post({ content_type: 'application/x-msdownload' })).status).toBe(400);
    const huge = await post({ size: 501 * 1024 * 1024 });
    expect(huge.status).toBe(413);
    expect(errorEnvelopeSchema.parse(huge.json).code).toBe(ERR.TOO_LARGE);
    const letter = await post({ kind: 'decision-letter', size: 51 * 1024 * 1024 });
    expect(letter.status).toBe(413);
    expect(await usage(me.token)).toEqual({ used_bytes: 0, limit_bytes: null });
  });

  it("[UPLOADS]: another user's upload answers 404 everywhere and cannot be filed", async () => {
    const me = await signIn(app, 'uploads.owner@example.com');
    const intruder = await signIn(app, 'uploads.intruder@example.com');
    const { fileId } = await upload(me.token, PDF_BYTES, {
      filename: 'mine.pdf',
      content_type: 'application/pdf',
    });
    for (const [method, path] of [
      ['GET', `/uploads/${fileId}`],
      ['POST', `/uploads/${fileId}/complete`],
      ['DELETE', `/uploads/${fileId}`],
    ] as const) {
      const response = await api(intruder.token, method, path, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const filed = await api(intruder.token, 'POST', '/documents', { file_id: fileId });
    expect(filed.status).toBe(400);
    expect((await api(me.token, 'GET', `/uploads/${fileId}`)).json).toMatchObject({
      status: 'ready',
    });
  });
});

async function usage(token: string) {
  const response = await api(token, 'GET', '/storage/usage');
  expect(response.status).toBe(200);
  return storageUsageSchema.parse(response.json);
}

describe('[VAULT]', () => {
  it('[VAULT]: a document is filed, listed, renamed, tagged, opened and deleted with its file', async () => {
    const me = await signIn(app, 'vault.life@example.com');
    const doc = await vaultDocument(me.token);
    expect(doc).toMatchObject({
      name: 'Rating decision.pdf',
      extension: 'pdf',
      content_type: 'application/pdf',
      size: PDF_BYTES.length,
      doc_type: null,
    });
    expect(await usage(me.token)).toEqual({ used_bytes: PDF_BYTES.length, limit_bytes: null });

    const renamed = await api(me.token, 'PATCH', `/documents/${doc.id}`, {
      name: '2024 rating decision',
      doc_type: 'L023',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({
      name: '2024 rating decision',
      extension: 'pdf',
      doc_type: 'L023',
      doc_type_label: 'Other Correspondence',
    });
    expect(
      (await api(me.token, 'PATCH', `/documents/${doc.id}`, { doc_type: 'L999' })).status,
    ).toBe(400);
    expect((await api(me.token, 'PATCH', `/documents/${doc.id}`, { name: '../x' })).status).toBe(
      400,
    );

    // Opened in the browser, or saved under the document's name with its extension.
    const inline = await api(me.token, 'GET', `/documents/${doc.id}/download?disposition=inline`);
    const opened = await fetch((inline.json as { url: string }).url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-disposition')).toMatch(
      /^inline; filename="2024 rating decision.pdf"/,
    );
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PDF_BYTES);
    const saved = await api(me.token, 'GET', `/documents/${doc.id}/download`);
    const downloaded = await fetch((saved.json as { url: string }).url);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment;/);

    // The palette finds it by name, with its extension badge.
    const found = await api(me.token, 'GET', '/search?q=RATING');
    expect((found.json as { documents: unknown[] }).documents).toEqual([
      { id: doc.id, name: '2024 rating decision', extension: 'pdf' },
    ]);

    // Filing the same upload twice is refused.
    expect((await api(me.token, 'POST', '/documents', { file_id: doc.file_id })).status).toBe(409);

    const deleted = await api(me.token, 'DELETE', `/bucket/delete/${doc.id}`);
    expect(deleted.status).toBe(204);
    expect((await api(me.token, 'GET', `/documents/${doc.id}`)).status).toBe(404);
    expect((await api(me.token, 'GET', `/uploads/${doc.file_id}`)).status).toBe(404);
    expect(await app.storage.size(`u/${me.userId}/${doc.file_id}`)).toBeNull();
    expect(await app.database.db.select().from(files).where(eq(files.id, doc.file_id))).toEqual([]);
    expect(await usage(me.token)).toEqual({ used_bytes: 0, limit_bytes: null });
    expect((await api(me.token, 'DELETE', `/bucket/delete/${doc.id}`)).status).toBe(404);
  });

  it('[VAULT]: lists page newest first and search by name; another user sees none of it', async () => {
    const me = await signIn(app, 'vault.list@example.com');
    const intruder = await signIn(app, 'vault.list.intruder@example.com');
    const made: VaultDocument[] = [];
    for (const name of ['DD214.pdf', 'Buddy statement.pdf', 'Sleep study.pdf']) {
      made.push(await vaultDocument(me.token, name));
    }
    const page = documentPageSchema.parse(
      (await api(me.token, 'GET', '/documents?page_size=2')).json,
    );
    expect(page.meta).toEqual({ page: 1, page_size: 2, total: 3 });
    expect(page.results.map((d) => d.name)).toEqual(['Sleep study.pdf', 'Buddy statement.pdf']);
    const searched = documentPageSchema.parse(
      (await api(me.token, 'GET', '/documents?q=dd2')).json,
    );
    expect(searched.results.map((d) => d.name)).toEqual(['DD214.pdf']);
    const percent = documentPageSchema.parse((await api(me.token, 'GET', '/documents?q=%25')).json);
    expect(percent.meta.total).toBe(0);

    expect(
      documentPageSchema.parse((await api(intruder.token, 'GET', '/documents')).json).meta.total,
    ).toBe(0);
    for (const [method, path, body] of [
      ['GET', `/documents/${made[0]!.id}`, undefined],
      ['PATCH', `/documents/${made[0]!.id}`, { name: 'Mine now' }],
      ['GET', `/documents/${made[0]!.id}/download`, undefined],
      ['DELETE', `/bucket/delete/${made[0]!.id}`, undefined],
      ['GET', '/documents/not-a-uuid', undefined],
    ] as const) {
      const response = await api(intruder.token, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await api(me.token, 'GET', `/documents/${made[0]!.id}`)).json).toMatchObject({
      name: 'DD214.pdf',
    });
  });

  it('[VAULT]: a pending upload cannot be filed; a cancelled one frees its room', async () => {
    const me = await signIn(app, 'vault.pending@example.com');
    const granted = await grant(me.token, {
      filename: 'big.pdf',
      content_type: 'application/pdf',
      size: 4096,
    });
    const early = await api(me.token, 'POST', '/documents', { file_id: granted.file_id });
    expect(early.status).toBe(409);
    expect(errorEnvelopeSchema.parse(early.json).detail).toMatch(/not finished/);
    expect(await usage(me.token)).toMatchObject({ used_bytes: 4096 });
    expect((await api(me.token, 'DELETE', `/uploads/${granted.file_id}`)).status).toBe(204);
    expect(await usage(me.token)).toMatchObject({ used_bytes: 0 });
  });
});

describe('[VAULT][CAP]', () => {
  let billed: TestApp;
  let billedUrl: string;
  beforeAll(async () => {
    ({ app: billed, url: billedUrl } = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_vault', STRIPE_WEBHOOK_SECRET: 'whsec_vault' },
    }));
  });
  afterAll(async () => billed.close());

  it('[VAULT][CAP]: with billing on, an upload that would pass the plan’s storage is refused before any byte; concurrent ones cannot pass it together', async () => {
    const me = await signIn(billed, 'vault.cap@example.com');
    const MB = 1024 * 1024;
    const post = (size: number) =>
      fetch(`${billedUrl}/uploads`, {
        method: 'POST',
        headers: { ...bearer(me.token), 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'document',
          filename: 'c-file.pdf',
          content_type: 'application/pdf',
          size,
        }),
      });
    expect((await post(300 * MB)).status).toBe(201);
    const over = await post(201 * MB);
    expect(over.status).toBe(403);
    const envelope = (await over.json()) as Record<string, unknown>;
    expect(envelope).toMatchObject({
      code: ERR.FORBIDDEN,
      quota: { feature: 'vault_storage_mb', used: 300, limit: 500 },
    });
    expect(String(envelope.detail)).toMatch(/quota reached/i);
    // Eight uploads of 100 MB at once: only two fit in the 200 MB left.
    const raced = await Promise.all(Array.from({ length: 8 }, () => post(100 * MB)));
    expect(raced.filter((r) => r.status === 201)).toHaveLength(2);
    expect(raced.filter((r) => r.status === 403)).toHaveLength(6);
    const usageResponse = await fetch(`${billedUrl}/usage`, { headers: bearer(me.token) });
    const quotas = ((await usageResponse.json()) as { quotas: { feature: string; used: number }[] })
      .quotas;
    expect(quotas.find((q) => q.feature === 'vault_storage_mb')?.used).toBe(500);
  });
});

describe('[GENERATED DOCUMENTS]', () => {
  it('[GENERATED]: each statement is listed with its disability and the formats it downloads in', async () => {
    const me = await signIn(app, 'generated.list@example.com');
    const other = await signIn(app, 'generated.other@example.com');
    const disability = async (title: string) => {
      const made = await api(me.token, 'POST', '/disabilities', { title });
      return (made.json as { id: string }).id;
    };
    const knee = await disability('Left knee strain');
    const ptsd = await disability('PTSD');
    for (const id of [knee, ptsd]) {
      const made = await api(me.token, 'POST', `/disabilities/${id}/personal-statements`, {
        body: 'My own words.',
      });
      expect(made.status, made.text).toBe(201);
    }
    const listed = await api(me.token, 'GET', '/generated-documents');
    expect(listed.status).toBe(200);
    const results = generatedDocumentListSchema.parse(listed.json).results;
    expect(results.map((r) => [r.disability_title, r.formats])).toEqual([
      ['PTSD', ['pdf', 'docx', 'va-21-4138', 'va-21-0781']],
      ['Left knee strain', ['pdf', 'docx', 'va-21-4138']],
    ]);
    expect(results[0]).toMatchObject({
      kind: 'personal-statement',
      title: 'Personal statement: PTSD',
      disability_id: ptsd,
      version: 1,
    });
    // Each downloads again through its statement's route.
    const pdf = await fetch(
      `${url}/disabilities/${knee}/personal-statements/${results[1]!.id}/download-statement?format=pdf`,
      { headers: bearer(me.token) },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      generatedDocumentListSchema.parse(
        (await api(other.token, 'GET', '/generated-documents')).json,
      ).results,
    ).toEqual([]);
  });
});
