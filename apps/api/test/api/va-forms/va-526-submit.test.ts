import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimSchema } from '@muster/contract/claims';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import {
  VA_526_LOCAL_ERRORS_DETAIL,
  VA_526_NEEDS_INTENT_TO_FILE_DETAIL,
  VA_526_REFUSED_FIELDS_DETAIL,
  va526SubmissionListSchema,
  va526SubmissionSchema,
} from '@muster/contract/va-forms';
import {
  VA_NOT_CONFIGURED_DETAIL,
  VA_NOT_CONNECTED_DETAIL,
  VA_UNAVAILABLE_DETAIL,
} from '@muster/contract/va-integrations';
import { signIn } from '../../helpers/auth.ts';
import { buildTestApp, startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';
import { call, collectionUrl, createDisability } from '../disabilities/disability-fixtures.ts';
import { APP_URL, connect } from '../va-integrations/va-helpers.ts';

/**
 * Submitting the 21-526EZ to VA through the fake Lighthouse, which checks every body against
 * VA's OpenAPI document and v2 526 schema: access rules (configured, connected, intent to file),
 * Muster's own check stopping a claim before VA, VA's refusals in plain words, VA failing and a
 * retry, one claim per local claim however many requests arrive, and owner scoping.
 */

let app: TestApp;
let fake: FakeLighthouse;

beforeAll(async () => {
  fake = await startFakeLighthouse();
  ({ app } = await startTestServer({ captureLogs: true, env: { ...fake.env(), APP_URL } }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  fake.tokenFailures.length = 0;
  fake.apiFailures.length = 0;
  fake.form526.rejectNext = null;
  fake.form526.delayMs = 0;
  fake.form526.failures = { validate: [], synchronous: [] };
  expect(fake.violations).toEqual([]);
});

const VETERAN = {
  first_name: 'Jordan',
  last_name: 'Reyes',
  ssn: '123-45-6789',
  date_of_birth: '1980-04-05',
  address: { line1: '12 Oak St', city: 'Chicago', state: 'IL', zip_code: '60610' },
  phone: '(312) 555-0100',
  email: 'jordan.reyes@example.com',
  service_periods: [
    { branch: 'USMC', component: 'active', start_date: '1999-06-01', end_date: '2007-05-31' },
  ],
};
const EVENT = 'Fell from a truck during a convoy in 2004';

let icnSequence = 1012668100;

/** A signed-in user with a complete veteran record and one disability (knee strain). */
async function completeUser(email: string) {
  const me = await signIn(app, email);
  const made = await call(app, me.token, 'POST', '/veterans', VETERAN);
  expect(made.status, made.text).toBe(201);
  const knee = await createDisability(app, me.token, {
    title: 'Knee strain',
    side_of_body: 'left',
    classification_code: '8997',
    diagnostic_code: '5260',
    claim_type: 'direct',
  });
  const saved = await call(
    app,
    me.token,
    'PUT',
    `/disabilities/${knee.id}/answers/military-symptoms`,
    { in_service_event: EVENT, started_on: '2004-03-01' },
  );
  expect(saved.status, saved.text).toBe(200);
  const treatment = await call(app, me.token, 'POST', collectionUrl('treatments', knee.id), {
    facility_name: 'Jesse Brown VA Medical Center',
    facility_type: 'va',
    start_date: '2008-02-01',
  });
  expect(treatment.status, treatment.text).toBe(201);
  return { ...me, knee };
}

/** Connects the user to VA.gov as a veteran of their own (a fresh ICN). */
async function connectVa(token: string) {
  fake.patientIcn = `${icnSequence++}V762142`;
  const icn = fake.patientIcn;
  await connect(app, token);
  return icn;
}

/** An active compensation intent to file at VA for `icn`. */
function activeItf(icn: string) {
  fake.itfs.push({
    id: String(icnSequence),
    icn,
    type: 'compensation',
    status: 'active',
    creationDate: '2026-01-10',
    expirationDate: '2099-01-10',
  });
}

/** Complete, connected, with an active intent to file: ready to submit. */
async function readyVeteran(email: string) {
  const me = await completeUser(email);
  const icn = await connectVa(me.token);
  activeItf(icn);
  return { ...me, icn };
}

const submit = (token: string, body: Record<string, unknown> = { current_va_employee: false }) =>
  call(app, token, 'POST', '/va-forms/526ez/submit', body);
const submissions = async (token: string) => {
  const answer = await call(app, token, 'GET', '/va-forms/526ez/submissions');
  expect(answer.status, answer.text).toBe(200);
  return va526SubmissionListSchema.parse(answer.body).results;
};
const sent = (icn: string, step: 'validate' | 'synchronous') =>
  fake.callsTo('POST', `/veterans/${icn}/526/${step}`);
const envelope = (body: unknown) => errorEnvelopeSchema.parse(body);

describe('POST /va-forms/526ez/submit', () => {
  it('sends the claim to VA once: VA’s claim id stored and listed, the local claim filed', async () => {
    const me = await readyVeteran('submit526.ok@example.com');
    const made = await call(app, me.token, 'POST', '/claims', {
      name: 'Knee',
      disability_ids: [me.knee.id],
    });
    expect(made.status, made.text).toBe(201);
    const claim = claimSchema.parse(made.body);

    const answer = await submit(me.token, { claim_id: claim.id, current_va_employee: false });
    expect(answer.status, answer.text).toBe(201);
    const submission = va526SubmissionSchema.parse(answer.body);
    const atVa = fake.form526.submissions.filter((s) => s.icn === me.icn);
    expect(atVa).toHaveLength(1);
    expect(submission).toMatchObject({
      claim_id: claim.id,
      va_claim_id: atVa[0]!.claimId,
      status: 'submitted',
      error: null,
    });
    expect(submission.submitted_at).not.toBeNull();
    expect(sent(me.icn, 'validate').map((c) => c.status)).toEqual([200]);
    expect(sent(me.icn, 'synchronous').map((c) => c.status)).toEqual([202]);
    // What VA received is the payload validate builds.
    const validated = await call(app, me.token, 'POST', '/va-forms/526ez/validate', {
      claim_id: claim.id,
      current_va_employee: false,
    });
    expect(atVa[0]!.attributes).toEqual(
      (validated.body as { payload: { data: { attributes: unknown } } }).payload.data.attributes,
    );

    expect(await submissions(me.token)).toEqual([submission]);
    const after = await call(app, me.token, 'GET', `/claims/${claim.id}`);
    expect(claimSchema.parse(after.body).status).toBe('filed');

    // Stored encrypted: the body sent is not readable in the table.
    const { rows } = await app.database.pool.query<{ payload: string }>(
      'SELECT payload FROM va_claim_submissions WHERE user_id = $1',
      [me.userId],
    );
    expect(rows[0]!.payload).not.toContain(EVENT);
    expect(rows[0]!.payload).not.toContain('Reyes');

    // Submitting again answers the same submission and sends nothing.
    const again = await submit(me.token, { claim_id: claim.id, current_va_employee: false });
    expect(again.status, again.text).toBe(200);
    expect(va526SubmissionSchema.parse(again.body)).toEqual(submission);
    expect(sent(me.icn, 'synchronous')).toHaveLength(1);
    expect(fake.violations).toEqual([]);
    // Nothing the veteran wrote reaches the logs.
    const log = app.logLines.join('\n');
    expect(log).not.toContain(EVENT);
    expect(log).not.toContain('Jordan');
  });

  it('is refused (403) while VA.gov is not connected, naming what is missing', async () => {
    const me = await completeUser('submit526.unconnected@example.com');
    const answer = await submit(me.token);
    expect(answer.status, answer.text).toBe(403);
    expect(envelope(answer.body)).toMatchObject({
      code: ERR.ACCESS_DENIED,
      detail: VA_NOT_CONNECTED_DETAIL,
    });
    expect(await submissions(me.token)).toEqual([]);
  });

  it('is refused (403) while VA holds no active intent to file; nothing is sent', async () => {
    const me = await completeUser('submit526.no-itf@example.com');
    const icn = await connectVa(me.token);
    const answer = await submit(me.token);
    expect(answer.status, answer.text).toBe(403);
    expect(envelope(answer.body)).toMatchObject({
      code: ERR.ACCESS_DENIED,
      detail: VA_526_NEEDS_INTENT_TO_FILE_DETAIL,
    });
    expect(sent(icn, 'validate')).toHaveLength(0);
    expect(sent(icn, 'synchronous')).toHaveLength(0);
  });

  it('answers Muster’s own field errors (422) and sends nothing', async () => {
    const me = await signIn(app, 'submit526.incomplete@example.com');
    const icn = await connectVa(me.token);
    activeItf(icn);
    const answer = await submit(me.token, {});
    expect(answer.status, answer.text).toBe(422);
    const body = envelope(answer.body);
    expect(body).toMatchObject({
      code: ERR.UNABLE_TO_COMPLETE,
      detail: VA_526_LOCAL_ERRORS_DETAIL,
    });
    expect(body.fields).toMatchObject({
      'veteranIdentification.mailingAddress': 'Add your mailing address in your veteran record',
      'veteranIdentification.currentVaEmployee':
        'Tell us whether you work for VA (VA’s form asks every veteran)',
      disabilities: 'Add at least one disability to the claim',
    });
    expect(sent(icn, 'validate')).toHaveLength(0);
    expect(await submissions(me.token)).toEqual([]);
  });

  it('turns VA’s refusals (422, source.pointer) into plain field errors; a retry then succeeds', async () => {
    const me = await readyVeteran('submit526.va-refuses@example.com');
    fake.form526.rejectNext = [
      {
        title: 'Unprocessable entity',
        detail: 'The property /veteranIdentification/mailingAddress/zipFirstFive is invalid',
        status: '422',
        source: { pointer: 'data/attributes/veteranIdentification/mailingAddress/zipFirstFive' },
      },
      {
        title: 'Unprocessable entity',
        detail: 'The property /disabilities/0 did not contain the required key serviceRelevance',
        status: '422',
        source: { pointer: 'data/attributes/disabilities/0' },
      },
    ];
    const refused = await submit(me.token);
    expect(refused.status, refused.text).toBe(422);
    const body = envelope(refused.body);
    expect(body.code).toBe(ERR.UNABLE_TO_COMPLETE);
    expect(body.detail).toBe(VA_526_REFUSED_FIELDS_DETAIL);
    expect(body.fields).toEqual({
      'veteranIdentification.mailingAddress.zipFirstFive':
        "Your 5-digit ZIP code is not something VA's form accepts: check it in your veteran record",
      'disabilities.0.serviceRelevance':
        'Add what happened in service that “Knee strain, left” goes back to in the questions of “Knee strain, left” (the in-service event)',
    });
    expect(sent(me.icn, 'synchronous')).toHaveLength(0);
    const [failed] = await submissions(me.token);
    expect(failed).toMatchObject({ status: 'failed', va_claim_id: null, claim_id: null });
    expect(failed!.error).toMatch(/VA refused 2 answer/);

    const retried = await submit(me.token);
    expect(retried.status, retried.text).toBe(201);
    expect(va526SubmissionSchema.parse(retried.body)).toMatchObject({
      id: failed!.id,
      status: 'submitted',
      error: null,
    });
    expect(fake.violations).toEqual([]);
  });

  it('VA failing (5xx) answers 502, keeps the attempt as failed, and a retry succeeds', async () => {
    const me = await readyVeteran('submit526.va-down@example.com');
    fake.form526.failures.validate.push(500);
    const failed = await submit(me.token);
    expect(failed.status, failed.text).toBe(502);
    expect(envelope(failed.body)).toMatchObject({
      code: ERR.BAD_GATEWAY,
      detail: VA_UNAVAILABLE_DETAIL,
    });
    expect(sent(me.icn, 'synchronous')).toHaveLength(0);
    expect(await submissions(me.token)).toEqual([
      expect.objectContaining({ status: 'failed', error: VA_UNAVAILABLE_DETAIL }),
    ]);

    fake.form526.failures.synchronous.push(503);
    const again = await submit(me.token);
    expect(again.status, again.text).toBe(502);
    expect(sent(me.icn, 'synchronous').map((c) => c.status)).toEqual([503]);

    const retried = await submit(me.token);
    expect(retried.status, retried.text).toBe(201);
    expect(fake.form526.submissions.filter((s) => s.icn === me.icn)).toHaveLength(1);
    expect(await submissions(me.token)).toEqual([
      expect.objectContaining({ status: 'submitted', error: null }),
    ]);
  });

  it('a failure VA answers on whichever call comes next (apiFailures) is met the same way', async () => {
    const me = await readyVeteran('submit526.api-failure@example.com');
    fake.apiFailures.push(502);
    const failed = await submit(me.token);
    expect(failed.status, failed.text).toBe(502);
    expect(fake.form526.submissions.filter((s) => s.icn === me.icn)).toHaveLength(0);
    const retried = await submit(me.token);
    expect(retried.status, retried.text).toBe(201);
  });

  it('sends one claim when four submits arrive at once', async () => {
    const me = await readyVeteran('submit526.race@example.com');
    fake.form526.delayMs = 400;
    const answers = await Promise.all([1, 2, 3, 4].map(() => submit(me.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(sent(me.icn, 'synchronous')).toHaveLength(1);
    expect(fake.form526.submissions.filter((s) => s.icn === me.icn)).toHaveLength(1);
    const ids = answers.map((a) => va526SubmissionSchema.parse(a.body).va_claim_id);
    expect(new Set(ids).size).toBe(1);
    expect(await submissions(me.token)).toHaveLength(1);
  });

  it('refreshes an expired access token first and still sends one claim', async () => {
    const me = await readyVeteran('submit526.refresh@example.com');
    await app.database.pool.query(
      `UPDATE va_connections SET access_token_expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [me.userId],
    );
    fake.expireAccessTokens();
    const mark = fake.calls.length;
    const answer = await submit(me.token);
    expect(answer.status, answer.text).toBe(201);
    const seen = fake.calls.slice(mark).map((c) => `${c.method} ${c.grantType ?? c.path}`);
    expect(seen[0]).toBe('POST refresh_token');
    expect(seen.filter((s) => s.endsWith('/526/synchronous'))).toHaveLength(1);
    expect(sent(me.icn, 'synchronous')).toHaveLength(1);
  });

  it('answers 404 for another user’s claim and sends nothing', async () => {
    const owner = await completeUser('submit526.owner@example.com');
    const made = await call(app, owner.token, 'POST', '/claims', {
      name: 'Knee',
      disability_ids: [owner.knee.id],
    });
    const claim = claimSchema.parse(made.body);
    const intruder = await readyVeteran('submit526.intruder@example.com');
    const answer = await submit(intruder.token, { claim_id: claim.id, current_va_employee: false });
    expect(answer.status, answer.text).toBe(404);
    expect(envelope(answer.body).code).toBe(ERR.NOT_FOUND);
    expect(sent(intruder.icn, 'validate')).toHaveLength(0);
    expect(await submissions(owner.token)).toEqual([]);
  });
});

describe('POST /va-forms/526ez/submit on a server without VA.gov', () => {
  it('answers 503 / 3007 saying VA.gov is not configured', async () => {
    const bare = await buildTestApp({ env: { APP_URL } });
    try {
      const me = await signIn(bare, 'submit526.unconfigured@example.com');
      const answer = await call(bare, me.token, 'POST', '/va-forms/526ez/submit', {});
      expect(answer.status, answer.text).toBe(503);
      expect(envelope(answer.body)).toMatchObject({
        code: ERR.SERVICE_UNAVAILABLE,
        detail: VA_NOT_CONFIGURED_DETAIL,
      });
      const list = await call(bare, me.token, 'GET', '/va-forms/526ez/submissions');
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ results: [] });
    } finally {
      await bare.close();
    }
  });
});
