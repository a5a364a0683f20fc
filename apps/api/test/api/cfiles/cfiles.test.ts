import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CFILE_MAX_PAGES,
  addedCfileDisabilitiesSchema,
  cfileConditionsSchema,
  cfileListSchema,
  cfileMedicationsSchema,
  cfilePageSchema,
  cfileSchema,
  type Cfile,
} from '@muster/contract/cfiles';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { findPdftotext } from '#src/lib/pdf-text/pdftotext.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from '../../helpers/build-test-app.ts';
import { testDatabaseKind } from '../../helpers/config.ts';

/**
 * C-files through HTTP with the job queue running: a PDF uploaded as a `c-file` is counted, read
 * in chunks (text layer or OCR) with live progress, and its medications and conditions gathered
 * with their pages; cancel, delete, refusals, a broken PDF, a restart half-way and (on
 * PostgreSQL) two workers sharing one file. Everything is the owner's and encrypted at rest.
 */

const SCANNED = new URL(
  '../../../../../packages/domain/src/decision-letters/fixtures/pdf/03-ocr-gulf-war-presumptive.scanned.pdf',
  import.meta.url,
);

/** Small chunks so a short file still has several; pdf.js only (pdftotext has its own test). */
const CFILE_ENV = {
  CFILE_CHUNK_PAGES: '3',
  CFILE_LEASE_SECONDS: '2',
  CFILE_PDFTOTEXT: 'false',
};

const TINNITUS = 'tinnitus (ringing or hissing in ears)';
const BACK = 'lower back strain (lumbosacral strain)';
const OUD = 'opioid use disorder';

/** Known pages: conditions and drugs found, denied ones not, a 7332-protected diagnosis and drug. */
const KNOWN_PAGES = [
  'PRIMARY CARE PROGRESS NOTE 03/14/2019\nAssessment:\n1. Tinnitus, bilateral\n2. Lumbosacral strain\nMedications: sertraline 50 mg po daily; lisinopril 10 mg daily',
  'Veteran denies history of sleep apnea. Denies chest pain.\nNo history of asthma.\nHe denies use of tramadol.',
  'ADDICTION CLINIC NOTE 06/02/2020\nAssessment: Opioid use disorder, in sustained remission\nPlan: Buprenorphine/naloxone 8/2 mg SL daily',
  'Routine follow-up visit. No new complaints today. Vitals stable.\nContinue sertraline 50 mg po daily.',
];
const FILLER = 'Routine follow-up visit. No new complaints today. Vitals stable.';

/** A PDF of text pages; at the page numbers in `scanned`, the fixture's first scanned page. */
async function cfilePdf(pages: string[], scanned: number[] = []): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const scan = scanned.length > 0 ? await PDFDocument.load(readFileSync(SCANNED)) : null;
  const total = pages.length + scanned.length;
  let next = 0;
  for (let number = 1; number <= total; number++) {
    if (scan && scanned.includes(number)) {
      const [copied] = await doc.copyPages(scan, [0]);
      doc.addPage(copied);
      continue;
    }
    const page = doc.addPage([612, 792]);
    (pages[next++] ?? FILLER).split('\n').forEach((line, index) => {
      page.drawText(line, { x: 60, y: 740 - index * 16, size: 11, font });
    });
  }
  return Buffer.from(await doc.save());
}

const fillerPdf = (count: number) =>
  cfilePdf(Array.from({ length: count }, (_, i) => `${FILLER}\nNote number ${i + 1}.`));

type Caller = { token: string; userId: string };

async function call(app: TestApp, who: Caller, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Uploads `bytes` as a finished upload of `kind`; answers the file id. */
async function upload(app: TestApp, who: Caller, bytes: Buffer, kind = 'c-file') {
  const grant = await call(app, who, 'POST', '/uploads', {
    kind,
    filename: 'Smith C-file.pdf',
    content_type: 'application/pdf',
    size: bytes.length,
  });
  expect(grant.statusCode, grant.body).toBe(201);
  const { file_id: fileId, url } = grant.json<{ file_id: string; url: string }>();
  const put = await app.inject({ method: 'PUT', url: new URL(url).pathname, payload: bytes });
  expect(put.statusCode, put.body).toBe(200);
  const done = await call(app, who, 'POST', `/uploads/${fileId}/complete`, {});
  expect(done.statusCode, done.body).toBe(200);
  return fileId;
}

async function createCfile(app: TestApp, who: Caller, bytes: Buffer): Promise<string> {
  const made = await call(app, who, 'POST', '/cfiles', { file_id: await upload(app, who, bytes) });
  expect(made.statusCode, made.body).toBe(202);
  expect(made.json()).toMatchObject({ status: 'queued' });
  return made.json<{ id: string }>().id;
}

async function getCfile(app: TestApp, who: Caller, id: string): Promise<Cfile> {
  const response = await call(app, who, 'GET', `/cfiles/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return cfileSchema.parse(response.json());
}

/** Polls until `done` holds of the C-file; every progress seen is kept. */
async function waitFor(
  app: TestApp,
  who: Caller,
  id: string,
  done: (cfile: Cfile) => boolean,
  seconds = 90,
): Promise<{ cfile: Cfile; seen: Cfile[] }> {
  const seen: Cfile[] = [];
  for (let i = 0; i < seconds * 20; i++) {
    const cfile = await getCfile(app, who, id);
    seen.push(cfile);
    if (done(cfile)) return { cfile, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the C-file did not get there in time: ${JSON.stringify(seen.at(-1))}`);
}
const settled = (cfile: Cfile) => ['complete', 'failed', 'canceled'].includes(cfile.status);

function expectEnvelope(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  return errorEnvelopeSchema.parse(response.json());
}

describe('[CFILES]', () => {
  let app: TestApp;
  let me: Caller;
  let intruder: Caller;
  beforeAll(async () => {
    app = await buildTestApp({ runJobs: true, env: CFILE_ENV });
    me = await signIn(app, 'cfiles.owner@example.com');
    intruder = await signIn(app, 'cfiles.intruder@example.com');
  });
  afterAll(async () => app.close());

  let readId: string;

  it('[CFILES]: a C-file is read page by page into its medications and conditions', async () => {
    // 8 pages: the known ones, fillers, and one scanned page (page 6) read by OCR.
    const bytes = await cfilePdf([...KNOWN_PAGES, FILLER, FILLER, FILLER], [6]);
    readId = await createCfile(app, me, bytes);
    const { cfile, seen } = await waitFor(app, me, readId, settled);
    expect(cfile, JSON.stringify(cfile)).toMatchObject({
      status: 'complete',
      progress: 100,
      pages_total: 8,
      pages_done: 8,
      pages_ocr: 1,
      error: null,
      filename: 'Smith C-file.pdf',
    });
    expect(cfile.completed_at).not.toBeNull();
    // Progress only moves forward.
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const meds = cfileMedicationsSchema.parse(
      (await call(app, me, 'GET', `/cfiles/${readId}/medications`)).json(),
    ).results;
    const med = (name: string) => meds.find((m) => m.name === name);
    expect(med('sertraline')).toMatchObject({
      dose: '50 mg',
      pages: [1, 4],
      protected_7332: false,
    });
    expect(med('lisinopril')).toMatchObject({ pages: [1] });
    expect(med('buprenorphine/naloxone')).toMatchObject({ pages: [3], protected_7332: true });
    // Denied: not a medication of the veteran's.
    expect(med('tramadol')).toBeUndefined();
    expect(cfile.medications_count).toBe(meds.length);

    const conditions = cfileConditionsSchema.parse(
      (await call(app, me, 'GET', `/cfiles/${readId}/conditions`)).json(),
    ).results;
    const condition = (name: string) => conditions.find((c) => c.name === name);
    expect(condition(TINNITUS)).toMatchObject({
      pages: [1],
      claimed: false,
      protected_7332: false,
    });
    expect(condition(BACK)).toMatchObject({ pages: [1], diagnostic_code: '5237' });
    expect(condition(OUD)).toMatchObject({ pages: [3], protected_7332: true });
    // Negated: "denies history of sleep apnea", "no history of asthma".
    expect(condition('sleep apnea')).toBeUndefined();
    expect(conditions.some((c) => /asthma/i.test(c.name))).toBe(false);
    expect(cfile.conditions_count).toBe(conditions.length);

    // The page viewer: a text page, the protected one flagged, the scanned one read by OCR.
    const page1 = cfilePageSchema.parse(
      (await call(app, me, 'GET', `/cfiles/${readId}/pages/1`)).json(),
    );
    expect(page1).toMatchObject({ page: 1, pages_total: 8, source: 'text', protected_7332: false });
    expect(page1.text).toContain('Lumbosacral strain');
    const page3 = cfilePageSchema.parse(
      (await call(app, me, 'GET', `/cfiles/${readId}/pages/3`)).json(),
    );
    expect(page3.protected_7332).toBe(true);
    const page6 = cfilePageSchema.parse(
      (await call(app, me, 'GET', `/cfiles/${readId}/pages/6`)).json(),
    );
    expect(page6.source).toBe('ocr');
    expect(page6.text).toMatch(/Veterans Affairs/i);
    for (const bad of ['9', '0', 'abc', '99999999']) {
      const response = await call(app, me, 'GET', `/cfiles/${readId}/pages/${bad}`);
      expect(expectEnvelope(response, 400).code, bad).toBe(ERR.INVALID_INPUT);
    }

    // Listed.
    const list = cfileListSchema.parse((await call(app, me, 'GET', '/cfiles?page=1')).json());
    expect(list.results).toEqual([expect.objectContaining({ id: readId, status: 'complete' })]);
    expect(list.meta).toMatchObject({ page: 1, total: 1 });

    // Encrypted at rest: no drug name, diagnosis or filename in the database's plain text.
    const raw = await app.database.pool.query<{ text: string }>(
      'select text from cfile_pages where cfile_id = $1',
      [readId],
    );
    expect(raw.rows).toHaveLength(8);
    for (const row of raw.rows) expect(row.text).toMatch(/^enc:v1:/);
    const rawRow = await app.database.pool.query<Record<string, string>>(
      'select medications, conditions, filename from cfiles where id = $1',
      [readId],
    );
    const stored = JSON.stringify(rawRow.rows[0]);
    expect(stored).not.toMatch(/sertraline|buprenorphine|tinnitus|Smith/i);
    expect(rawRow.rows[0]!.medications).toMatch(/^enc:v1:/);
  });

  it('[CFILES]: the evidence index cites pages and marks protected findings for the veteran', async () => {
    const response = await call(app, me, 'GET', `/cfiles/${readId}/evidence-index.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('sertraline, 50 mg');
    expect(flat).toContain('pp. 1, 4');
    expect(flat).toContain('buprenorphine/naloxone');
    expect(flat).toContain(OUD);
    expect(flat).toContain(
      'Protected by 38 U.S.C. 7332 — do not share without your written consent',
    );
    expect(flat).toContain(`Page 1 of ${totalPages}`);
  });

  it('[CFILES]: found conditions become disabilities in one step; claimed ones are skipped', async () => {
    const wrong = await call(app, me, 'POST', `/cfiles/${readId}/disabilities`, {
      names: [TINNITUS, 'Broken heart'],
    });
    const envelope = expectEnvelope(wrong, 400);
    expect(envelope.fields).toEqual({ 'names.1': expect.any(String) });
    // Nothing was added by the refused request.
    const none = await call(app, me, 'GET', '/disabilities');
    expect(none.json<{ results: unknown[] }>().results).toEqual([]);

    const added = await call(app, me, 'POST', `/cfiles/${readId}/disabilities`, {
      names: [TINNITUS, BACK],
    });
    expect(added.statusCode, added.body).toBe(200);
    const body = addedCfileDisabilitiesSchema.parse(added.json());
    expect(body.created.map((d) => d.name).sort()).toEqual([BACK, TINNITUS].sort());
    expect(body.skipped).toEqual([]);
    const again = addedCfileDisabilitiesSchema.parse(
      (
        await call(app, me, 'POST', `/cfiles/${readId}/disabilities`, { names: [TINNITUS, BACK] })
      ).json(),
    );
    expect(again).toEqual({ created: [], skipped: [TINNITUS, BACK] });
    const conditions = cfileConditionsSchema.parse(
      (await call(app, me, 'GET', `/cfiles/${readId}/conditions`)).json(),
    ).results;
    expect(conditions.find((c) => c.name === TINNITUS)?.claimed).toBe(true);
    expect(conditions.find((c) => c.name === OUD)?.claimed).toBe(false);
  });

  it("[CFILES]: another user's C-file answers 404 on every route", async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', `/cfiles/${readId}`],
      ['POST', `/cfiles/${readId}/cancel`, {}],
      ['GET', `/cfiles/${readId}/medications`],
      ['GET', `/cfiles/${readId}/conditions`],
      ['GET', `/cfiles/${readId}/pages/1`],
      ['GET', `/cfiles/${readId}/pages/abc`],
      ['POST', `/cfiles/${readId}/disabilities`, { names: [TINNITUS] }],
      ['GET', `/cfiles/${readId}/evidence-index.pdf`],
      ['DELETE', `/cfiles/${readId}`],
    ];
    for (const [method, url, body] of routes) {
      const response = await call(app, intruder, method, url, body);
      expect(expectEnvelope(response, 404).code, `${method} ${url}`).toBe(ERR.NOT_FOUND);
    }
    // Malformed ids are not found either, never a 500.
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect(expectEnvelope(await call(app, me, 'GET', `/cfiles/${id}`), 404).code).toBe(
        ERR.NOT_FOUND,
      );
    }
    const theirs = cfileListSchema.parse((await call(app, intruder, 'GET', '/cfiles')).json());
    expect(theirs.results).toEqual([]);
    // Still the owner's, untouched.
    expect((await getCfile(app, me, readId)).status).toBe('complete');
    // A complete C-file cannot be canceled.
    expectEnvelope(await call(app, me, 'POST', `/cfiles/${readId}/cancel`, {}), 409);
  });

  it('[CFILES]: only a finished c-file upload of the caller is accepted', async () => {
    const bytes = await fillerPdf(2);
    const document = await upload(app, me, bytes, 'document');
    const notCfile = await call(app, me, 'POST', '/cfiles', { file_id: document });
    expect(expectEnvelope(notCfile, 400).fields).toEqual({ file_id: expect.any(String) });
    const foreign = await upload(app, intruder, bytes);
    const theirs = await call(app, me, 'POST', '/cfiles', { file_id: foreign });
    expect(expectEnvelope(theirs, 400).fields).toEqual({ file_id: expect.any(String) });
    const missing = await call(app, me, 'POST', '/cfiles', {
      file_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(expectEnvelope(missing, 400).fields).toEqual({ file_id: expect.any(String) });
    expectEnvelope(await call(app, me, 'POST', '/cfiles', { file_id: 'nope' }), 400);
  });

  it('[CFILES]: a file pdf.js cannot open fails with words the veteran can act on', async () => {
    const broken = Buffer.from(`%PDF-1.7\n${'this is not really a PDF\n'.repeat(50)}`, 'latin1');
    const id = await createCfile(app, me, broken);
    const { cfile } = await waitFor(app, me, id, settled);
    expect(cfile.status).toBe('failed');
    expect(cfile.error).toMatch(/not a PDF that can be read/);
    expect(cfile.pages_total).toBeNull();
    expectEnvelope(await call(app, me, 'GET', `/cfiles/${id}/medications`), 409);
    expectEnvelope(await call(app, me, 'GET', `/cfiles/${id}/pages/1`), 400);
  });

  it('[CFILES]: a file longer than the most pages read is refused when counted', async () => {
    const doc = await PDFDocument.create();
    for (let page = 0; page <= CFILE_MAX_PAGES; page++) doc.addPage([200, 200]);
    const id = await createCfile(app, me, Buffer.from(await doc.save()));
    const { cfile } = await waitFor(app, me, id, settled);
    expect(cfile.status).toBe('failed');
    expect(cfile.error).toMatch(/10,001 pages; at most 10,000 can be read/);
    expect(cfile.pages_total).toBeNull();
  });

  it('[CFILES]: cancel stops the workers at the next page and keeps what was read', async () => {
    const id = await createCfile(app, me, await fillerPdf(60));
    await waitFor(app, me, id, (c) => c.pages_done >= 3 || settled(c));
    const canceled = await call(app, me, 'POST', `/cfiles/${id}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = cfileSchema.parse(canceled.json());
    expect(after.status).toBe('canceled');
    expect(after.pages_done).toBeLessThan(60);
    // Nothing moves any more.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const later = await getCfile(app, me, id);
    expect(later).toMatchObject({ status: 'canceled', pages_done: after.pages_done });
    const counted = await app.database.pool.query<{ n: number }>(
      'select count(*)::int as n from cfile_pages where cfile_id = $1',
      [id],
    );
    expect(counted.rows[0]!.n).toBe(after.pages_done);
    // Canceling again changes nothing; an unread page is not found; findings are not ready.
    expect((await call(app, me, 'POST', `/cfiles/${id}/cancel`, {})).statusCode).toBe(200);
    expectEnvelope(await call(app, me, 'GET', `/cfiles/${id}/pages/60`), 404);
    expectEnvelope(await call(app, me, 'GET', `/cfiles/${id}/conditions`), 409);
  });

  it('[CFILES]: deleting a C-file while it is read removes its pages but not the upload', async () => {
    const bytes = await fillerPdf(30);
    const fileId = await upload(app, me, bytes);
    const made = await call(app, me, 'POST', '/cfiles', { file_id: fileId });
    const id = made.json<{ id: string }>().id;
    await waitFor(app, me, id, (c) => c.pages_done >= 3 || settled(c));
    const deleted = await call(app, me, 'DELETE', `/cfiles/${id}`);
    expect(deleted.statusCode).toBe(204);
    expectEnvelope(await call(app, me, 'GET', `/cfiles/${id}`), 404);
    expectEnvelope(await call(app, me, 'DELETE', `/cfiles/${id}`), 404);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const table of ['cfile_pages', 'cfile_chunks']) {
      const left = await app.database.pool.query<{ n: number }>(
        `select count(*)::int as n from ${table} where cfile_id = $1`,
        [id],
      );
      expect(left.rows[0]!.n, table).toBe(0);
    }
    // The veteran's document stays in the vault.
    const file = await call(app, me, 'GET', `/uploads/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.json()).toMatchObject({ status: 'ready' });
  });
});

describe('[CFILES][RESTART]', () => {
  it('[CFILES]: after a hard stop half-way, a new server goes on from the last page read', async () => {
    // Chunks of 40 pages, so the stop falls in the middle of one.
    const env: TestAppOptions['env'] = {
      ...CFILE_ENV,
      CFILE_CHUNK_PAGES: '40',
      CFILE_LEASE_SECONDS: '1',
    };
    const first = await buildTestApp({ runJobs: true, env });
    let second: TestApp | undefined;
    try {
      const me = await signIn(first, 'cfiles.restart@example.com');
      const pages = [...KNOWN_PAGES, ...Array.from({ length: 116 }, () => FILLER)];
      const id = await createCfile(first, me, await cfilePdf(pages));
      await waitFor(first, me, id, (c) => c.pages_done >= 5 || settled(c));
      // The server stops hard: its workers are dropped mid-chunk.
      await first.jobs?.stop({ graceful: false, timeoutMs: 1000 });
      const before = await first.database.pool.query<{ page: number; read_at: Date }>(
        'select page, read_at from cfile_pages where cfile_id = $1 order by page',
        [id],
      );
      expect(before.rows.length).toBeGreaterThan(0);
      expect(before.rows.length).toBeLessThan(120);
      const doneBefore = await first.database.pool.query<{ first_page: number }>(
        "select first_page from cfile_chunks where cfile_id = $1 and status = 'done'",
        [id],
      );
      // A process that dies outright leaves its chunk held, by a worker that is gone, until the
      // lease runs out (the stop above gave it back; put it as a crash leaves it).
      const held = await first.database.pool.query<{ first_page: number }>(
        `update cfile_chunks set status = 'reading', lease_owner = 'gone:worker',
           lease_until = now() + interval '1 second'
         where cfile_id = $1 and status <> 'done' and attempts > 0 returning first_page`,
        [id],
      );
      await new Promise((resolve) => setTimeout(resolve, 1200));
      // A new server on the same database and files starts; its sweep restarts the chunk whose
      // lease ran out, and the chunks still queued run as they come.
      second = await buildTestApp({
        runJobs: true,
        sameDatabaseAs: first,
        env: { ...env, DATA_DIR: first.dataDir },
      });
      await second.jobs!.enqueue(second.jobDefinitions.sweepCfiles, {});
      const { cfile } = await waitFor(second, me, id, settled, 120);
      expect(cfile).toMatchObject({
        status: 'complete',
        progress: 100,
        pages_total: 120,
        pages_done: 120,
      });
      const after = await second.database.pool.query<{ page: number; read_at: Date }>(
        'select page, read_at from cfile_pages where cfile_id = $1 order by page',
        [id],
      );
      expect(after.rows.map((r) => r.page)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
      // Pages read before the stop were kept as they were, not read again.
      const readAt = new Map(after.rows.map((r) => [r.page, r.read_at.getTime()]));
      for (const row of before.rows) expect(readAt.get(row.page)).toBe(row.read_at.getTime());
      // Chunks done before the stop were taken once.
      const attempts = await second.database.pool.query<{ first_page: number; attempts: number }>(
        'select first_page, attempts from cfile_chunks where cfile_id = $1',
        [id],
      );
      const doneFirst = new Set(doneBefore.rows.map((r) => r.first_page));
      for (const chunk of attempts.rows) {
        if (doneFirst.has(chunk.first_page))
          expect(chunk.attempts, String(chunk.first_page)).toBe(1);
      }
      // The chunk read when the server stopped was taken again, and skipped its pages read.
      for (const { first_page: firstPage } of held.rows) {
        const chunk = attempts.rows.find((row) => row.first_page === firstPage);
        expect(chunk?.attempts).toBeGreaterThanOrEqual(2);
      }
      // No finding twice.
      const meds = cfileMedicationsSchema.parse(
        (await call(second, me, 'GET', `/cfiles/${id}/medications`)).json(),
      ).results;
      expect(new Set(meds.map((m) => m.name)).size).toBe(meds.length);
      expect(meds.find((m) => m.name === 'sertraline')?.pages).toEqual([1, 4]);
      const conditions = cfileConditionsSchema.parse(
        (await call(second, me, 'GET', `/cfiles/${id}/conditions`)).json(),
      ).results;
      expect(new Set(conditions.map((c) => c.name)).size).toBe(conditions.length);
      expect(conditions.find((c) => c.name === TINNITUS)?.pages).toEqual([1]);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});

describe.runIf(testDatabaseKind === 'postgres')('[CFILES][WORKERS]', () => {
  it('[CFILES]: two workers on PostgreSQL split one C-file’s chunks', async () => {
    const first = await buildTestApp({ runJobs: true, env: CFILE_ENV });
    let second: TestApp | undefined;
    try {
      second = await buildTestApp({
        runJobs: true,
        sameDatabaseAs: first,
        env: { ...CFILE_ENV, DATA_DIR: first.dataDir },
      });
      const me = await signIn(first, 'cfiles.workers@example.com');
      const id = await createCfile(first, me, await fillerPdf(120));
      const { cfile } = await waitFor(first, me, id, settled, 120);
      expect(cfile).toMatchObject({ status: 'complete', pages_done: 120 });
      const owners = await first.database.pool.query<{ worker: string; chunks: number }>(
        "select split_part(lease_owner, ':', 1) as worker, count(*)::int as chunks from cfile_chunks where cfile_id = $1 group by 1",
        [id],
      );
      expect(owners.rows.length, JSON.stringify(owners.rows)).toBe(2);
      expect(owners.rows.reduce((sum, row) => sum + row.chunks, 0)).toBe(40);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});

const hasPdftotext = (await findPdftotext()) !== null;

describe.runIf(hasPdftotext)('[CFILES][PDFTOTEXT]', () => {
  it('[CFILES]: with pdftotext installed, text pages come from it and scans from OCR', async () => {
    const app = await buildTestApp({
      runJobs: true,
      env: { ...CFILE_ENV, CFILE_PDFTOTEXT: 'true' },
    });
    try {
      const me = await signIn(app, 'cfiles.pdftotext@example.com');
      const id = await createCfile(app, me, await cfilePdf(KNOWN_PAGES, [5]));
      const { cfile } = await waitFor(app, me, id, settled);
      expect(cfile).toMatchObject({ status: 'complete', pages_done: 5, pages_ocr: 1 });
      const sources = await Promise.all(
        [1, 2, 3, 4, 5].map(async (page) =>
          cfilePageSchema.parse((await call(app, me, 'GET', `/cfiles/${id}/pages/${page}`)).json()),
        ),
      );
      expect(sources.map((p) => p.source)).toEqual([
        'pdftotext',
        'pdftotext',
        'pdftotext',
        'pdftotext',
        'ocr',
      ]);
      const meds = cfileMedicationsSchema.parse(
        (await call(app, me, 'GET', `/cfiles/${id}/medications`)).json(),
      ).results;
      expect(meds.find((m) => m.name === 'sertraline')?.pages).toEqual([1, 4]);
    } finally {
      await app.close();
    }
  });
});
