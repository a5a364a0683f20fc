import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSchema } from '@muster/contract/claims';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { validate526ResultSchema, type Validate526Result } from '@muster/contract/va-forms';
import { loadPdf, pdfPageTexts } from '#src/lib/pdf-forms/test-support.ts';
import { VA_21_0966_FIELDS as F } from '#src/modules/va-forms/documents/va-21-0966.ts';
import {
  SUMMARY_STAMP,
  VA_21_526EZ_FIELDS as S,
} from '#src/modules/va-forms/documents/va-21-526ez-summary.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { call, collectionUrl, createDisability } from '../disabilities/disability-fixtures.ts';

/**
 * VA forms through HTTP. The 526 is built from the caller's own records (a claim's, or the
 * primary record and every disability) and checked against VA's schema with no VA connection:
 * a complete record validates with no error, a missing one is named in plain words, another
 * user's claim answers 404. The 21-0966 is filled from the primary record, read back field by
 * field.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const VETERAN = {
  first_name: 'Jordan',
  middle_name: 'Lee',
  last_name: 'Reyes',
  ssn: '123-45-6789',
  va_file_number: '12345678',
  date_of_birth: '1980-04-05',
  address: {
    line1: '1200 North Lakeshore Drive',
    line2: 'Apt 4B',
    city: 'Chicago',
    state: 'IL',
    zip_code: '60610-1234',
  },
  phone: '(312) 555-0100',
  email: 'jordan.reyes@example.com',
  service_periods: [
    { branch: 'USMC', component: 'reserve', start_date: '1999-06-01', end_date: '2007-05-31' },
  ],
};

async function validate(token: string, body: Record<string, unknown> = {}) {
  const answer = await call(app, token, 'POST', '/va-forms/526ez/validate', body);
  expect(answer.status, answer.text).toBe(200);
  return validate526ResultSchema.parse(answer.body);
}

const contentions = (result: Validate526Result) =>
  result.payload.data.attributes.disabilities as {
    name: string;
    disabilityActionType: string;
    secondaryDisabilities?: { name: string }[];
  }[];

/** A user with a complete veteran record and two disabilities, the second secondary to the first. */
async function completeUser(email: string) {
  const { token } = await signIn(app, email);
  const made = await call(app, token, 'POST', '/veterans', VETERAN);
  expect(made.status, made.text).toBe(201);
  const knee = await createDisability(app, token, {
    title: 'Knee strain',
    side_of_body: 'left',
    classification_code: '8997',
    diagnostic_code: '5260',
    claim_type: 'direct',
  });
  const hip = await createDisability(app, token, { title: 'Hip pain', claim_type: 'secondary' });
  for (const [id, event] of [
    [knee.id, 'Fell from a truck during a convoy in 2004'],
    [hip.id, 'Limping on the injured knee since 2004'],
  ] as const) {
    const saved = await call(app, token, 'PUT', `/disabilities/${id}/answers/military-symptoms`, {
      in_service_event: event,
      started_on: '2004-03-01',
    });
    expect(saved.status, saved.text).toBe(200);
  }
  const secondary = await call(
    app,
    token,
    'POST',
    `/disabilities/${hip.id}/secondary-disabilities`,
    { primary_ids: [knee.id], explanation: 'Favouring the left knee strained the hip' },
  );
  expect(secondary.status, secondary.text).toBe(201);
  const treatment = await call(app, token, 'POST', collectionUrl('treatments', knee.id), {
    facility_name: 'Jesse Brown VA Medical Center',
    facility_type: 'va',
    start_date: '2008-02-01',
  });
  expect(treatment.status, treatment.text).toBe(201);
  const exposure = await call(app, token, 'POST', collectionUrl('exposures', knee.id), {
    kind: 'gulf_war_2001',
    location: 'djibouti',
    start_date: '2004-01-01',
    end_date: '2004-09-30',
  });
  expect(exposure.status, exposure.text).toBe(201);
  return { token, knee, hip };
}

describe('POST /va-forms/526ez/validate', () => {
  it('builds a payload VA’s schema accepts from a complete record, with no VA connection', async () => {
    const { token } = await completeUser('va526-complete@example.com');
    const result = await validate(token, { current_va_employee: false });
    expect(result.errors).toEqual({});
    const attributes = result.payload.data.attributes;
    expect(result.payload.data.type).toBe('form/526');
    expect(attributes).toMatchObject({
      claimProcessType: 'STANDARD_CLAIM_PROCESS',
      claimantCertification: true,
      veteranIdentification: {
        currentVaEmployee: false,
        veteranNumber: { telephone: '3125550100' },
        emailAddress: { email: 'jordan.reyes@example.com' },
        mailingAddress: {
          addressLine1: '1200 North Lakeshore',
          addressLine2: 'Drive Apt 4B',
          city: 'Chicago',
          state: 'IL',
          country: 'USA',
          zipFirstFive: '60610',
          zipLastFour: '1234',
        },
      },
      serviceInformation: {
        servicePeriods: [
          {
            serviceBranch: 'Marine Corps Reserves',
            serviceComponent: 'Reserves',
            activeDutyBeginDate: '1999-06-01',
            activeDutyEndDate: '2007-05-31',
          },
        ],
      },
      treatments: [
        {
          beginDate: '2008-02',
          treatedDisabilityNames: ['Knee strain, left'],
          center: { name: 'Jesse Brown VA Medical Center' },
        },
      ],
      toxicExposure: { gulfWarHazardService: { servedInGulfWarHazardLocations: 'YES' } },
    });
    expect(contentions(result)).toEqual([
      expect.objectContaining({
        name: 'Knee strain, left',
        disabilityActionType: 'NEW',
        classificationCode: '8997',
        diagnosticCode: 5260,
        serviceRelevance: 'Fell from a truck during a convoy in 2004',
        isRelatedToToxicExposure: true,
        secondaryDisabilities: [
          expect.objectContaining({
            name: 'Hip pain',
            disabilityActionType: 'SECONDARY',
            serviceRelevance: 'Favouring the left knee strained the hip',
          }),
        ],
      }),
    ]);
  });

  it('uses a claim’s disabilities only, and answers 404 for another user’s claim', async () => {
    const { token, hip } = await completeUser('va526-claim@example.com');
    const made = await call(app, token, 'POST', '/claims', {
      name: 'Hip',
      disability_ids: [hip.id],
    });
    expect(made.status, made.text).toBe(201);
    const claim = claimSchema.parse(made.body);
    const result = await validate(token, { claim_id: claim.id, current_va_employee: true });
    // Its primary is not in the claim: the secondary condition stands on its own.
    expect(contentions(result).map((c) => c.name)).toEqual(['Hip pain']);
    expect(result.errors).toEqual({});

    const { token: intruder } = await signIn(app, 'va526-intruder@example.com');
    const refused = await call(app, intruder, 'POST', '/va-forms/526ez/validate', {
      claim_id: claim.id,
    });
    expect(refused.status).toBe(404);
    expect(errorEnvelopeSchema.parse(refused.body).code).toBe(ERR.NOT_FOUND);
  });

  it('names what is missing in plain words for a user with no records', async () => {
    const { token } = await signIn(app, 'va526-empty@example.com');
    const result = await validate(token);
    expect(result.errors).toEqual({
      'veteranIdentification.mailingAddress': 'Add your mailing address in your veteran record',
      'veteranIdentification.currentVaEmployee':
        'Tell us whether you work for VA (VA’s form asks every veteran)',
      'serviceInformation.servicePeriods':
        'Add at least one service period (branch, component and dates) in your veteran record',
      disabilities: 'Add at least one disability to the claim',
    });
  });

  it('refuses a claim id that is not a uuid (400), and a missing sign-in (401)', async () => {
    const { token } = await signIn(app, 'va526-bad@example.com');
    const bad = await call(app, token, 'POST', '/va-forms/526ez/validate', { claim_id: 'nope' });
    expect(bad.status).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/va-forms/526ez/validate',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /va-forms/intent-to-file/pdf', () => {
  it('fills VA Form 21-0966 from the primary veteran record, compensation checked', async () => {
    const { token } = await signIn(app, 'itf-filled@example.com');
    const made = await call(app, token, 'POST', '/veterans', VETERAN);
    expect(made.status, made.text).toBe(201);
    const response = await app.inject({
      method: 'GET',
      url: '/va-forms/intent-to-file/pdf',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="va-21-0966-intent-to-file.pdf"',
    );
    const form = (await loadPdf(response.rawPayload)).getForm();
    const text = (name: string) => form.getTextField(name).getText() ?? '';
    expect(text(F.firstName)).toBe('Jordan');
    expect(text(F.middleInitial)).toBe('L');
    expect(text(F.lastName)).toBe('Reyes');
    // Unmasked on the form, though the API answers it masked.
    expect([text(F.ssnFirst), text(F.ssnMiddle), text(F.ssnLast)]).toEqual(['123', '45', '6789']);
    expect(text(F.vaFileNumber)).toBe('12345678');
    expect([text(F.birthMonth), text(F.birthDay), text(F.birthYear)]).toEqual(['04', '05', '1980']);
    expect(text(F.street)).toBe('1200 North Lakeshore Drive');
    expect(text(F.unit)).toBe('4B');
    expect(text(F.city)).toBe('Chicago');
    expect(text(F.state)).toBe('IL');
    expect(text(F.zipFirstFive)).toBe('60610');
    expect(text(F.zipLastFour)).toBe('1234');
    expect([text(F.phoneArea), text(F.phonePrefix), text(F.phoneLine)]).toEqual([
      '312',
      '555',
      '0100',
    ]);
    expect(text(F.email1) + text(F.email2)).toBe('jordan.reyes@example.com');
    expect(form.getCheckBox(F.compensation).isChecked()).toBe(true);
  });

  it('answers 409 while the user has no veteran record', async () => {
    const { token } = await signIn(app, 'itf-empty@example.com');
    const response = await call(app, token, 'GET', '/va-forms/intent-to-file/pdf');
    expect(response.status).toBe(409);
    expect(errorEnvelopeSchema.parse(response.body).code).toBe(ERR.INVALID_STATE);
  });
});

describe('GET /va-forms/526ez/pdf', () => {
  it('summarises the 526 on the SEP 2019 form, every page stamped not for filing', async () => {
    const { token } = await completeUser('va526-pdf@example.com');
    const response = await app.inject({
      method: 'GET',
      url: '/va-forms/526ez/pdf',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = new Uint8Array(response.rawPayload);
    const form = (await loadPdf(bytes)).getForm();
    const text = (name: string) => form.getTextField(name).getText() ?? '';
    expect(text(S.firstName)).toBe('Jordan');
    expect(text(S.middleInitial)).toBe('L');
    expect(text(S.lastName)).toBe('Reyes');
    expect([text(S.ssnFirst), text(S.ssnMiddle), text(S.ssnLast)]).toEqual(['123', '45', '6789']);
    expect(text(S.vaFileNumber)).toBe('12345678');
    expect([text(S.birthMonth), text(S.birthDay), text(S.birthYear)]).toEqual(['04', '05', '1980']);
    expect(text(S.street)).toBe('1200 North Lakeshore Drive');
    expect(text(S.unit)).toBe('4B');
    expect(text(S.city)).toBe('Chicago');
    expect(text(S.state)).toBe('IL');
    expect(text(S.zipFirstFive)).toBe('60610');
    expect([text(S.phoneArea), text(S.phonePrefix), text(S.phoneLine)]).toEqual([
      '312',
      '555',
      '0100',
    ]);
    expect(text(S.email)).toBe('jordan.reyes@example.com');
    expect(form.getCheckBox(S.standardClaim).isChecked()).toBe(true);
    expect(text(S.disability(0))).toBe('Knee strain, left');
    // Wrapped onto the row's two lines (a value that cannot fit is left out, never cut).
    expect(text(S.cause(0)).replace(/\s+/g, ' ')).toBe(
      'Gulf War hazards, service from September 2001',
    );
    expect(text(S.relation(0)).replace(/\s+/g, ' ')).toBe(
      'Fell from a truck during a convoy in 2004',
    );
    expect(text(S.disability(1))).toBe('Hip pain');
    expect(text(S.cause(1)).replace(/\s+/g, ' ')).toBe('Secondary to Knee strain, left');
    expect(text(S.relation(1)).replace(/\s+/g, ' ')).toBe(
      'Favouring the left knee strained the hip',
    );
    expect(text(S.disability(2))).toBe('');
    const pages = await pdfPageTexts(bytes);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(SUMMARY_STAMP);
  });

  it('answers 404 for another user’s claim', async () => {
    const { token, hip } = await completeUser('va526-pdf-owner@example.com');
    const made = await call(app, token, 'POST', '/claims', {
      name: 'Hip',
      disability_ids: [hip.id],
    });
    expect(made.status, made.text).toBe(201);
    const { token: intruder } = await signIn(app, 'va526-pdf-intruder@example.com');
    const refused = await call(
      app,
      intruder,
      'GET',
      `/va-forms/526ez/pdf?claim_id=${claimSchema.parse(made.body).id}`,
    );
    expect(refused.status).toBe(404);
  });
});
