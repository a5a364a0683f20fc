import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cfileSchema, type Cfile } from '@muster/contract/cfiles';
import { decisionLetterSchema, type DecisionLetter } from '@muster/contract/decision-letters';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '@muster/contract/storage';
import { files } from '@muster/db/schema/index';
import { getDownloadUrl, storeGeneratedFile } from '#src/modules/storage/storage.service.ts';
import { PDF_BYTES, PNG_BYTES, pdfOfSize } from '../../fixtures/files.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * Uploads sent to do harm, through HTTP with the job queue running: a file whose content is not
 * what its name says, sizes that do not add up, an empty file, a password-protected PDF, PDFs
 * built to exhaust the reader, names that try to climb out of the folder or break a header, and a
 * multipart upload finished with another upload's parts. Each is refused with a 4xx in the error
 * envelope (never a 5xx), nothing is left half-saved, and the process keeps answering.
 */

type Caller = { token: string; userId: string };
type Reply = Awaited<ReturnType<TestApp['inject']>>;

const CFILE_ENV = {
  CFILE_CHUNK_PAGES: '3',
  CFILE_LEASE_SECONDS: '2',
  CFILE_PDFTOTEXT: 'false',
};

/** A ZIP archive's local file header: an accepted type for no PDF upload. */
const ZIP_BYTES = Buffer.concat([Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(200)]);

/**
 * A PDF written by hand with its objects' offsets in a cross-reference table, so pdf.js reads it
 * as a well-formed file. `objects[i]` is object number i + 1; `trailer` is added to the trailer.
 */
function handPdf(objects: string[], trailer = ''): Buffer {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const ONE_PAGE = [
  '<</Type/Catalog/Pages 2 0 R>>',
  '<</Type/Pages/Kids[3 0 R]/Count 1>>',
  '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>',
];

/**
 * A password-protected PDF: the standard security handler (RC4, 40-bit), with owner and user
 * password entries that match no empty password, so no reader opens it without one.
 */
function encryptedPdf(): Buffer {
  const hex = (byte: string) => `<${byte.repeat(32)}>`;
  return handPdf(
    [...ONE_PAGE, `<</Filter/Standard/V 1/R 2/O ${hex('ab')}/U ${hex('cd')}/P -44>>`],
    `/Encrypt 4 0 R/ID[<0123456789abcdef0123456789abcdef><0123456789abcdef0123456789abcdef>]`,
  );
}

/** A PDF whose page tree claims ten million pages while holding one. */
const HUGE_COUNT_PDF = handPdf([
  '<</Type/Catalog/Pages 2 0 R>>',
  '<</Type/Pages/Kids[3 0 R]/Count 10000000>>',
  '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>',
]);

/** A PDF whose page tree holds an array nested 100,000 levels deep. */
const DEEP_NESTING_PDF = handPdf([
  '<</Type/Catalog/Pages 2 0 R>>',
  `<</Type/Pages/Kids[3 0 R]/Count 1/Junk ${'['.repeat(100_000)}${']'.repeat(100_000)}>>`,
  '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>',
]);

/** The same, nested in dictionaries and never closed. */
const DEEP_DICTIONARY_PDF = handPdf([
  '<</Type/Catalog/Pages 2 0 R>>',
  `<</Type/Pages/Kids[3 0 R]/Count 1/Junk ${'<</A '.repeat(100_000)}>>`,
  '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>',
]);

let app: TestApp;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  app = await buildTestApp({ runJobs: true, env: CFILE_ENV });
  alice = await signIn(app, 'abuse.alice@example.com');
  bob = await signIn(app, 'abuse.bob@example.com');
});
afterAll(async () => app.close());

function call(who: Caller, method: string, url: string, payload?: unknown): Promise<Reply> {
  return app.inject({
    method: method as 'GET',
    url,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The body in the error envelope, after checking the status is the 4xx expected. */
function expectEnvelope(response: Reply, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return errorEnvelopeSchema.parse(response.json());
}

type Grant = { file_id: string; url?: string; parts?: { part_number: number; url: string }[] };

async function grant(
  who: Caller,
  input: { kind: string; filename: string; content_type: string; size: number },
): Promise<Grant> {
  const response = await call(who, 'POST', '/uploads', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Grant>();
}

/** PUTs bytes to a signed local URL (served by the app itself). */
function putTo(url: string, bytes: Buffer): Promise<Reply> {
  return app.inject({ method: 'PUT', url: new URL(url).pathname, payload: bytes });
}

async function uploaded(
  who: Caller,
  input: { kind: string; filename: string; content_type: string },
  bytes: Buffer,
): Promise<string> {
  const granted = await grant(who, { ...input, size: bytes.length });
  const put = await putTo(granted.url!, bytes);
  expect(put.statusCode, put.body).toBe(200);
  return granted.file_id;
}

const complete = (who: Caller, fileId: string, body: object = {}) =>
  call(who, 'POST', `/uploads/${fileId}/complete`, body);

async function fileRow(fileId: string) {
  const [row] = await app.database.db.select().from(files).where(eq(files.id, fileId));
  return row;
}

/** The upload is refused for good: its row says so (never ready) and its object is gone. */
async function expectRefusedAndGone(who: Caller, fileId: string) {
  const status = await call(who, 'GET', `/uploads/${fileId}`);
  expect(status.statusCode).toBe(200);
  expect(status.json()).toMatchObject({ status: 'rejected', rejection_reason: expect.any(String) });
  const row = await fileRow(fileId);
  expect(row?.status).toBe('rejected');
  expect(await app.storage.size(row!.storageKey)).toBeNull();
}

async function readyCount(ownerId: string): Promise<number> {
  const rows = await app.database.db.select().from(files).where(eq(files.ownerId, ownerId));
  return rows.filter((row) => row.status === 'ready').length;
}

async function waitForCfile(who: Caller, id: string, seconds = 60): Promise<Cfile> {
  let last: Cfile | undefined;
  for (let i = 0; i < seconds * 10; i++) {
    const response = await call(who, 'GET', `/cfiles/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    last = cfileSchema.parse(response.json());
    if (['complete', 'failed', 'canceled'].includes(last.status)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the C-file did not settle in time: ${JSON.stringify(last)}`);
}

async function waitForLetter(who: Caller, id: string, seconds = 120): Promise<DecisionLetter> {
  let last: DecisionLetter | undefined;
  for (let i = 0; i < seconds * 4; i++) {
    const response = await call(who, 'GET', `/decision-letters/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    last = decisionLetterSchema.parse(response.json());
    if (last.status === 'complete' || last.status === 'failed') return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the letter did not settle in time: ${JSON.stringify(last)}`);
}

/** A finished c-file upload of `bytes`, and the C-file started from it. */
async function startCfile(who: Caller, bytes: Buffer): Promise<{ fileId: string; id: string }> {
  const fileId = await uploaded(
    who,
    { kind: 'c-file', filename: 'C-file.pdf', content_type: 'application/pdf' },
    bytes,
  );
  const done = await complete(who, fileId);
  expect(done.statusCode, done.body).toBe(200);
  const made = await call(who, 'POST', '/cfiles', { file_id: fileId });
  expect(made.statusCode, made.body).toBe(202);
  return { fileId, id: made.json<{ id: string }>().id };
}

describe('[UPLOAD ABUSE]', () => {
  it('[UPLOADS]: a picture or an archive named letter.pdf and sent as a PDF is refused at finalize, and its bytes are deleted', async () => {
    for (const [bytes, sniffed] of [
      [PNG_BYTES, /content is image\/png, but it was sent as application\/pdf/],
      [ZIP_BYTES, /not one of the accepted types/],
    ] as const) {
      const fileId = await uploaded(
        alice,
        { kind: 'decision-letter', filename: 'letter.pdf', content_type: 'application/pdf' },
        bytes,
      );
      const refused = expectEnvelope(await complete(alice, fileId), 400);
      expect(refused.code).toBe(ERR.INVALID_FORMAT);
      expect(refused.detail).toMatch(sniffed);
      await expectRefusedAndGone(alice, fileId);
      // A refused upload cannot be used, finished again or downloaded.
      expectEnvelope(await complete(alice, fileId), 409);
      const letter = await call(alice, 'POST', '/decision-letters', { file_id: fileId });
      expect(letter.statusCode).toBeGreaterThanOrEqual(400);
      expect(letter.statusCode).toBeLessThan(500);
    }
    expect(await readyCount(alice.userId)).toBe(0);
  });

  it('[UPLOADS]: a grant above the kind’s limit is refused over HTTP before any row is written', async () => {
    const before = await app.database.db
      .select()
      .from(files)
      .where(eq(files.ownerId, alice.userId));
    for (const [kind, size] of [
      ['c-file', 500 * 1024 * 1024 + 1],
      ['avatar', 5 * 1024 * 1024 + 1],
      ['document', Number.MAX_SAFE_INTEGER],
    ] as const) {
      const response = await call(alice, 'POST', '/uploads', {
        kind,
        filename: kind === 'avatar' ? 'me.png' : 'big.pdf',
        content_type: kind === 'avatar' ? 'image/png' : 'application/pdf',
        size,
      });
      const envelope = expectEnvelope(response, 413);
      expect(envelope.code).toBe(ERR.TOO_LARGE);
      expect(envelope.fields).toMatchObject({ size: expect.any(String) });
    }
    // Not a number of bytes at all.
    for (const size of [1.5, -1, '10', null]) {
      const response = await call(alice, 'POST', '/uploads', {
        kind: 'document',
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size,
      });
      expect(response.statusCode, `${size}: ${response.body}`).toBe(400);
      errorEnvelopeSchema.parse(response.json());
    }
    const after = await app.database.db.select().from(files).where(eq(files.ownerId, alice.userId));
    expect(after.length).toBe(before.length);
  });

  it('[UPLOADS]: fewer bytes than announced are refused at finalize and deleted', async () => {
    const granted = await grant(alice, {
      kind: 'document',
      filename: 'short.pdf',
      content_type: 'application/pdf',
      size: PDF_BYTES.length + 100,
    });
    const put = await putTo(granted.url!, PDF_BYTES);
    // The upload URL may refuse a short body at once; if it takes it, finalize must not.
    if (put.statusCode === 200) {
      const refused = expectEnvelope(await complete(alice, granted.file_id), 400);
      expect(refused.detail).toMatch(/holds \d+ bytes, but the file was announced as \d+ bytes/);
      await expectRefusedAndGone(alice, granted.file_id);
    } else {
      expectEnvelope(put, put.statusCode);
      expect(put.statusCode).toBeLessThan(500);
      expect((await fileRow(granted.file_id))?.status).not.toBe('ready');
    }
  });

  it('[UPLOADS]: a grant for zero bytes is refused, and so is a finalize with nothing or an empty body uploaded', async () => {
    const zero = await call(alice, 'POST', '/uploads', {
      kind: 'document',
      filename: 'empty.pdf',
      content_type: 'application/pdf',
      size: 0,
    });
    expect(expectEnvelope(zero, 400).fields).toMatchObject({ size: expect.any(String) });

    // Nothing uploaded: the upload is still waiting (409) and may be finished once it arrives.
    const nothing = await grant(alice, {
      kind: 'document',
      filename: 'later.pdf',
      content_type: 'application/pdf',
      size: PDF_BYTES.length,
    });
    const early = expectEnvelope(await complete(alice, nothing.file_id), 409);
    expect(early.code).toBe(ERR.INVALID_STATE);
    expect((await fileRow(nothing.file_id))?.status).toBe('pending');
    expect(await app.storage.size((await fileRow(nothing.file_id))!.storageKey)).toBeNull();

    // An empty body sent to the upload URL: refused there, or refused at finalize.
    const put = await putTo(nothing.url!, Buffer.alloc(0));
    expect(put.statusCode).toBeLessThan(500);
    const finished = await complete(alice, nothing.file_id);
    expect(finished.statusCode, finished.body).toBeGreaterThanOrEqual(400);
    expect(finished.statusCode).toBeLessThan(500);
    errorEnvelopeSchema.parse(finished.json());
    const row = await fileRow(nothing.file_id);
    expect(row?.status).not.toBe('ready');
    const kept = await app.storage.size(row!.storageKey);
    expect(kept === null || kept === 0).toBe(true);
    if (row?.status === 'rejected') expect(kept).toBeNull();
  });

  it('[UPLOADS]: a password-protected PDF is refused by the vault, and cannot start a C-file or a letter', async () => {
    const bytes = encryptedPdf();
    for (const kind of ['c-file', 'decision-letter', 'document']) {
      const fileId = await uploaded(
        alice,
        { kind, filename: 'locked.pdf', content_type: 'application/pdf' },
        bytes,
      );
      const refused = expectEnvelope(await complete(alice, fileId), 400);
      expect(refused.detail).toMatch(/password-protected/);
      await expectRefusedAndGone(alice, fileId);
      if (kind === 'c-file') {
        const cfile = await call(alice, 'POST', '/cfiles', { file_id: fileId });
        expect(cfile.statusCode, cfile.body).toBeGreaterThanOrEqual(400);
        expect(cfile.statusCode).toBeLessThan(500);
        errorEnvelopeSchema.parse(cfile.json());
      }
      if (kind === 'decision-letter') {
        const letter = await call(alice, 'POST', '/decision-letters', { file_id: fileId });
        expectEnvelope(letter, 409);
      }
    }
  });

  it('[CFILES]: a password-protected PDF already in the vault fails its C-file with words the veteran can act on', async () => {
    // A file kept before the vault checked for passwords: the reading must still refuse it.
    const stored = await storeGeneratedFile({
      db: app.database.db,
      storage: app.storage,
      ownerId: alice.userId,
      kind: 'c-file',
      filename: 'old-locked.pdf',
      contentType: 'application/pdf',
      bytes: encryptedPdf(),
    });
    const made = await call(alice, 'POST', '/cfiles', { file_id: stored.id });
    expect(made.statusCode, made.body).toBe(202);
    const cfile = await waitForCfile(alice, made.json<{ id: string }>().id);
    expect(cfile.status).toBe('failed');
    expect(cfile.error).toMatch(/password-protected/);
    expect(cfile.pages_total).toBeNull();
  });

  // A password is not something a retry fixes: the reading fails at once, without waiting out
  // the retries, and says what to do.
  it('[LETTERS]: a password-protected PDF already in the vault fails its reading with a clear message', async () => {
    const stored = await storeGeneratedFile({
      db: app.database.db,
      storage: app.storage,
      ownerId: alice.userId,
      kind: 'decision-letter',
      filename: 'old-locked-letter.pdf',
      contentType: 'application/pdf',
      bytes: encryptedPdf(),
    });
    const made = await call(alice, 'POST', '/decision-letters', { file_id: stored.id });
    expect(made.statusCode, made.body).toBe(202);
    const letter = await waitForLetter(alice, made.json<{ id: string }>().id, 20);
    expect(letter.status).toBe('failed');
    // In words the veteran can act on, as the vault and the C-file reading say it.
    expect(letter.error).toMatch(/password-protected/);
  }, 40_000);

  it('[CFILES]: a page tree claiming ten million pages is read for the pages it really holds, at once', async () => {
    // The reader does not trust the claimed count: it walks the tree, finds one page and reads
    // that, rather than planning ten million pages of work.
    const startedAt = Date.now();
    const { id } = await startCfile(alice, HUGE_COUNT_PDF);
    const cfile = await waitForCfile(alice, id, 20);
    expect(cfile).toMatchObject({ status: 'complete', pages_total: 1, pages_done: 1, error: null });
    expect(Date.now() - startedAt).toBeLessThan(20_000);
  });

  it('[CFILES]: arrays and dictionaries nested 100,000 deep fail the C-file cleanly, and the API keeps answering', async () => {
    for (const bytes of [DEEP_NESTING_PDF, DEEP_DICTIONARY_PDF]) {
      const { id } = await startCfile(alice, bytes);
      const cfile = await waitForCfile(alice, id, 60);
      // The reader gives up on the nesting, and the C-file fails with our words, not a crash.
      expect(cfile.status).toBe('failed');
      expect(cfile.error).toMatch(/not a PDF that can be read/);
      expect(cfile.pages_total).toBeNull();
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect((await call(alice, 'GET', `/cfiles/${id}`)).statusCode).toBe(200);
    }
  });

  it('[UPLOADS]: names that climb folders, hide characters or run long are refused, or kept only as a display name', async () => {
    const names = [
      '../../etc/passwd.pdf',
      '..\\..\\x.pdf',
      'a/./b.pdf',
      'a\u0000.pdf',
      'a\r\nSet-Cookie: x=1.pdf',
      '\u202Etxt.pdf',
      `${'a'.repeat(296)}.pdf`,
      '.....',
      '..',
      'quote"d;name=evil.pdf',
    ];
    for (const name of names) {
      const response = await call(alice, 'POST', '/uploads', {
        kind: 'document',
        filename: name,
        content_type: 'application/pdf',
        size: PDF_BYTES.length,
      });
      expect(response.statusCode, `${JSON.stringify(name)}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode !== 201) {
        const envelope = expectEnvelope(response, 400);
        expect(envelope.fields, JSON.stringify(name)).toMatchObject({
          filename: expect.any(String),
        });
        continue;
      }
      const { file_id: fileId, url } = response.json<Grant>();
      expect((await putTo(url!, PDF_BYTES)).statusCode).toBe(200);
      const done = await complete(alice, fileId);
      expect(done.statusCode, done.body).toBe(200);
      const row = await fileRow(fileId);
      // The object is kept under the owner and the file's id, never under any part of its name.
      expect(row!.storageKey).toBe(`u/${encodeURIComponent(alice.userId)}/${fileId}`);
      expect(row!.storageKey).not.toContain('..');
      const { url: download } = await getDownloadUrl({
        db: app.database.db,
        storage: app.storage,
        ownerId: alice.userId,
        fileId,
      });
      const got = await app.inject({ method: 'GET', url: new URL(download).pathname });
      expect(got.statusCode).toBe(200);
      const disposition = String(got.headers['content-disposition']);
      // One quoted plain name and one percent-encoded one: no stray quote, slash or line break.
      expect(disposition, JSON.stringify(name)).toMatch(
        /^attachment; filename="[^"\\/\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%!'()*._~-]*$/,
      );
      expect(disposition).not.toContain('\u202E');
    }
  });

  it('[UPLOADS]: a multipart upload cannot be finished with another upload’s parts, and the other upload is unaffected', async () => {
    const size = MULTIPART_THRESHOLD_BYTES + 1;
    const bytesA = pdfOfSize(size);
    const bytesB = Buffer.from(bytesA);
    bytesB.fill(0x42, 16, size - 16);
    const start = async (who: Caller) => {
      const granted = await grant(who, {
        kind: 'c-file',
        filename: 'big.pdf',
        content_type: 'application/pdf',
        size,
      });
      expect(granted.parts).toHaveLength(Math.ceil(size / MULTIPART_PART_BYTES));
      return granted;
    };
    const send = async (granted: Grant, bytes: Buffer) => {
      const etags: { part_number: number; etag: string }[] = [];
      for (const part of granted.parts!) {
        const from = (part.part_number - 1) * MULTIPART_PART_BYTES;
        const put = await putTo(part.url, bytes.subarray(from, from + MULTIPART_PART_BYTES));
        expect(put.statusCode, put.body).toBe(200);
        etags.push({ part_number: part.part_number, etag: String(put.headers.etag) });
      }
      return etags;
    };
    const uploadA = await start(alice);
    const uploadB = await start(bob);
    const partsA = await send(uploadA, bytesA);
    const partsB = await send(uploadB, bytesB);
    expect(partsA.map((p) => p.etag)).not.toEqual(partsB.map((p) => p.etag));

    const keyA = (await fileRow(uploadA.file_id))!.storageKey;
    const refusedFinishes = [
      // All of B's parts.
      partsB,
      // A's parts with one of B's in place of A's own.
      partsA.map((part, index) => (index === 1 ? partsB[1]! : part)),
      // A's parts, numbered past the upload's end.
      partsA.map((part) => ({ ...part, part_number: part.part_number + 100 })),
      // A's parts, one of them twice.
      [...partsA.slice(0, -1), partsA[0]!],
    ];
    for (const parts of refusedFinishes) {
      const refused = await complete(alice, uploadA.file_id, { parts });
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      errorEnvelopeSchema.parse(refused.json());
      expect((await fileRow(uploadA.file_id))?.status).not.toBe('ready');
      expect(await app.storage.size(keyA)).toBeNull();
    }
    // B cannot finish, see or delete A's upload at all.
    expectEnvelope(await complete(bob, uploadA.file_id, { parts: partsA }), 404);
    expectEnvelope(await call(bob, 'GET', `/uploads/${uploadA.file_id}`), 404);
    expectEnvelope(await call(bob, 'DELETE', `/uploads/${uploadA.file_id}`), 404);

    // B's upload finishes with its own parts, and holds B's bytes.
    const finishedB = await complete(bob, uploadB.file_id, { parts: partsB });
    expect(finishedB.statusCode, finishedB.body).toBe(200);
    expect(finishedB.json()).toMatchObject({ status: 'ready', size });
    const keyB = (await fileRow(uploadB.file_id))!.storageKey;
    const middle = await app.storage.readStart(keyB, MULTIPART_PART_BYTES + 32);
    expect(middle.subarray(MULTIPART_PART_BYTES, MULTIPART_PART_BYTES + 32)).toEqual(
      Buffer.alloc(32, 0x42),
    );
    // A, refused with the wrong parts, still finishes with its own.
    const finishedA = await complete(alice, uploadA.file_id, { parts: partsA });
    expect(finishedA.statusCode, finishedA.body).toBe(200);
    // Once finished, B's parts cannot replace A's content.
    expectEnvelope(await complete(alice, uploadA.file_id, { parts: partsB }), 409);
    const kept = await app.storage.readStart(keyA, MULTIPART_PART_BYTES + 32);
    expect(kept.subarray(MULTIPART_PART_BYTES, MULTIPART_PART_BYTES + 32)).toEqual(
      Buffer.alloc(32, 0x41),
    );
    for (const fileId of [uploadA.file_id, uploadB.file_id]) {
      const owner = fileId === uploadA.file_id ? alice : bob;
      expect((await call(owner, 'DELETE', `/uploads/${fileId}`)).statusCode).toBe(204);
    }
  });
});
