import { extractText } from 'unpdf';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import {
  OPINION_BASES,
  OPINION_LINKS,
  STANDARD_OF_PROOF,
  negativeConditionsSchema,
  nexusLetterPageSchema,
  nexusLetterSchema,
  type NexusLetter,
} from '@muster/contract/nexus-letters';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { call, createDisability } from '../disabilities/disability-fixtures.ts';

/**
 * Nexus letters through HTTP: drafted from a disability (its diagnosis, basis, primary, event and
 * records prefilled), listed, edited, their facts against the claim replaced whole, their text
 * drafted with VA's standard of proof, downloaded as PDF and Word, the owner's alone, refused
 * when bad, encrypted at rest, and metered by the quota while billing is on.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const lettersUrl = (disabilityId: string) => `/disabilities/${disabilityId}/nexus-letters`;
const letterUrl = (disabilityId: string, letterId: string) =>
  `${lettersUrl(disabilityId)}/${letterId}`;

async function createLetter(token: string, disabilityId: string, body: unknown = {}) {
  const made = await call(app, token, 'POST', lettersUrl(disabilityId), body);
  expect(made.status, made.text).toBe(201);
  return nexusLetterSchema.parse(made.body);
}

/** A knee claimed directly, with the event answered, a treatment and an exposure recorded. */
async function kneeWithRecords(token: string) {
  const knee = await createDisability(app, token, {
    title: 'Left knee strain',
    diagnosis: 'Patellofemoral syndrome',
    claim_type: 'direct',
  });
  const answers = await call(
    app,
    token,
    'PUT',
    `/disabilities/${knee.id}/answers/military-symptoms`,
    {
      in_service_event: 'Fell from the Brackenbury tower during a night jump in 2003.',
      reported_during_service: true,
    },
  );
  expect(answers.status, answers.text).toBe(200);
  const treatment = await call(app, token, 'POST', `/disabilities/${knee.id}/treatments`, {
    facility_name: 'Halvorsen Orthopaedic Clinic',
    provider_name: 'Dr. Ingeborg Tallqvist',
    start_date: '2010-05-01',
  });
  expect(treatment.status, treatment.text).toBe(201);
  const exposure = await call(app, token, 'POST', `/disabilities/${knee.id}/exposures`, {
    kind: 'camp_lejeune',
  });
  expect(exposure.status, exposure.text).toBe(201);
  return knee;
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

describe('[NEXUS LETTERS]', () => {
  it('[NEXUS][CREATE]: a letter is prefilled from the disability: diagnosis, basis, event and records', async () => {
    const me = await signIn(app, 'nexus.prefill@example.com');
    const knee = await kneeWithRecords(me.token);
    const letter = await createLetter(me.token, knee.id);
    expect(letter).toMatchObject({
      disability_id: knee.id,
      disability_title: 'Left knee strain',
      status: 'draft',
      opinion_basis: 'caused',
      content: null,
      signed_file_id: null,
      negative_conditions: [],
    });
    expect(letter.details.diagnosis).toBe('Patellofemoral syndrome');
    expect(letter.details.in_service_event).toMatch(/Brackenbury tower/);
    expect(letter.details.primary_condition).toBeNull();
    expect(letter.details.records_reviewed).toEqual(
      expect.arrayContaining([
        'Service treatment records of the in-service complaint',
        expect.stringMatching(
          /^Treatment records from Halvorsen Orthopaedic Clinic \(Dr\. Ingeborg Tallqvist\), from May 1, 2010$/,
        ),
        expect.stringMatching(/Camp Lejeune/),
      ]),
    );
    expect(letter.details.provider).toEqual({
      name: null,
      credentials: null,
      specialty: null,
      license_number: null,
      address: null,
      phone: null,
    });

    // What is sent wins over the disability's.
    const sent = await createLetter(me.token, knee.id, {
      opinion_basis: 'aggravated',
      details: {
        diagnosis: 'Chondromalacia patellae',
        records_reviewed: ['VA examination of March 2024'],
        provider: { name: 'Dr. Ada Whitfield', credentials: 'MD' },
      },
      negative_conditions: [{ description: 'Normal knee at separation' }],
    });
    expect(sent.opinion_basis).toBe('aggravated');
    expect(sent.details).toMatchObject({
      diagnosis: 'Chondromalacia patellae',
      in_service_event: letter.details.in_service_event,
      records_reviewed: ['VA examination of March 2024'],
      provider: { name: 'Dr. Ada Whitfield', credentials: 'MD', specialty: null },
    });
    expect(sent.negative_conditions).toEqual([
      { description: 'Normal knee at separation', response: null },
    ]);
  });

  it('[NEXUS][CREATE]: the claim type gives the basis; a secondary one names its primary', async () => {
    const me = await signIn(app, 'nexus.basis@example.com');
    const back = await createDisability(app, me.token, { title: 'Lumbar strain' });
    const nerve = await createDisability(app, me.token, {
      title: 'Radiculopathy, left leg',
      claim_type: 'secondary',
    });
    const link = await call(
      app,
      me.token,
      'POST',
      `/disabilities/${nerve.id}/secondary-disabilities`,
      {
        primary_ids: [back.id],
      },
    );
    expect(link.status, link.text).toBe(201);
    const secondary = await createLetter(me.token, nerve.id);
    expect(secondary.opinion_basis).toBe('secondary');
    expect(secondary.details.primary_condition).toBe('Lumbar strain');
    // No diagnosis recorded: left empty, never invented.
    expect(secondary.details.diagnosis).toBeNull();

    const worsened = await createDisability(app, me.token, {
      title: 'Flat feet',
      claim_type: 'worsened_by_service',
    });
    expect((await createLetter(me.token, worsened.id)).opinion_basis).toBe('aggravated');
    const presumptive = await createDisability(app, me.token, {
      title: 'Hypertension',
      claim_type: 'presumptive',
    });
    expect((await createLetter(me.token, presumptive.id)).opinion_basis).toBe('caused');
  });

  it('[NEXUS][LIST]: under a disability and across them, newest first, with titles and pages', async () => {
    const me = await signIn(app, 'nexus.list@example.com');
    const knee = await createDisability(app, me.token, { title: 'Knee' });
    const ears = await createDisability(app, me.token, { title: 'Tinnitus' });
    const first = await createLetter(me.token, knee.id);
    const second = await createLetter(me.token, ears.id);
    const third = await createLetter(me.token, knee.id);

    const kneeList = await call(app, me.token, 'GET', lettersUrl(knee.id));
    expect(kneeList.status).toBe(200);
    const kneePage = nexusLetterPageSchema.parse(kneeList.body);
    expect(kneePage.results.map((letter) => letter.id)).toEqual([third.id, first.id]);
    expect(kneePage.meta).toEqual({ page: 1, page_size: 20, total: 2 });

    const all = nexusLetterPageSchema.parse(
      (await call(app, me.token, 'GET', '/nexus-letters')).body,
    );
    expect(all.results.map((letter) => [letter.id, letter.disability_title])).toEqual([
      [third.id, 'Knee'],
      [second.id, 'Tinnitus'],
      [first.id, 'Knee'],
    ]);
    const paged = nexusLetterPageSchema.parse(
      (await call(app, me.token, 'GET', '/nexus-letters?page=2&page_size=2')).body,
    );
    expect(paged.results.map((letter) => letter.id)).toEqual([first.id]);
    expect(paged.meta).toEqual({ page: 2, page_size: 2, total: 3 });
  });

  it('[NEXUS][EDIT]: read, change (details merged), clear, delete', async () => {
    const me = await signIn(app, 'nexus.edit@example.com');
    const knee = await kneeWithRecords(me.token);
    const letter = await createLetter(me.token, knee.id, {
      details: { provider: { name: 'Dr. Ada Whitfield', phone: '555-0100' } },
    });
    const url = letterUrl(knee.id, letter.id);
    const read = await call(app, me.token, 'GET', url);
    expect(read.status).toBe(200);
    expect(nexusLetterSchema.parse(read.body)).toEqual(letter);
    // By its id alone, as the letter's own page reads it.
    const byId = await call(app, me.token, 'GET', `/nexus-letters/${letter.id}`);
    expect(byId.status, byId.text).toBe(200);
    expect(nexusLetterSchema.parse(byId.body)).toEqual(letter);

    const changed = await call(app, me.token, 'PATCH', url, {
      status: 'requested',
      opinion_basis: 'aggravated',
      details: { in_service_event: '', provider: { credentials: 'DO', specialty: 'Orthopaedics' } },
      content: 'My own text.',
    });
    expect(changed.status, changed.text).toBe(200);
    const saved = nexusLetterSchema.parse(changed.body);
    expect(saved).toMatchObject({
      status: 'requested',
      opinion_basis: 'aggravated',
      content: 'My own text.',
    });
    expect(saved.details.in_service_event).toBeNull();
    expect(saved.details.diagnosis).toBe('Patellofemoral syndrome');
    expect(saved.details.records_reviewed).toEqual(letter.details.records_reviewed);
    expect(saved.details.provider).toMatchObject({
      name: 'Dr. Ada Whitfield',
      phone: '555-0100',
      credentials: 'DO',
      specialty: 'Orthopaedics',
    });
    const cleared = await call(app, me.token, 'PATCH', url, { content: null });
    expect(nexusLetterSchema.parse(cleared.body).content).toBeNull();

    expect((await call(app, me.token, 'DELETE', url)).status).toBe(204);
    expect((await call(app, me.token, 'GET', url)).status).toBe(404);
    expect((await call(app, me.token, 'DELETE', url)).status).toBe(404);
  });

  it('[NEXUS][NEGATIVE]: the facts against the claim are read and replaced whole', async () => {
    const me = await signIn(app, 'nexus.negative@example.com');
    const knee = await createDisability(app, me.token, { title: 'Knee' });
    const letter = await createLetter(me.token, knee.id, {
      negative_conditions: [{ description: 'Old fact' }],
    });
    const url = `${letterUrl(knee.id, letter.id)}/negative-conditions`;
    expect(negativeConditionsSchema.parse((await call(app, me.token, 'GET', url)).body)).toEqual({
      negative_conditions: [{ description: 'Old fact', response: null }],
    });
    const list = [
      {
        description: 'Separation exam shows a normal knee',
        response: 'The exam did not test the joint under load.',
      },
      { description: 'Played soccer after service', response: '' },
    ];
    const put = await call(app, me.token, 'PUT', url, { negative_conditions: list });
    expect(put.status, put.text).toBe(200);
    const expected = {
      negative_conditions: [
        list[0],
        { description: 'Played soccer after service', response: null },
      ],
    };
    expect(put.body).toEqual(expected);
    expect((await call(app, me.token, 'GET', url)).body).toEqual(expected);
    const emptied = await call(app, me.token, 'PUT', url, { negative_conditions: [] });
    expect(emptied.body).toEqual({ negative_conditions: [] });
  });

  it('[NEXUS][CONTENT]: the drafted text has the standard of proof for each basis, the facts against the claim and the records', async () => {
    const me = await signIn(app, 'nexus.content@example.com');
    const knee = await kneeWithRecords(me.token);
    const letter = await createLetter(me.token, knee.id, {
      details: {
        primary_condition: 'Lumbar strain',
        provider: {
          name: 'Dr. Ada Whitfield',
          credentials: 'MD',
          specialty: 'orthopaedic surgery',
          license_number: 'TX-12345',
        },
      },
      negative_conditions: [
        {
          description: 'The separation examination noted a normal knee',
          response: 'A screening examination does not test the joint under load',
        },
        { description: 'The veteran played recreational soccer' },
      ],
    });
    const url = letterUrl(knee.id, letter.id);
    for (const basis of OPINION_BASES) {
      expect((await call(app, me.token, 'PATCH', url, { opinion_basis: basis })).status).toBe(200);
      const drafted = await call(app, me.token, 'POST', `${url}/generate-content`);
      expect(drafted.status, drafted.text).toBe(200);
      const content = nexusLetterSchema.parse(drafted.body).content!;
      expect(content, basis).toContain(`${STANDARD_OF_PROOF} ${OPINION_LINKS[basis]}`);
      expect(content).toContain('is at least as likely as not (50 percent or greater probability)');
      // Inside a sentence a condition's name reads in lower case; the diagnosis stays as recorded
      // where it stands alone.
      expect(content).toContain('The veteran has a current diagnosis of patellofemoral syndrome.');
      expect(content).toContain('the veteran’s patellofemoral syndrome is at least as likely');
      if (basis === 'secondary') expect(content).toContain('service-connected lumbar strain');
      else expect(content).toContain('Brackenbury tower');
      expect(content).toContain('The separation examination noted a normal knee.');
      expect(content).toContain('A screening examination does not test the joint under load.');
      expect(content).toContain('The veteran played recreational soccer.');
      // The medical reasoning, and the answer to an unanswered fact, are left to the physician:
      // marked for them, never stated as if they had written it.
      expect(content).toContain(
        'The veteran played recreational soccer. [For the physician to write or confirm:] Why this fact does, or does not, change the opinion.',
      );
      expect(content.match(/\[For the physician to write or confirm:\]/g)).toHaveLength(2);
      expect(content).toContain('Treatment records from Halvorsen Orthopaedic Clinic');
      expect(content).toContain('Service treatment records of the in-service complaint');
      expect(content).toContain('Dr. Ada Whitfield, MD');
      expect(content).toContain('License number: TX-12345');
      // Saved as the letter's text, and the same details draft the same text.
      const read = nexusLetterSchema.parse((await call(app, me.token, 'GET', url)).body);
      expect(read.content).toBe(content);
      const again = await call(app, me.token, 'POST', `${url}/generate-content`);
      expect(nexusLetterSchema.parse(again.body).content).toBe(content);
    }
    expect(OPINION_LINKS).toEqual({
      caused: 'caused by or a result of',
      secondary: 'proximately due to or the result of',
      aggravated: 'aggravated beyond its natural progression by',
    });
  });

  it('[NEXUS][DOCUMENTS]: the letter downloads as a PDF and a Word file holding the opinion', async () => {
    const me = await signIn(app, 'nexus.documents@example.com');
    const knee = await kneeWithRecords(me.token);
    const letter = await createLetter(me.token, knee.id);
    const url = `${letterUrl(knee.id, letter.id)}/generate-letter-document`;
    const opinion = `${STANDARD_OF_PROOF} ${OPINION_LINKS.caused}`;

    // Not drafted yet: the file holds the text drafted from the details.
    const pdf = await app.inject({ method: 'GET', url, headers: bearer(me.token) });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="nexus-letter-left-knee-strain.pdf"',
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(flat(text)).toContain(opinion);
    expect(flat(text)).toContain('Medical opinion (nexus letter)');

    // Once edited, the saved text is what downloads.
    await call(app, me.token, 'PATCH', letterUrl(knee.id, letter.id), {
      content: `Edited by Dr. Whitfield.\n\nThe condition is ${opinion} the fall.`,
    });
    const docx = await app.inject({
      method: 'GET',
      url: `${url}?format=docx`,
      headers: bearer(me.token),
    });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const xml = await unzipEntry(docx.rawPayload, 'word/document.xml');
    const words = flat(xml.replace(/<[^>]+>/g, ' '));
    expect(words).toContain('Edited by Dr. Whitfield.');
    expect(words).toContain(opinion);

    const bad = await app.inject({
      method: 'GET',
      url: `${url}?format=odt`,
      headers: bearer(me.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('[NEXUS][OWNER]: another user’s disability or letter answers 404 on every route', async () => {
    const owner = await signIn(app, 'nexus.owner@example.com');
    const other = await signIn(app, 'nexus.other@example.com');
    const knee = await createDisability(app, owner.token, { title: 'Knee' });
    const letter = await createLetter(owner.token, knee.id, {
      negative_conditions: [{ description: 'Kept' }],
    });
    const own = await createDisability(app, other.token, { title: 'Own knee' });
    const item = letterUrl(knee.id, letter.id);
    const routes: [
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      body?: unknown,
    ][] = [
      ['GET', lettersUrl(knee.id)],
      ['POST', lettersUrl(knee.id), {}],
      ['GET', item],
      ['PATCH', item, { content: 'taken' }],
      ['DELETE', item],
      ['GET', `${item}/negative-conditions`],
      ['PUT', `${item}/negative-conditions`, { negative_conditions: [] }],
      ['POST', `${item}/generate-content`],
      ['GET', `${item}/generate-letter-document?format=pdf`],
      ['GET', `${item}/generate-letter-document?format=docx`],
      // Their letter under one's own disability is not found either.
      ['GET', letterUrl(own.id, letter.id)],
      ['PATCH', letterUrl(own.id, letter.id), { content: 'taken' }],
      ['DELETE', letterUrl(own.id, letter.id)],
      ['PUT', `${letterUrl(own.id, letter.id)}/negative-conditions`, { negative_conditions: [] }],
      ['POST', `${letterUrl(own.id, letter.id)}/generate-content`],
      ['GET', `/nexus-letters/${letter.id}`],
    ];
    for (const [method, url, body] of routes) {
      const answer = await call(app, other.token, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(errorEnvelopeSchema.parse(answer.body).code).toBe(ERR.NOT_FOUND);
    }
    const theirs = nexusLetterPageSchema.parse(
      (await call(app, other.token, 'GET', '/nexus-letters')).body,
    );
    expect(theirs.meta.total).toBe(0);
    // Nothing changed for the owner.
    const still = nexusLetterSchema.parse((await call(app, owner.token, 'GET', item)).body);
    expect(still).toEqual(letter);
    // Signed out: 401.
    const signedOut = await app.inject({ method: 'GET', url: '/nexus-letters' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('[NEXUS][VALIDATION]: bad input answers 400 with fields, and nothing is saved', async () => {
    const me = await signIn(app, 'nexus.validation@example.com');
    const knee = await createDisability(app, me.token, { title: 'Knee' });
    const bad: [string, unknown][] = [
      ['opinion_basis', { opinion_basis: 'maybe' }],
      ['details.diagnosis', { details: { diagnosis: 'x'.repeat(401) } }],
      ['details.records_reviewed.0', { details: { records_reviewed: [''] } }],
      ['details.provider.name', { details: { provider: { name: 'Dr.\u0000Evil' } } }],
      ['negative_conditions.0.description', { negative_conditions: [{ response: 'no fact' }] }],
      [
        'negative_conditions',
        { negative_conditions: Array.from({ length: 21 }, () => ({ description: 'x' })) },
      ],
    ];
    for (const [field, body] of bad) {
      const answer = await call(app, me.token, 'POST', lettersUrl(knee.id), body);
      expect(answer.status, field).toBe(400);
      const envelope = errorEnvelopeSchema.parse(answer.body);
      expect(envelope.code).toBe(ERR.INVALID_INPUT);
      expect(Object.keys(envelope.fields ?? {}), field).toContain(field);
    }
    expect(
      nexusLetterPageSchema.parse((await call(app, me.token, 'GET', '/nexus-letters')).body).meta
        .total,
    ).toBe(0);

    const letter = await createLetter(me.token, knee.id);
    const url = letterUrl(knee.id, letter.id);
    const patch = await call(app, me.token, 'PATCH', url, { status: 'lost', content: 'kept?' });
    expect(patch.status).toBe(400);
    expect(Object.keys(errorEnvelopeSchema.parse(patch.body).fields ?? {})).toContain('status');
    const put = await call(app, me.token, 'PUT', `${url}/negative-conditions`, {
      negative_conditions: [{ description: '' }],
    });
    expect(put.status).toBe(400);
    expect(nexusLetterSchema.parse((await call(app, me.token, 'GET', url)).body)).toEqual(letter);
  });

  it('[NEXUS][PRIVACY]: details, facts against the claim and text are encrypted at rest', async () => {
    const me = await signIn(app, 'nexus.encrypted@example.com');
    const knee = await kneeWithRecords(me.token);
    const letter = await createLetter(me.token, knee.id, {
      negative_conditions: [{ description: 'Quillfeather fact' }],
    });
    await call(app, me.token, 'POST', `${letterUrl(knee.id, letter.id)}/generate-content`);
    const raw = await app.database.pool.query<{
      details: string;
      negative_conditions: string;
      content: string;
    }>('SELECT details, negative_conditions, content FROM nexus_letters WHERE id = $1', [
      letter.id,
    ]);
    const row = raw.rows[0]!;
    expect(row.details).toMatch(/^enc:v1:/);
    expect(row.negative_conditions).toMatch(/^enc:v1:/);
    expect(row.content).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toMatch(/Patellofemoral|Quillfeather|Brackenbury/);
  });

  it('[NEXUS][EXPORT]: the account export holds the letters', async () => {
    const me = await signIn(app, 'nexus.export@example.com');
    const knee = await createDisability(app, me.token, { title: 'Knee' });
    const letter = await createLetter(me.token, knee.id);
    const exported = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}/export`,
      headers: bearer(me.token),
    });
    expect(exported.statusCode).toBe(200);
    const json = JSON.parse(
      await unzipEntry(exported.rawPayload, 'nexus-letters.json'),
    ) as NexusLetter[];
    expect(json.map((entry) => entry.id)).toEqual([letter.id]);
  });
});

describe('[NEXUS LETTERS][QUOTA]', () => {
  let billed: TestApp;
  beforeAll(async () => {
    billed = await buildTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_nexus', STRIPE_WEBHOOK_SECRET: 'whsec_nexus' },
    });
  });
  afterAll(async () => billed.close());

  it('[NEXUS][QUOTA]: with billing on, the free plan has no nexus letters: 403 with the quota, nothing saved', async () => {
    const me = await signIn(billed, 'nexus.quota@example.com');
    const made = await billed.inject({
      method: 'POST',
      url: '/disabilities',
      headers: bearer(me.token),
      payload: { title: 'Knee' },
    });
    const knee = made.json<{ id: string }>();
    const refused = await billed.inject({
      method: 'POST',
      url: lettersUrl(knee.id),
      headers: bearer(me.token),
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const envelope = refused.json<Record<string, unknown>>();
    expect(String(envelope.detail)).toMatch(/nexus letter quota reached/i);
    expect(envelope).toMatchObject({ quota: { feature: 'nexus_letters', used: 0, limit: 0 } });
    const list = await billed.inject({
      method: 'GET',
      url: '/nexus-letters',
      headers: bearer(me.token),
    });
    expect(nexusLetterPageSchema.parse(list.json()).meta.total).toBe(0);
  });
});
