import { PDFCheckBox, PDFDocument, PDFTextField } from 'pdf-lib';
import { extractText } from 'unpdf';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import {
  personalStatementPageSchema,
  personalStatementSchema,
  type PersonalStatement,
} from '@muster/contract/personal-statements';
import { readinessSchema, readinessSummarySchema } from '@muster/contract/readiness';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import {
  FULL_ANSWERS,
  call,
  collectionUrl,
  createDisability,
  createFullDisability,
} from './disability-fixtures.ts';

/**
 * Personal statements through HTTP: composed from the wizard's answers, edited into versions,
 * downloaded in every format (read back: the PDF's text, the Word document's text, every filled
 * field of VA's forms), metered by the quota while billing is on, and the owner's alone.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const statementsUrl = (disabilityId: string) => `/disabilities/${disabilityId}/personal-statements`;

async function saveAllAnswers(token: string, disabilityId: string) {
  for (const [step, answers] of Object.entries(FULL_ANSWERS)) {
    const saved = await call(
      app,
      token,
      'PUT',
      `/disabilities/${disabilityId}/answers/${step}`,
      answers,
    );
    expect(saved.status, saved.text).toBe(200);
  }
}

async function compose(token: string, disabilityId: string): Promise<PersonalStatement> {
  const made = await call(app, token, 'POST', statementsUrl(disabilityId), {});
  expect(made.status, made.text).toBe(201);
  return personalStatementSchema.parse(made.body);
}

async function download(token: string, disabilityId: string, statementId: string, format: string) {
  return app.inject({
    method: 'GET',
    url: `${statementsUrl(disabilityId)}/${statementId}/download-statement?format=${format}`,
    headers: bearer(token),
  });
}

async function unzipEntry(buffer: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => reject(new Error(`${name} not in the archive`)));
      zip.readEntry();
    });
  });
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return flat(text);
}

/** Every text field and check box of a filled form, by name. */
async function formFields(bytes: Buffer) {
  const form = (await PDFDocument.load(bytes)).getForm();
  const values = new Map<string, string | boolean>();
  for (const field of form.getFields()) {
    if (field instanceof PDFTextField) values.set(field.getName(), field.getText() ?? '');
    if (field instanceof PDFCheckBox) values.set(field.getName(), field.isChecked());
  }
  return values;
}

describe('[STATEMENTS]', () => {
  it('[STATEMENTS][COMPOSE]: a statement is composed from the answers, in the veteran’s own words and the order a rater reads', async () => {
    const me = await signIn(app, 'statements.compose@example.com');
    const knee = await createDisability(app, me.token, {
      title: 'Left knee',
      claim_type: 'direct',
    });
    await saveAllAnswers(me.token, knee.id);
    const statement = await compose(me.token, knee.id);
    expect(statement).toMatchObject({ version: 1, latest_version: 1, source: 'composer' });
    const body = statement.body;
    // The free text is kept word for word.
    for (const words of [
      FULL_ANSWERS['military-symptoms'].in_service_event,
      FULL_ANSWERS['post-military-symptoms'].description,
      FULL_ANSWERS['flare-ups'].limitations,
      FULL_ANSWERS['professional-impacts'].description,
      FULL_ANSWERS['social-impacts'].description,
    ]) {
      expect(body).toContain(words);
    }
    // In service, then symptoms since, then flare-ups, then work, then daily life.
    const order = [
      'Brackenbury',
      'Lindqvistgate',
      'Ostrander',
      'Quillfeather',
      'Marchetti-Lowe',
    ].map((word) => body.indexOf(word));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(body.split(/\n\s*\n/).length).toBeGreaterThan(3);

    const list = await call(app, me.token, 'GET', statementsUrl(knee.id));
    const page = personalStatementPageSchema.parse(list.body);
    expect(page.meta.total).toBe(1);
    expect(page.results[0]!.id).toBe(statement.id);
  });

  it('[STATEMENTS][VERSIONS]: an edit is a new version; the earlier one stays readable; the latest is downloaded', async () => {
    const me = await signIn(app, 'statements.versions@example.com');
    const knee = await createDisability(app, me.token, { title: 'Right knee' });
    await saveAllAnswers(me.token, knee.id);
    const first = await compose(me.token, knee.id);
    const url = `${statementsUrl(knee.id)}/${first.id}`;
    const edited = `${first.body}\n\nI also use a cane on the Gildersleeve stairs.`;
    const saved = await call(app, me.token, 'PATCH', url, { body: edited });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      version: 2,
      latest_version: 2,
      source: 'veteran',
      body: edited,
    });
    expect((saved.body!.versions as { version: number }[]).map((v) => v.version)).toEqual([2, 1]);

    const old = await call(app, me.token, 'GET', `${url}?version=1`);
    expect(old.body).toMatchObject({ version: 1, latest_version: 2, body: first.body });
    expect((await call(app, me.token, 'GET', `${url}?version=9`)).status).toBe(404);

    const pdf = await download(me.token, knee.id, first.id, 'pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Gildersleeve');

    // Refused edits change nothing.
    expect((await call(app, me.token, 'PATCH', url, { body: '' })).status).toBe(400);
    expect((await call(app, me.token, 'PATCH', url, { body: 'a\u0000b' })).status).toBe(400);
    const after = await call(app, me.token, 'GET', url);
    expect(after.body).toMatchObject({ latest_version: 2, body: edited });
  });

  it('[STATEMENTS][OWN TEXT]: a statement written by the veteran is saved as sent', async () => {
    const me = await signIn(app, 'statements.own@example.com');
    const back = await createDisability(app, me.token, { title: 'Back' });
    const text = 'My back has hurt since the Ulvercrest ruck march.\n\nI cannot sit for long.';
    const made = await call(app, me.token, 'POST', statementsUrl(back.id), { body: text });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ body: text, source: 'veteran', version: 1 });
  });

  it('[STATEMENTS][DOWNLOAD]: PDF and Word carry the whole statement', async () => {
    const me = await signIn(app, 'statements.download@example.com');
    const knee = await createDisability(app, me.token, { title: 'Left knee (patella)' });
    await saveAllAnswers(me.token, knee.id);
    const statement = await compose(me.token, knee.id);

    const pdf = await download(me.token, knee.id, statement.id, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="personal-statement-left-knee-patella-v1.pdf"',
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = await pdfText(pdf.rawPayload);
    for (const paragraph of statement.body.split(/\n\s*\n/))
      expect(text).toContain(flat(paragraph));

    const docx = await download(me.token, knee.id, statement.id, 'docx');
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const xml = await unzipEntry(docx.rawPayload, 'word/document.xml');
    const words = flat(
      xml
        .replace(/<[^>]+>/g, ' ')
        .replaceAll('&apos;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&'),
    );
    expect(words).toContain('Brackenbury');
    expect(words).toContain('Quillfeather');
  });

  it('[STATEMENTS][VA 21-4138]: the form is filled from the veteran record and the statement; every field reads back', async () => {
    const me = await signIn(app, 'statements.form4138@example.com');
    const veteran = await call(app, me.token, 'POST', '/veterans', {
      first_name: 'Theodora',
      middle_name: 'Quinn',
      last_name: 'Marchbanks',
      ssn: '123-45-6789',
      date_of_birth: '1980-07-04',
      phone: '5125550143',
      email: 'theo@example.com',
      address: { line1: '12 Oak St', city: 'Austin', state: 'TX', zip_code: '78701' },
    });
    expect(veteran.status, veteran.text).toBe(201);
    const knee = await createDisability(app, me.token, { title: 'Left knee' });
    await saveAllAnswers(me.token, knee.id);
    const statement = await compose(me.token, knee.id);
    const form = await download(me.token, knee.id, statement.id, 'va-21-4138');
    expect(form.statusCode, form.body).toBe(200);
    expect(form.headers['content-disposition']).toContain('va-21-4138-left-knee-v1.pdf');
    const fields = await formFields(form.rawPayload);
    const p1 = 'form1[0].#subform[0].';
    expect(fields.get(`${p1}Veterans_Beneficiary_First_Name[0]`)).toBe('Theodora');
    expect(fields.get(`${p1}Middle_Initial1[0]`)).toBe('Q');
    expect(fields.get(`${p1}Last_Name[0]`)).toBe('Marchbanks');
    expect(fields.get(`${p1}SocialSecurityNumber_FirstThreeNumbers[0]`)).toBe('123');
    expect(fields.get(`${p1}SocialSecurityNumber_SecondTwoNumbers[0]`)).toBe('45');
    expect(fields.get(`${p1}SocialSecurityNumber_LastFourNumbers[0]`)).toBe('6789');
    expect(fields.get(`${p1}Veterans_DOB_Month[0]`)).toBe('07');
    expect(fields.get(`${p1}DOB_Day[0]`)).toBe('04');
    expect(fields.get(`${p1}DOB_Year[0]`)).toBe('1980');
    expect(fields.get(`${p1}TelephoneNumber_FirstThreeNumbers[0]`)).toBe('512');
    expect(fields.get(`${p1}MailingAddress_City[0]`)).toBe('Austin');
    expect(fields.get(`${p1}MailingAddress_StateOrProvince[0]`)).toBe('TX');
    expect(fields.get(`${p1}MailingAddress_ZIPOrPostalCode_FirstFiveNumbers[0]`)).toBe('78701');
    const remarks = `${fields.get(`${p1}REMARKS[0]`) as string} ${fields.get('form1[0].#subform[1].REMARKS[1]') as string}`;
    expect(flat(remarks)).toContain(flat(statement.body.split(/\n\s*\n/)[0]!));
    // Left for the veteran to sign and date.
    expect(fields.get('form1[0].#subform[1].Date_Signed_Year[0]')).toBe('');
  });

  it('[STATEMENTS][VA 21-4138]: a statement longer than the remarks boxes continues on attached pages, never cut', async () => {
    const me = await signIn(app, 'statements.long@example.com');
    const back = await createDisability(app, me.token, { title: 'Back' });
    const paragraphs = Array.from(
      { length: 60 },
      (_, i) =>
        `Paragraph ${i + 1}: the Vexholm pain kept me from work on day ${i + 1}, and I rested.`,
    );
    const made = await call(app, me.token, 'POST', statementsUrl(back.id), {
      body: paragraphs.join('\n\n'),
    });
    expect(made.status, made.text).toBe(201);
    const form = await download(me.token, back.id, made.body!.id as string, 'va-21-4138');
    expect(form.statusCode).toBe(200);
    const document = await PDFDocument.load(form.rawPayload);
    expect(document.getPageCount()).toBeGreaterThan(2);
    const fields = await formFields(form.rawPayload);
    const text = flat(
      `${fields.get('form1[0].#subform[0].REMARKS[0]') as string} ${fields.get('form1[0].#subform[1].REMARKS[1]') as string} ${await pdfText(form.rawPayload)}`,
    );
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
  });

  it('[STATEMENTS][VA 21-0781]: filled from the trauma answers for a mental-health condition, refused for another', async () => {
    const me = await signIn(app, 'statements.form0781@example.com');
    const ptsd = await createDisability(app, me.token, { title: 'PTSD' });
    const condition = await call(
      app,
      me.token,
      'POST',
      collectionUrl('mental-health-conditions', ptsd.id),
      {
        condition: 'ptsd',
        stressor_types: ['combat'],
      },
    );
    expect(condition.status, condition.text).toBe(201);
    const conditionId = condition.body!.id as string;
    const event = await call(
      app,
      me.token,
      'POST',
      collectionUrl('traumatic-events', ptsd.id, conditionId),
      {
        description: 'Mortar attack on the Saltmarsh outpost',
        date: '2007-05-02',
        location: 'FOB Saltmarsh',
      },
    );
    expect(event.status, event.text).toBe(201);
    const made = await call(app, me.token, 'POST', statementsUrl(ptsd.id), {
      body: 'Since the Saltmarsh attack I sleep three hours a night.',
    });
    const form = await download(me.token, ptsd.id, made.body!.id as string, 'va-21-0781');
    expect(form.statusCode, form.body).toBe(200);
    const fields = await formFields(form.rawPayload);
    expect(fields.get('F[0].#subform[2].Combat_Traumatic_Events[0]')).toBe(true);
    expect(fields.get('F[0].#subform[2].Other_Traumatic_Events[0]')).toBe(false);
    expect(fields.get('F[0].#subform[2].Brief_Description_Of_The_Traumatic_Events[0]')).toContain(
      'Saltmarsh',
    );
    expect(fields.get('F[0].#subform[2].Location_Of_The_Traumatic_Events[0]')).toContain(
      'FOB Saltmarsh',
    );
    expect(fields.get('F[0].#subform[5].Remarks_If_Any[0]')).toContain('three hours a night');

    const knee = await createDisability(app, me.token, { title: 'Left knee' });
    const kneeStatement = await call(app, me.token, 'POST', statementsUrl(knee.id), {
      body: 'My knee.',
    });
    const refused = await download(
      me.token,
      knee.id,
      kneeStatement.body!.id as string,
      'va-21-0781',
    );
    expect(refused.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(refused.json()).code).toBe(ERR.INVALID_STATE);
    expect(
      (await download(me.token, knee.id, kneeStatement.body!.id as string, 'rtf')).statusCode,
    ).toBe(400);
  });

  it('[STATEMENTS][OWNER]: another user’s statement, or one asked for under another disability, is not found', async () => {
    const owner = await signIn(app, 'statements.owner@example.com');
    const other = await signIn(app, 'statements.other@example.com');
    const mine = await createDisability(app, owner.token, { title: 'Tinnitus' });
    const second = await createDisability(app, owner.token, { title: 'Hearing loss' });
    const statement = await call(app, owner.token, 'POST', statementsUrl(mine.id), {
      body: 'Ringing.',
    });
    const id = statement.body!.id as string;
    const theirs = await createDisability(app, other.token, { title: 'Tinnitus' });
    for (const [token, disabilityId] of [
      [other.token, mine.id],
      [other.token, theirs.id],
      [owner.token, second.id],
    ] as const) {
      const url = `${statementsUrl(disabilityId)}/${id}`;
      expect((await call(app, token, 'GET', url)).status).toBe(404);
      expect((await call(app, token, 'PATCH', url, { body: 'Changed' })).status).toBe(404);
      expect((await download(token, disabilityId, id, 'pdf')).statusCode).toBe(404);
      expect((await call(app, token, 'DELETE', url)).status).toBe(404);
    }
    expect((await call(app, other.token, 'GET', statementsUrl(mine.id))).status).toBe(404);
    expect((await call(app, other.token, 'POST', statementsUrl(mine.id), {})).status).toBe(404);
    // Still there, unchanged, for its owner; then deleted with its disability.
    const still = await call(app, owner.token, 'GET', `${statementsUrl(mine.id)}/${id}`);
    expect(still.body).toMatchObject({ body: 'Ringing.', latest_version: 1 });
    expect((await call(app, owner.token, 'DELETE', `/disabilities/${mine.id}`)).status).toBe(204);
    const left = await app.database.pool.query(
      'SELECT 1 FROM personal_statement_versions WHERE statement_id = $1',
      [id],
    );
    expect(left.rowCount).toBe(0);
  });

  it('[STATEMENTS][AT REST]: the text is sealed in the database', async () => {
    const me = await signIn(app, 'statements.rest@example.com');
    const full = await createFullDisability(app, me.token, 'Left knee');
    await saveAllAnswers(me.token, full.disability.id);
    const statement = await compose(me.token, full.disability.id);
    const rows = await app.database.pool.query<{ body: string }>(
      'SELECT body FROM personal_statement_versions WHERE statement_id = $1',
      [statement.id],
    );
    expect(rows.rows[0]!.body).toMatch(/^enc:v1:\d+:[A-Za-z0-9+/]+=*$/);
    expect(rows.rows[0]!.body).not.toContain('Brackenbury');
  });

  it('[STATEMENTS][IDEMPOTENT]: a compose sent again with the same key makes one statement', async () => {
    const me = await signIn(app, 'statements.idempotent@example.com');
    const knee = await createDisability(app, me.token, { title: 'Knee' });
    const key = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const post = () =>
      app.inject({
        method: 'POST',
        url: statementsUrl(knee.id),
        headers: { ...bearer(me.token), 'idempotency-key': key },
        payload: {},
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    const again = await post();
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(key);
    const usage = await call(app, me.token, 'GET', '/usage');
    const counted = (usage.body!.quotas as { feature: string; used: number }[]).find(
      (q) => q.feature === 'personal_statements',
    );
    expect(counted?.used).toBe(1);
  });
});

describe('[STATEMENTS][QUOTA]', () => {
  let billed: TestApp;
  beforeAll(async () => {
    // Limits apply while billing is on (a Stripe key is configured; nothing here calls Stripe).
    billed = await buildTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_statements', STRIPE_WEBHOOK_SECRET: 'whsec_statements' },
    });
  });
  afterAll(async () => billed.close());

  it('[STATEMENTS][QUOTA]: on the free plan, the second composed statement of the month is refused; the veteran’s own text is not counted', async () => {
    const me = await signIn(billed, 'statements.quota@example.com');
    const made = await billed.inject({
      method: 'POST',
      url: '/disabilities',
      headers: bearer(me.token),
      payload: { title: 'Knee' },
    });
    const id = made.json<{ id: string }>().id;
    const post = (payload: Record<string, unknown>) =>
      billed.inject({ method: 'POST', url: statementsUrl(id), headers: bearer(me.token), payload });
    expect((await post({})).statusCode).toBe(201);
    const refused = await post({});
    expect(refused.statusCode).toBe(403);
    const envelope = errorEnvelopeSchema.parse(refused.json());
    expect(envelope.detail).toMatch(/quota reached/i);
    expect(refused.json()).toMatchObject({
      quota: { feature: 'personal_statements', used: 1, limit: 1 },
    });
    expect((await post({ body: 'Written by me.' })).statusCode).toBe(201);
    const list = await billed.inject({
      method: 'GET',
      url: statementsUrl(id),
      headers: bearer(me.token),
    });
    expect(list.json<{ meta: { total: number } }>().meta.total).toBe(2);
  });
});

describe('[READINESS]', () => {
  it('[READINESS]: each disability’s three elements, and how many are ready, from what is recorded', async () => {
    const me = await signIn(app, 'readiness.api@example.com');
    const bare = await createDisability(app, me.token, { title: 'Tinnitus' });
    const fresh = await call(app, me.token, 'GET', `/disabilities/${bare.id}/readiness`);
    expect(fresh.status, fresh.text).toBe(200);
    const readiness = readinessSchema.parse(fresh.body);
    expect(readiness.ready).toBe(false);
    expect(readiness.elements.map((e) => [e.element, e.status])).toEqual([
      ['diagnosis', 'missing'],
      ['in_service', 'missing'],
      ['nexus', 'missing'],
    ]);
    expect(readiness.next_step?.action).toBe('see_doctor');

    const knee = await createDisability(app, me.token, {
      title: 'Left knee',
      diagnosis: 'Patellar tendinitis',
      claim_type: 'direct',
    });
    await saveAllAnswers(me.token, knee.id);
    const treated = await call(app, me.token, 'POST', collectionUrl('treatments', knee.id), {
      facility_name: 'Temple VA',
    });
    expect(treated.status).toBe(201);
    const better = readinessSchema.parse(
      (await call(app, me.token, 'GET', `/disabilities/${knee.id}/readiness`)).body,
    );
    const status = Object.fromEntries(better.elements.map((e) => [e.element, e.status]));
    // Diagnosed and treated; the event was reported in service; symptoms ran on since service.
    expect(status).toEqual({ diagnosis: 'met', in_service: 'met', nexus: 'weak' });
    expect(better.next_step?.action).toBe('nexus_letter');

    const summary = await call(app, me.token, 'GET', '/disabilities/readiness');
    expect(summary.status, summary.text).toBe(200);
    const parsed = readinessSummarySchema.parse(summary.body);
    expect(parsed).toMatchObject({ total: 2, ready: 0 });
    expect(parsed.results.map((r) => r.title).sort()).toEqual(['Left knee', 'Tinnitus']);

    // An official report of a traumatic event is evidence of it in service.
    const ptsd = await createDisability(app, me.token, { title: 'PTSD' });
    const condition = await call(
      app,
      me.token,
      'POST',
      collectionUrl('mental-health-conditions', ptsd.id),
      { condition: 'ptsd', stressor_types: ['non_combat'] },
    );
    const conditionId = condition.body!.id as string;
    await call(app, me.token, 'POST', collectionUrl('traumatic-events', ptsd.id, conditionId), {
      description: 'A training accident on the range',
    });
    const inService = async () =>
      readinessSchema
        .parse((await call(app, me.token, 'GET', `/disabilities/${ptsd.id}/readiness`)).body)
        .elements.find((e) => e.element === 'in_service')!.status;
    expect(await inService()).toBe('weak');
    const report = await call(
      app,
      me.token,
      'POST',
      collectionUrl('official-reports', ptsd.id, conditionId),
      { report_type: 'military_police' },
    );
    expect(report.status, report.text).toBe(201);
    expect(await inService()).toBe('met');

    const other = await signIn(app, 'readiness.other@example.com');
    expect((await call(app, other.token, 'GET', `/disabilities/${knee.id}/readiness`)).status).toBe(
      404,
    );
    const theirs = readinessSummarySchema.parse(
      (await call(app, other.token, 'GET', '/disabilities/readiness')).body,
    );
    expect(theirs).toEqual({ total: 0, ready: 0, results: [] });
  });
});
