import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, ERR } from '@muster/contract/errors';
import { intentToFileStateSchema } from '@muster/contract/intent-to-file';
import { va526SubmissionListSchema, va526SubmissionSchema } from '@muster/contract/va-forms';
import {
  claimSubmittingLease,
  renewLease,
  storeFailed,
  storeSubmitted,
} from '#src/modules/va-forms/va-526-submit.repository.ts';
import { signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';
import { call, createDisability } from '../disabilities/disability-fixtures.ts';
import { APP_URL, connect } from '../va-integrations/va-helpers.ts';

/**
 * A 526 whose answer never came back may still have been established at VA. The next attempt
 * reads the veteran's claims at VA first: a claim VA has is adopted and nothing is sent again; when
 * VA has none, the claim is sent. Either way VA ends up with exactly one claim.
 */

let app: TestApp;
let fake: FakeLighthouse;
let icnSequence = 1012669200;

beforeAll(async () => {
  fake = await startFakeLighthouse();
  ({ app } = await startTestServer({ env: { ...fake.env(), APP_URL } }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  fake.form526.failures = { validate: [], synchronous: [] };
  fake.form526.lostAnswers = [];
  expect(fake.violations).toEqual([]);
});

/** Signed in, a complete record and one disability, connected, with an active intent to file. */
async function readyVeteran(email: string) {
  const me = await signIn(app, email);
  const made = await call(app, me.token, 'POST', '/veterans', {
    first_name: 'Sam',
    last_name: 'Ortiz',
    address: { line1: '12 Oak St', city: 'Chicago', state: 'IL', zip_code: '60610' },
    phone: '(312) 555-0100',
    email: 'sam.ortiz@example.com',
    service_periods: [
      { branch: 'Army', component: 'active', start_date: '2001-06-01', end_date: '2009-05-31' },
    ],
  });
  expect(made.status, made.text).toBe(201);
  const knee = await createDisability(app, me.token, {
    title: 'Knee strain',
    claim_type: 'direct',
  });
  const saved = await call(
    app,
    me.token,
    'PUT',
    `/disabilities/${knee.id}/answers/military-symptoms`,
    { in_service_event: 'Twisted the knee on a ruck march', started_on: '2004-03-01' },
  );
  expect(saved.status, saved.text).toBe(200);
  fake.patientIcn = `${icnSequence++}V762142`;
  const icn = fake.patientIcn;
  await connect(app, me.token);
  fake.itfs.push({
    id: String(icnSequence),
    icn,
    type: 'compensation',
    status: 'active',
    creationDate: '2026-01-10',
    expirationDate: '2099-01-10',
  });
  return { ...me, icn };
}

const submit = (token: string) =>
  call(app, token, 'POST', '/va-forms/526ez/submit', { current_va_employee: false });
const listed = async (token: string) => {
  const answer = await call(app, token, 'GET', '/va-forms/526ez/submissions');
  expect(answer.status, answer.text).toBe(200);
  return va526SubmissionListSchema.parse(answer.body).results;
};
const atVa = (icn: string) => fake.form526.submissions.filter((s) => s.icn === icn);

describe('a 526 whose outcome VA did not confirm', () => {
  it('is found at VA on the next attempt and adopted, with nothing sent again', async () => {
    const me = await readyVeteran('uncertain526.lost@example.com');
    fake.form526.lostAnswers.push(504);
    const first = await submit(me.token);
    expect(first.status, first.text).toBe(502);
    expect(errorEnvelopeSchema.parse(first.body).code).toBe(ERR.BAD_GATEWAY);
    expect(atVa(me.icn)).toHaveLength(1);
    const [shown] = await listed(me.token);
    expect(shown).toMatchObject({ status: 'failed', va_claim_id: null });
    expect(shown!.error).toMatch(/could not confirm that VA received your claim/);

    const retry = await submit(me.token);
    expect(retry.status, retry.text).toBe(200);
    expect(va526SubmissionSchema.parse(retry.body)).toMatchObject({
      status: 'submitted',
      va_claim_id: atVa(me.icn)[0]!.claimId,
      error: null,
    });
    expect(atVa(me.icn)).toHaveLength(1);
    expect(fake.callsTo('POST', `/veterans/${me.icn}/526/synchronous`)).toHaveLength(1);
    expect(fake.callsTo('GET', `/veterans/${me.icn}/claims`)).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it('is sent again when VA has no such claim, and VA ends with one', async () => {
    const me = await readyVeteran('uncertain526.none@example.com');
    fake.form526.failures.synchronous.push(503);
    const first = await submit(me.token);
    expect(first.status, first.text).toBe(502);
    expect(atVa(me.icn)).toHaveLength(0);

    const retry = await submit(me.token);
    expect(retry.status, retry.text).toBe(201);
    expect(atVa(me.icn)).toHaveLength(1);
    expect(va526SubmissionSchema.parse(retry.body).va_claim_id).toBe(atVa(me.icn)[0]!.claimId);
    expect(fake.callsTo('GET', `/veterans/${me.icn}/claims`)).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it('asks VA nothing first after a clear refusal: that claim was never established', async () => {
    const me = await readyVeteran('uncertain526.refused@example.com');
    fake.form526.rejectNext = [
      {
        title: 'Unprocessable entity',
        detail: 'The property /serviceInformation did not contain the required key servicePeriods',
        status: '422',
        source: { pointer: 'data/attributes/serviceInformation' },
      },
    ];
    const first = await submit(me.token);
    expect(first.status, first.text).toBe(422);
    const retry = await submit(me.token);
    expect(retry.status, retry.text).toBe(201);
    expect(fake.callsTo('GET', `/veterans/${me.icn}/claims`)).toHaveLength(0);
    expect(atVa(me.icn)).toHaveLength(1);
  });
});

describe('the intent to file behind a filed claim', () => {
  it('stops counting down once VA established the claim under it', async () => {
    const me = await readyVeteran('uncertain526.itf@example.com');
    const before = await call(app, me.token, 'GET', '/va-forms/intent-to-file');
    expect(intentToFileStateSchema.parse(before.body).can_access_526ez).toBe(true);
    expect((await submit(me.token)).status).toBe(201);
    const after = intentToFileStateSchema.parse(
      (await call(app, me.token, 'GET', '/va-forms/intent-to-file')).body,
    );
    expect(after.intent_to_file).toMatchObject({ status: 'claim_received', is_active: false });
    expect(after.can_access_526ez).toBe(false);
    // Submitting again still answers the filed claim rather than refusing for want of an ITF.
    const again = await submit(me.token);
    expect(again.status, again.text).toBe(200);
  });
});

describe('the submitting lease', () => {
  it('lets a holder whose lease lapsed change nothing once another attempt holds it', async () => {
    const { userId } = await signIn(app, 'uncertain526.lease@example.com');
    const keyed = { db: app.database.db, userId, claimKey: 'primary' };
    const first = await claimSubmittingLease({ ...keyed, claimId: null, leaseMs: 1 });
    expect(first).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await claimSubmittingLease({ ...keyed, claimId: null, leaseMs: 60_000 });
    expect(second).not.toBeNull();
    const lapsed = { ...keyed, attemptId: first!.attemptId };
    expect(await renewLease({ ...lapsed, leaseMs: 60_000 })).toBe(false);
    await storeFailed({ ...lapsed, error: 'late' });
    expect(
      await storeSubmitted({ ...lapsed, vaClaimId: '1', payload: '{}', submittedAt: new Date() }),
    ).toBeUndefined();
    // The lease is still the second attempt's: a third cannot take it.
    expect(await claimSubmittingLease({ ...keyed, claimId: null, leaseMs: 60_000 })).toBeNull();
    const current = { ...keyed, attemptId: second!.attemptId };
    expect(await renewLease({ ...current, leaseMs: 60_000 })).toBe(true);
    const stored = await storeSubmitted({
      ...current,
      vaClaimId: '600123',
      payload: '{}',
      submittedAt: new Date(),
    });
    expect(stored).toMatchObject({ status: 'submitted', vaClaimId: '600123' });
  });
});
