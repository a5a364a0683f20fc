import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PACKET_DOCUMENTS,
  claimPacketSchema,
  claimSchema,
  type ClaimPacket,
} from '@muster/contract/claims';
import { documentPageSchema, documentSchema } from '@muster/contract/documents';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { laymanLinkSchema } from '@muster/contract/layman-statements';
import { downloadUrlSchema, uploadGrantSchema } from '@muster/contract/storage';
import { documents, files, nexusLetters } from '@muster/db/schema/index';
import { PDF_BYTES, PNG_BYTES } from '../../fixtures/files.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * The claim packet through HTTP: one PDF made from a claim (a cover, an index, each disability's
 * personal statements, submitted lay statements and nexus letters, then the vault documents asked
 * for), every page numbered, kept in the vault as a new document. The index's page numbers are
 * checked against the pages themselves; another user's claim answers 404, another user's document
 * 400, an empty claim still gets its cover and index, and nothing is kept past the storage cap.
 */

let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer());
});
afterAll(async () => app.close());

type Answer = { status: number; json: unknown; text: string };

async function call(
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
  base = url,
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    json: text && type.includes('json') ? (JSON.parse(text) as unknown) : null,
    text,
  };
}

const api = (token: string, method: string, path: string, body?: unknown, base = url) =>
  call(bearer(token), method, path, body, base);

async function created<T>(answer: Promise<Answer>): Promise<T> {
  const done = await answer;
  expect(done.status, done.text).toBe(201);
  return done.json as T;
}

/** A PDF of `pages` Letter pages, each starting with `heading`. */
async function pdfWith(heading: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([595, 842]).drawText(`${heading} sheet ${n}`, { x: 50, y: 780, font, size: 14 });
  }
  return Buffer.from(await doc.save());
}

/** Uploads `bytes` and files them in the vault; answers the document. */
async function vault(
  token: string,
  bytes: Buffer,
  filename: string,
  contentType: string,
  base = url,
) {
  const granted = uploadGrantSchema.parse(
    await created(
      api(
        token,
        'POST',
        '/uploads',
        { kind: 'document', filename, content_type: contentType, size: bytes.length },
        base,
      ),
    ),
  );
  const put = await fetch(granted.url!, {
    method: 'PUT',
    body: bytes,
    headers: { ...granted.headers, 'content-length': String(bytes.length) },
  });
  expect(put.status).toBe(200);
  const done = await api(token, 'POST', `/uploads/${granted.file_id}/complete`, {}, base);
  expect(done.status, done.text).toBe(200);
  return documentSchema.parse(
    await created(api(token, 'POST', '/documents', { file_id: granted.file_id }, base)),
  );
}

async function disability(token: string, title: string, base = url): Promise<string> {
  return (await created<{ id: string }>(api(token, 'POST', '/disabilities', { title }, base))).id;
}

async function claimOf(token: string, name: string, disabilityIds: string[], base = url) {
  return claimSchema.parse(
    await created(api(token, 'POST', '/claims', { name, disability_ids: disabilityIds }, base)),
  );
}

/** A witness's statement, asked for and submitted through the link, as a witness does. */
async function submittedLayStatement(
  token: string,
  disabilityId: string,
  attachment?: { bytes: Buffer; filename: string; contentType: string },
) {
  const link = laymanLinkSchema.parse(
    await created(
      api(token, 'POST', '/layman-statements', {
        disability_id: disabilityId,
        name: 'Bartholomew Quillfeather',
        email: 'bart.quillfeather@example.com',
        relationship: 'Served with him in 2nd Platoon',
        witnessed: 'His knee giving out on patrols',
      }),
    ),
  );
  const anonymous = await fetch(`${url}/auth/sign-in/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const session = anonymous.headers.get('set-auth-token')!;
  const token43 = link.token_link.slice(link.token_link.lastIndexOf('/') + 1);
  const witness = { ...bearer(session), 'x-layman-token': token43 };
  let attachmentId: string | undefined;
  if (attachment) {
    // Through the link's own upload routes, as the witness's page sends it.
    const granted = uploadGrantSchema.parse(
      await created(
        call(witness, 'POST', '/layman-statements/by-token/upload', {
          filename: attachment.filename,
          size: attachment.bytes.length,
          content_type: attachment.contentType,
        }),
      ),
    );
    const put = await fetch(granted.url!, {
      method: 'PUT',
      body: attachment.bytes,
      headers: { ...granted.headers, 'content-length': String(attachment.bytes.length) },
    });
    expect(put.status).toBe(200);
    const done = await call(witness, 'POST', '/layman-statements/by-token/upload/complete', {
      file_id: granted.file_id,
    });
    expect(done.status, done.text).toBe(200);
    attachmentId = granted.file_id;
  }
  const submitted = await call(witness, 'POST', '/layman-statements/by-token/submit', {
    statement: 'I watched his knee give out on patrol in Ramadi and saw him limp for weeks.',
    signature: 'Bartholomew Quillfeather',
    certify: true,
    signer: { phone: '(937) 555-0199' },
    ...(attachmentId ? { attachment_file_id: attachmentId } : {}),
  });
  expect(submitted.status, submitted.text).toBe(204);
}

async function makePacket(token: string, claimId: string, body?: unknown, base = url) {
  const answer = await api(token, 'POST', `/claims/${claimId}/packet`, body, base);
  expect(answer.status, answer.text).toBe(201);
  return claimPacketSchema.parse(answer.json);
}

/** The packet's file, through the vault's download link. */
async function download(token: string, packet: ClaimPacket): Promise<Uint8Array> {
  const link = await api(token, 'GET', `/documents/${packet.document_id}/download`);
  expect(link.status, link.text).toBe(200);
  const response = await fetch(downloadUrlSchema.parse(link.json).url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Each page's text, whitespace made single spaces. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(bytes.slice(), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}

function refusal(answer: Answer) {
  expect(answer.status, answer.text).toBe(400);
  const envelope = errorEnvelopeSchema.parse(answer.json);
  expect(envelope.code).toBe(ERR.INVALID_INPUT);
  return envelope.fields ?? {};
}

describe('[CLAIMS][PACKET]', () => {
  it('[CLAIMS][PACKET]: the packet gathers each disability’s statements and letters and the documents asked for; the index points at the right pages and every page is numbered', async () => {
    const me = await signIn(app, 'packet.full@example.com');
    await created(
      api(me.token, 'POST', '/veterans', { first_name: 'Rosalind', last_name: 'Diaz' }),
    );
    const knee = await disability(me.token, 'Left knee strain');
    const ears = await disability(me.token, 'Tinnitus');
    await created(
      api(me.token, 'POST', `/disabilities/${knee}/personal-statements`, {
        body: 'My knee gave out on a ruck march at Fort Hood in 2003 and has not been right since.',
      }),
    );
    await submittedLayStatement(me.token, knee);
    const draft = await created<{ id: string }>(
      api(me.token, 'POST', `/disabilities/${ears}/nexus-letters`, {}),
    );
    // A signed copy on file (as a PDF), and one as a picture: both go in instead of the draft.
    const signedPdf = await vault(
      me.token,
      await pdfWith('Signed opinion of Dr. Whitfield', 2),
      'signed.pdf',
      'application/pdf',
    );
    const signedPng = await vault(me.token, PNG_BYTES, 'signed.png', 'image/png');
    for (const signed of [signedPdf, signedPng]) {
      const letter = await created<{ id: string }>(
        api(me.token, 'POST', `/disabilities/${ears}/nexus-letters`, {}),
      );
      await app.database.db
        .update(nexusLetters)
        .set({ signedFileId: signed.file_id })
        .where(eq(nexusLetters.id, letter.id));
    }
    const record = await vault(
      me.token,
      await pdfWith('Service treatment record', 3),
      'str.pdf',
      'application/pdf',
    );
    const empty = await vault(me.token, PDF_BYTES, 'blank.pdf', 'application/pdf');
    const claim = await claimOf(me.token, 'Knee and ears', [knee, ears]);

    const packet = await makePacket(me.token, claim.id, {
      document_ids: [record.id, empty.id],
    });
    expect(
      packet.index.map(({ title, disability_id, included }) => ({
        title,
        disability_id,
        included,
      })),
    ).toEqual([
      {
        title: 'Personal statement: Left knee strain (version 1)',
        disability_id: knee,
        included: true,
      },
      { title: 'Lay statement from Bartholomew Quillfeather', disability_id: knee, included: true },
      { title: 'Nexus letter (draft): Tinnitus', disability_id: ears, included: true },
      { title: 'Nexus letter (signed): Tinnitus', disability_id: ears, included: true },
      { title: 'Nexus letter (signed): Tinnitus', disability_id: ears, included: true },
      { title: record.name, disability_id: null, included: true },
      { title: empty.name, disability_id: null, included: false },
    ]);
    expect(packet.index[2]!.note).toBe('Draft — not yet signed by a physician');
    expect(packet.index[6]).toMatchObject({
      page: null,
      pages: 0,
      note: 'could not be included: the PDF has no pages',
    });
    expect(packet.index[3]!.pages).toBe(2);
    expect(packet.index[4]!.pages).toBe(1);
    expect(packet.index[5]!.pages).toBe(3);
    expect(draft.id).toBeTruthy();

    const bytes = await download(me.token, packet);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(packet.pages);
    const texts = await pageTexts(bytes);
    expect(texts).toHaveLength(packet.pages);

    // Every page numbered, in order.
    texts.forEach((text, index) => {
      expect(text, `page ${index + 1}`).toContain(`Page ${index + 1} of ${packet.pages}`);
    });
    // The cover, then the index.
    expect(texts[0]).toMatch(/^Claim packet Knee and ears Veteran: Rosalind Diaz Prepared on /);
    expect(texts[0]).toContain('has not been filed with VA');
    expect(texts[1]).toMatch(/^Contents Left knee strain Personal statement: Left knee strain/);
    expect(texts[1]).toContain('Supporting documents');
    expect(texts[1]).toContain('could not be included: the PDF has no pages');

    // Each item starts where the index says, with its heading; items follow one another.
    const headings = [
      'Personal statement in support of claim',
      'Lay statement in support of claim',
      'DRAFT — not yet signed by a physician ?Medical opinion \\(nexus letter\\)',
      'Signed opinion of Dr. Whitfield sheet 1',
      'Nexus letter (signed): Tinnitus',
      'Service treatment record sheet 1',
    ];
    let next = 3;
    headings.forEach((heading, position) => {
      const entry = packet.index[position]!;
      expect(entry.page, entry.title).toBe(next);
      const pattern = heading.includes('?') ? heading : escape(heading);
      expect(texts[entry.page! - 1], entry.title).toMatch(new RegExp(`^${pattern}`));
      expect(texts[1]).toContain(`${entry.title} ${entry.page}`);
      next += entry.pages;
    });
    expect(next - 1).toBe(packet.pages);
    expect(texts[packet.index[5]!.page! + 1]).toMatch(/^Service treatment record sheet 3/);

    // Kept in the vault as a PDF document, counted like any file.
    const listed = documentPageSchema.parse(
      (await api(me.token, 'GET', '/documents?q=Claim%20packet')).json,
    );
    const day = new Date().toISOString().slice(0, 10);
    expect(listed.results).toEqual([
      expect.objectContaining({
        id: packet.document_id,
        file_id: packet.file_id,
        name: `Claim packet — Knee and ears — ${day}`,
        content_type: 'application/pdf',
        extension: 'pdf',
        doc_type: null,
        size: bytes.length,
      }),
    ]);
    const [row] = await app.database.db.select().from(files).where(eq(files.id, packet.file_id));
    expect(row).toMatchObject({ ownerId: me.userId, kind: 'document', status: 'ready' });
    // Encrypted at rest, like uploads.
    const stored = await app.storage.readStart(row!.storageKey, 5);
    expect(stored.toString('latin1')).toBe('%PDF-');
  });

  it('[CLAIMS][PACKET]: the file a witness sent with their statement follows it', async () => {
    const me = await signIn(app, 'packet.attachment@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    await submittedLayStatement(me.token, knee, {
      bytes: await pdfWith('Photo log of the patrol', 2),
      filename: 'patrol.pdf',
      contentType: 'application/pdf',
    });
    const claim = await claimOf(me.token, 'Knee', [knee]);
    const packet = await makePacket(me.token, claim.id);
    expect(packet.index.map(({ title, page, pages }) => ({ title, page, pages }))).toEqual([
      { title: 'Lay statement from Bartholomew Quillfeather', page: 3, pages: 1 },
      { title: 'Attachment to the statement from Bartholomew Quillfeather', page: 4, pages: 2 },
    ]);
    const texts = await pageTexts(await download(me.token, packet));
    expect(texts).toHaveLength(5);
    expect(texts[3]).toMatch(/^Photo log of the patrol sheet 1/);
    expect(texts[4]).toContain('Page 5 of 5');
  });

  it('[CLAIMS][PACKET]: a claim with nothing in it still gets its cover and index', async () => {
    const me = await signIn(app, 'packet.empty@example.com');
    const knee = await disability(me.token, 'Left knee strain');
    const claim = await claimOf(me.token, 'Empty', [knee]);
    // Sent without a body at all.
    const first = await makePacket(me.token, claim.id);
    expect(first.pages).toBe(2);
    expect(first.index).toEqual([]);
    const texts = await pageTexts(await download(me.token, first));
    expect(texts[1]).toContain('Nothing prepared for this disability yet');

    // Its disability deleted: only the cover and the index are left.
    expect((await api(me.token, 'DELETE', `/disabilities/${knee}`)).status).toBe(204);
    const packet = await makePacket(me.token, claim.id, {});
    expect(packet).toMatchObject({ pages: 2, index: [] });
    const bytes = await download(me.token, packet);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const emptyTexts = await pageTexts(bytes);
    expect(emptyTexts[0]).toMatch(/^Claim packet Empty Veteran: no veteran record/);
    expect(emptyTexts[0]).toContain('Page 1 of 2');
    expect(emptyTexts[1]).toMatch(/^Contents/);
    expect(emptyTexts[1]).toContain('Page 2 of 2');
  });

  it('[CLAIMS][PACKET]: another user’s claim answers 404; a document that is not the user’s, or not a PDF or picture, 400 per field; nothing is kept', async () => {
    const me = await signIn(app, 'packet.owner@example.com');
    const other = await signIn(app, 'packet.other@example.com');
    const claim = await claimOf(me.token, 'Mine', [await disability(me.token, 'Back')]);
    const theirs = await vault(other.token, await pdfWith('Theirs', 1), 'x.pdf', 'application/pdf');
    const mine = await vault(me.token, await pdfWith('Mine', 1), 'mine.pdf', 'application/pdf');
    const text = await vault(
      me.token,
      Buffer.from('Plain notes about my back.\n'),
      'notes.txt',
      'text/plain',
    );

    for (const body of [undefined, {}, { document_ids: [theirs.id] }, { document_ids: 'x' }]) {
      const answer = await api(other.token, 'POST', `/claims/${claim.id}/packet`, body);
      expect(answer.status, answer.text).toBe(404);
      expect(errorEnvelopeSchema.parse(answer.json).code).toBe(ERR.NOT_FOUND);
    }
    expect((await api(me.token, 'POST', '/claims/not-an-id/packet', {})).status).toBe(404);

    const fields = refusal(
      await api(me.token, 'POST', `/claims/${claim.id}/packet`, {
        document_ids: [mine.id, theirs.id, text.id, '7d1e1a52-3c6b-4a51-9b55-3f0e9e0c2a11'],
      }),
    );
    expect(fields).toEqual({
      'document_ids.1': 'Not one of your documents',
      'document_ids.2': 'Only PDF, JPEG and PNG documents can go in a packet',
      'document_ids.3': 'Not one of your documents',
    });
    expect(
      Object.keys(
        refusal(
          await api(me.token, 'POST', `/claims/${claim.id}/packet`, {
            document_ids: [mine.id, mine.id],
          }),
        ),
      ),
    ).toEqual(['document_ids.1']);
    refusal(
      await api(me.token, 'POST', `/claims/${claim.id}/packet`, {
        document_ids: Array.from({ length: MAX_PACKET_DOCUMENTS + 1 }, () => crypto.randomUUID()),
      }),
    );
    const listed = documentPageSchema.parse((await api(me.token, 'GET', '/documents')).json);
    expect(listed.results.map((document) => document.name).sort()).toEqual([
      'mine.pdf',
      'notes.txt',
    ]);
    expect(
      await app.database.db.select().from(documents).where(eq(documents.userId, me.userId)),
    ).toHaveLength(2);
  });
});

describe('[CLAIMS][PACKET][CAP]', () => {
  let billed: TestApp;
  let billedUrl: string;
  beforeAll(async () => {
    ({ app: billed, url: billedUrl } = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_packet', STRIPE_WEBHOOK_SECRET: 'whsec_packet' },
    }));
  });
  afterAll(async () => billed.close());

  it('[CLAIMS][PACKET][CAP]: with billing on, a packet that would pass the storage cap is refused and nothing is kept', async () => {
    const me = await signIn(billed, 'packet.cap@example.com');
    const claim = await claimOf(
      me.token,
      'Capped',
      [await disability(me.token, 'Back', billedUrl)],
      billedUrl,
    );
    // An upload under way that leaves less than a packet's room.
    const MB = 1024 * 1024;
    await created(
      api(
        me.token,
        'POST',
        '/uploads',
        {
          kind: 'document',
          filename: 'c-file.pdf',
          content_type: 'application/pdf',
          size: 500 * MB - 100,
        },
        billedUrl,
      ),
    );
    const refused = await api(me.token, 'POST', `/claims/${claim.id}/packet`, {}, billedUrl);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json).toMatchObject({
      code: ERR.FORBIDDEN,
      quota: { feature: 'vault_storage_mb' },
    });
    const kept = await billed.database.db.select().from(files).where(eq(files.ownerId, me.userId));
    expect(kept).toHaveLength(1);
    expect((await api(me.token, 'GET', '/documents', undefined, billedUrl)).json).toMatchObject({
      meta: { total: 0 },
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
