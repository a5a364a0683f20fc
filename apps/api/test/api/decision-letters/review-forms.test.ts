import { readFileSync } from 'node:fs';
import { PDFCheckBox, PDFDocument, PDFRadioGroup, PDFTextField } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionLetterSchema, type DecisionLetter } from '@muster/contract/decision-letters';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * The review forms of a decision letter through HTTP: each review option's VA form, filled from
 * the veteran's primary record and the letter's decisions, is downloaded as a PDF; another user's
 * letter answers 404, a letter not read yet 409, a bad option, decision or docket 400.
 */

const FIXTURES = new URL(
  '../../../../../packages/domain/src/decision-letters/fixtures/',
  import.meta.url,
);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
/** June 14, 2023: PTSD increased, tinnitus and hearing loss granted, a shoulder denied. */
const LETTER = fixture('01-ama-ptsd-increase-hearing.txt');
/** October 8, 2024: tinnitus granted, GERD denied, PTSD deferred. */
const DEFERRED_LETTER = fixture('14-pasted-no-headers.txt');

const P4 = 'form1[0].#subform[3].';
const P5 = 'form1[0].#subform[4].';
const HLR_P1 = 'form1[0].#subform[2].';
const HLR_P2 = 'form1[0].#subform[3].';
const NOD = 'F[0].Page_1[0].';

let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer({ runJobs: true }));
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
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: isJson ? (JSON.parse(bytes.toString('utf8')) as unknown) : null,
  };
}

/** Polls the letter until its reading is done (complete or failed). */
async function settled(token: string, id: string): Promise<DecisionLetter> {
  for (let i = 0; i < 240; i++) {
    const letter = decisionLetterSchema.parse(
      (await api(token, 'GET', `/decision-letters/${id}`)).json,
    );
    if (letter.status === 'complete' || letter.status === 'failed') return letter;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the letter was not read in time');
}

async function readLetter(token: string, text: string): Promise<DecisionLetter> {
  const made = await api(token, 'POST', '/decision-letters', { text });
  expect(made.status).toBe(202);
  const letter = await settled(token, (made.json as { id: string }).id);
  expect(letter.status).toBe('complete');
  return letter;
}

/** Every filled field of a PDF, by name. */
async function formFields(bytes: Uint8Array): Promise<Map<string, string>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const fields = new Map<string, string>();
  for (const field of doc.getForm().getFields()) {
    let value: string | undefined;
    if (field instanceof PDFTextField) value = field.getText();
    else if (field instanceof PDFCheckBox) value = field.isChecked() ? 'checked' : undefined;
    else if (field instanceof PDFRadioGroup) value = field.getSelected();
    if (value) fields.set(field.getName(), value);
  }
  return fields;
}

function expectEnvelope(answer: { status: number; json: unknown }, status: number, code: number) {
  expect(answer.status).toBe(status);
  expect(errorEnvelopeSchema.parse(answer.json).code).toBe(code);
}

describe('[DECISION LETTERS][REVIEW FORMS]', () => {
  let token: string;
  let letter: DecisionLetter;
  beforeAll(async () => {
    ({ token } = await signIn(app, 'review.forms@example.com'));
    const veteran = await api(token, 'POST', '/veterans', {
      first_name: 'Theodora',
      middle_name: 'Quinn',
      last_name: 'Marchbanks',
      ssn: '123-45-6789',
      va_file_number: '23456789',
      date_of_birth: '1980-07-04',
      phone: '5125550143',
      email: 'theo@example.com',
      address: { line1: '12 Oak St', city: 'Austin', state: 'TX', zip_code: '78701' },
    });
    expect(veteran.status).toBe(201);
    letter = await readLetter(token, LETTER);
  }, 120_000);

  it('[REVIEW FORMS]: the Supplemental Claim form comes filled from the record and every decision', async () => {
    const answer = await api(
      token,
      'GET',
      `/decision-letters/${letter.id}/review-forms/supplemental-claim`,
    );
    expect(answer.status, answer.bytes.toString('utf8', 0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="VA-20-0995-supplemental-claim.pdf"',
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const fields = await formFields(answer.bytes);
    expect(fields.get(`${P4}VeteransFirstName[0]`)).toBe('Theodora');
    expect(fields.get(`${P4}VeteransMiddleInitial1[0]`)).toBe('Q');
    expect(fields.get(`${P4}VeteransLastName[0]`)).toBe('Marchbanks');
    expect(fields.get(`${P4}Veterans_SocialSecurityNumber_FirstThreeNumbers[0]`)).toBe('123');
    expect(fields.get(`${P4}Veterans_SocialSecurityNumber_SecondTwoNumbers[0]`)).toBe('45');
    expect(fields.get(`${P4}Veterans_SocialSecurityNumber_LastFourNumbers[0]`)).toBe('6789');
    expect(fields.get(`${P4}VAFileNumber[0]`)).toBe('23456789');
    expect(fields.get(`${P4}DOByear[0]`)).toBe('1980');
    expect(fields.get(`${P4}MailingAddress_City[0]`)).toBe('Austin');
    expect(fields.get(`${P4}E_Mail_Address_Optional[1]`)).toBe('theo@example.com');
    // Every decision of the letter (none deferred), dated by the letter.
    const issues = [
      'SPECIFICISSUE2[0]',
      'SPECIFICISSUE3[0]',
      'SPECIFICISSUE4[0]',
      'SPECIFICISSUE5[0]',
    ];
    // Each issue says what is disputed: the evaluation of a rating held, service connection of a denial.
    expect(issues.map((name) => fields.get(`${P5}${name}`))).toEqual([
      'Evaluation of post traumatic stress disorder (rated 70 percent)',
      'Evaluation of tinnitus (rated 10 percent)',
      'Evaluation of bilateral hearing loss (rated 0 percent)',
      'Service connection for right shoulder strain',
    ]);
    expect(letter.letter_date).toBe('2023-06-14');
    for (const row of [0, 1, 2, 3]) {
      expect([
        fields.get(`${P5}Date_Of_VA_Decision_Notice_Month[${row}]`),
        fields.get(`${P5}Date_Day[${row}]`),
        fields.get(`${P5}Date_Year[${row}]`),
      ]).toEqual(['06', '14', '2023']);
    }
    expect(fields.get(`${P5}SPECIFICISSUE6[0]`)).toBeUndefined();
  });

  it('[REVIEW FORMS]: the Higher-Level Review form lists the chosen decisions, the informal conference unchecked', async () => {
    const answer = await api(
      token,
      'GET',
      `/decision-letters/${letter.id}/review-forms/higher-level-review?decisions=3,0`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="VA-20-0996-higher-level-review.pdf"',
    );
    const fields = await formFields(answer.bytes);
    expect(fields.get(`${HLR_P1}Veterans_First_Name[0]`)).toBe('Theodora');
    expect(fields.get(`${HLR_P1}Veterans_SocialSecurityNumber_LastFourNumbers[0]`)).toBe('6789');
    expect(fields.get(`${HLR_P1}VAFileNumber[0]`)).toBe('23456789');
    // In the letter's order, whatever order they were asked in.
    expect(fields.get(`${HLR_P2}SPECIFICISSUE1[2]`)).toBe(
      'Evaluation of post traumatic stress disorder (rated 70 percent)',
    );
    expect(fields.get(`${HLR_P2}SPECIFICISSUE1[3]`)).toBe(
      'Service connection for right shoulder strain',
    );
    expect(fields.get(`${HLR_P2}SPECIFICISSUE1[1]`)).toBeUndefined();
    expect(fields.get(`${HLR_P2}Date_Month[0]`)).toBe('06');
    expect(fields.get(`${HLR_P2}Date_Year[1]`)).toBe('2023');
    expect(
      fields.get(`${HLR_P2}Checkbox_I_Would_Like_An_Optional_Informal_Conference[0]`),
    ).toBeUndefined();
  });

  it('[REVIEW FORMS]: the Board appeal form checks the docket asked for, and none otherwise', async () => {
    const path = `/decision-letters/${letter.id}/review-forms/board-appeal`;
    const plain = await api(token, 'GET', `${path}?decisions=1`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-disposition')).toBe(
      'attachment; filename="VA-10182-board-appeal.pdf"',
    );
    const fields = await formFields(plain.bytes);
    expect(fields.get(`${NOD}VeteransFirstName[0]`)).toBe('Theodora Q. Marchbanks');
    expect(fields.get(`${NOD}VeteransSocialSecurityNumber_FirstThreeNumbers[0]`)).toBe('23456789');
    expect(fields.get(`${NOD}DateSigned[0]`)).toBe('07/04/1980');
    expect(fields.get(`${NOD}Disagreement1[0]`)).toBe('Evaluation of tinnitus (rated 10 percent)');
    expect(fields.get(`${NOD}Percentage2[0]`)).toBe('06/14/2023');
    expect([...fields.values()]).not.toContain('checked');

    const hearing = await formFields((await api(token, 'GET', `${path}?docket=hearing`)).bytes);
    expect(hearing.get(`${NOD}DecisionReviewOfficer_DROReviewProcess[3]`)).toBe('checked');
    expect(hearing.get(`${NOD}DecisionReviewOfficer_DROReviewProcess[1]`)).toBeUndefined();
    expect(hearing.get(`${NOD}DecisionReviewOfficer_DROReviewProcess[2]`)).toBeUndefined();
  });

  it('[REVIEW FORMS]: a deferred decision is left out by default and refused when asked for', async () => {
    const deferred = await readLetter(token, DEFERRED_LETTER);
    expect(deferred.decisions.map((decision) => decision.outcome)).toEqual([
      'granted',
      'denied',
      'deferred',
    ]);
    const path = `/decision-letters/${deferred.id}/review-forms/supplemental-claim`;
    const fields = await formFields((await api(token, 'GET', path)).bytes);
    expect(fields.get(`${P5}SPECIFICISSUE2[0]`)).toMatch(/^Evaluation of tinnitus/);
    expect(fields.get(`${P5}SPECIFICISSUE3[0]`)).toBe(
      'Service connection for gastroesophageal reflux disease',
    );
    expect(fields.get(`${P5}SPECIFICISSUE4[0]`)).toBeUndefined();
    expect(fields.get(`${P5}Date_Year[0]`)).toBe('2024');
    const refused = await api(token, 'GET', `${path}?decisions=2`);
    expectEnvelope(refused, 400, ERR.INVALID_INPUT);
    expect(errorEnvelopeSchema.parse(refused.json).fields).toHaveProperty('decisions');
  }, 60_000);

  it('[REVIEW FORMS]: a bad review option, decision or docket answers 400 with the envelope', async () => {
    const base = `/decision-letters/${letter.id}/review-forms`;
    for (const path of [
      `${base}/appeal`,
      `${base}/SUPPLEMENTAL-CLAIM`,
      `${base}/supplemental-claim?decisions=4`,
      `${base}/supplemental-claim?decisions=99`,
      `${base}/supplemental-claim?decisions=-1`,
      `${base}/supplemental-claim?decisions=`,
      `${base}/supplemental-claim?decisions=0,,1`,
      `${base}/supplemental-claim?decisions=first`,
      `${base}/board-appeal?docket=video`,
      `${base}/higher-level-review?docket=direct`,
    ]) {
      const answer = await api(token, 'GET', path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(errorEnvelopeSchema.parse(answer.json).code).toBe(ERR.INVALID_INPUT);
    }
  });

  it("[REVIEW FORMS]: another user's letter answers 404, as does one that does not exist", async () => {
    const { token: intruder } = await signIn(app, 'review.forms.intruder@example.com');
    for (const kind of ['supplemental-claim', 'higher-level-review', 'board-appeal']) {
      const answer = await api(
        intruder,
        'GET',
        `/decision-letters/${letter.id}/review-forms/${kind}`,
      );
      expectEnvelope(answer, 404, ERR.NOT_FOUND);
    }
    // The owner is checked first: another user's letter is not found, whatever is asked of it.
    const nonsense = await api(intruder, 'GET', `/decision-letters/${letter.id}/review-forms/nope`);
    expectEnvelope(nonsense, 404, ERR.NOT_FOUND);
    const missing = await api(
      token,
      'GET',
      '/decision-letters/00000000-0000-4000-8000-000000000000/review-forms/board-appeal',
    );
    expectEnvelope(missing, 404, ERR.NOT_FOUND);
  });

  it('[REVIEW FORMS]: a letter without a decision to review answers 409', async () => {
    const text = `Dear Veteran,\n\n${'We received your correspondence and it is being reviewed. '.repeat(6)}\n\nSincerely,\nVeterans Service Center`;
    const empty = await readLetter(token, text);
    expect(empty.decisions).toEqual([]);
    const answer = await api(
      token,
      'GET',
      `/decision-letters/${empty.id}/review-forms/board-appeal`,
    );
    expectEnvelope(answer, 409, ERR.INVALID_STATE);
  }, 60_000);
});

describe('[DECISION LETTERS][REVIEW FORMS] before the letter is read', () => {
  let queued: TestApp;
  let queuedUrl: string;
  beforeAll(async () => {
    // Jobs are queued but no worker runs them: the letter stays unread.
    ({ app: queued, url: queuedUrl } = await startTestServer({ withJobs: true }));
  });
  afterAll(async () => queued.close());

  it('[REVIEW FORMS]: a letter still being read answers 409 with the envelope', async () => {
    const me = await signIn(queued, 'review.forms.queued@example.com');
    const made = await fetch(`${queuedUrl}/decision-letters`, {
      method: 'POST',
      headers: { ...bearer(me.token), 'content-type': 'application/json' },
      body: JSON.stringify({ text: LETTER }),
    });
    expect(made.status).toBe(202);
    const { id } = (await made.json()) as { id: string };
    for (const kind of ['supplemental-claim', 'higher-level-review', 'board-appeal']) {
      const answer = await fetch(`${queuedUrl}/decision-letters/${id}/review-forms/${kind}`, {
        headers: bearer(me.token),
      });
      expect(answer.status).toBe(409);
      const envelope = errorEnvelopeSchema.parse(await answer.json());
      expect(envelope.code).toBe(ERR.INVALID_STATE);
      expect(envelope.detail).toMatch(/still being read/);
    }
  });
});
