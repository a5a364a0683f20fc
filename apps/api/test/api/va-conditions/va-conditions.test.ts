import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { vaConditionsSchema, vaConditionsWhatIfSchema } from '@muster/contract/va-conditions';
import { calculateCompensation } from '@muster/domain/compensation';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';
import type { FakeDisabilityRating } from '../../helpers/fake-lighthouse-rating.ts';
import {
  APP_URL,
  connect,
  connectedVeteran as connectAs,
  vaFlags,
} from '../va-integrations/va-helpers.ts';

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
  expect(fake.violations).toEqual([]);
});

const today = () => new Date().toISOString().slice(0, 10);
/** What `rating` pays a veteran alone today (the compensation tables are tested on their own). */
const alone = (rating: number) => calculateCompensation({ input: { rating }, today: today() });

let icnSequence = 1012668100;
/** A signed-in user connected to Veteran Verification as a veteran of their own. */
const connectedVeteran = (email: string, rating?: FakeDisabilityRating) =>
  connectAs(app, fake, email, {
    service: 'veteran-verification',
    beforeConnect: (icn) => {
      if (rating) fake.rating.ratings.set(icn, rating);
    },
  });

const getConditions = (token: string) =>
  app.inject({ method: 'GET', url: '/va-conditions', headers: bearer(token) });
const postWhatIf = (token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/va-conditions/what-if',
    headers: bearer(token),
    payload: payload as object,
  });

/** 50, 30 and 10 service connected (65 → 68.5 → 69: VA's 70), one not service connected at
 * 20 and one deferred. */
const KNOWN: FakeDisabilityRating = {
  combined_disability_rating: 70,
  combined_effective_date: '2024-03-01',
  legal_effective_date: '2024-03-01',
  individual_ratings: [
    {
      decision: 'Service Connected',
      effective_date: '2024-03-01',
      rating_percentage: 50,
      disability_rating_id: '1070379',
      diagnostic_type_code: '9411',
      diagnostic_type_name: 'PTSD',
    },
    {
      decision: 'Service Connected',
      effective_date: '2023-01-15',
      rating_percentage: 30,
      diagnostic_type_code: '5237',
    },
    {
      decision: 'Service Connected',
      effective_date: '2022-06-01',
      rating_percentage: 10,
      diagnostic_type_code: '6260',
    },
    {
      decision: 'Not Service Connected',
      effective_date: '2022-06-01',
      rating_percentage: 20,
      diagnostic_type_code: '7101',
    },
    {
      decision: 'Deferred',
      effective_date: null,
      rating_percentage: null,
      diagnostic_type_code: '6847',
    },
  ],
};

describe('[VA][CONDITIONS]', () => {
  it('[VA][CONDITIONS]: not connected: 200 with va_connected false, no data, no call to VA', async () => {
    const me = await signIn(app, 'conditions.unconnected@example.com');
    const mark = fake.calls.length;
    const response = await getConditions(me.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      va_configured: true,
      va_connected: false,
      combined_rating: null,
      combined_effective_date: null,
      conditions: [],
      monthly_amount: null,
      rates_year: null,
    });
    expect(fake.calls.length).toBe(mark);
  });

  it('[VA][CONDITIONS]: connected: VA’s conditions, the combined rating and the monthly amount', async () => {
    const me = await connectedVeteran('conditions.known@example.com', KNOWN);
    const response = await getConditions(me.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = vaConditionsSchema.parse(response.json());
    expect(body).toMatchObject({
      va_configured: true,
      va_connected: true,
      combined_rating: 70,
      combined_effective_date: '2024-03-01',
      monthly_amount: alone(70).monthly,
      rates_year: alone(70).year,
    });
    expect(body.monthly_amount).toBeGreaterThan(alone(60).monthly);
    expect(body.conditions).toEqual([
      {
        id: '1070379',
        name: 'PTSD',
        rating: 50,
        effective_date: '2024-03-01',
        status: 'active',
        service_connected: true,
        diagnostic_code: '9411',
      },
      {
        id: 'dc-5237-2023-01-15',
        name: 'Diagnostic code 5237',
        rating: 30,
        effective_date: '2023-01-15',
        status: 'active',
        service_connected: true,
        diagnostic_code: '5237',
      },
      {
        id: 'dc-6260-2022-06-01',
        name: 'Tinnitus (ringing or hissing in ears)',
        rating: 10,
        effective_date: '2022-06-01',
        status: 'active',
        service_connected: true,
        diagnostic_code: '6260',
      },
      {
        id: 'dc-7101-2022-06-01',
        name: 'Hypertension (high blood pressure)',
        rating: 20,
        effective_date: '2022-06-01',
        status: 'active',
        service_connected: false,
        diagnostic_code: '7101',
      },
      {
        id: 'dc-6847-undated',
        name: 'Sleep apnea',
        rating: null,
        effective_date: null,
        status: 'deferred',
        service_connected: false,
        diagnostic_code: '6847',
      },
    ]);
    // The ids are the same the next time.
    const again = vaConditionsSchema.parse((await getConditions(me.token)).json());
    expect(again.conditions.map((c) => c.id)).toEqual(body.conditions.map((c) => c.id));
    const [call] = fake.callsTo('GET', '/disability_rating').slice(-1);
    expect(call).toMatchObject({
      path: '/services/veteran_verification/v2/disability_rating',
      status: 200,
    });
    expect(fake.violations).toEqual([]);
  });

  it('[VA][CONDITIONS]: without VA’s combined figure, only the service-connected decided ratings combine', async () => {
    const me = await connectedVeteran('conditions.no-combined@example.com', {
      ...KNOWN,
      combined_disability_rating: null,
      combined_effective_date: null,
    });
    const body = vaConditionsSchema.parse((await getConditions(me.token)).json());
    // 50, 30, 10 → 70; the 20 not service connected would have made it 80 (69 + 6.2 → 75).
    expect(body.combined_rating).toBe(70);
    expect(body.monthly_amount).toBe(alone(70).monthly);
    expect(body.conditions).toHaveLength(5);
  });

  it('[VA][CONDITIONS]: a veteran VA has no rating for: connected, nothing rated', async () => {
    const me = await connectedVeteran('conditions.none@example.com');
    const body = vaConditionsSchema.parse((await getConditions(me.token)).json());
    expect(body).toEqual({
      va_configured: true,
      va_connected: true,
      combined_rating: null,
      combined_effective_date: null,
      conditions: [],
      monthly_amount: null,
      rates_year: null,
    });
  });

  it('[VA][CONDITIONS]: VA 502 and 5xx answer our 502 envelope; 429 our 503', async () => {
    const me = await connectedVeteran('conditions.va-down@example.com', KNOWN);
    fake.rating.bgsFailures.add(me.icn);
    const bgs = await getConditions(me.token);
    expect(bgs.statusCode, bgs.body).toBe(502);
    expect(errorEnvelopeSchema.parse(bgs.json()).code).toBe(ERR.BAD_GATEWAY);
    fake.rating.bgsFailures.delete(me.icn);

    fake.apiFailures.push(500);
    const failed = await getConditions(me.token);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(errorEnvelopeSchema.parse(failed.json()).code).toBe(ERR.BAD_GATEWAY);

    fake.apiFailures.push(429);
    const limited = await postWhatIf(me.token, { planned: [] });
    expect(limited.statusCode, limited.body).toBe(503);
    expect(errorEnvelopeSchema.parse(limited.json()).code).toBe(ERR.SERVICE_UNAVAILABLE);
    // Still connected: an outage is not an expired sign-in.
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ veteran_verification: true });
    expect((await getConditions(me.token)).statusCode).toBe(200);
  });

  it('[VA][CONDITIONS]: an expired access token is refreshed before the call', async () => {
    const me = await connectedVeteran('conditions.refresh@example.com', KNOWN);
    await app.database.pool.query(
      `UPDATE va_connections SET access_token_expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [me.userId],
    );
    fake.expireAccessTokens();
    const mark = fake.calls.length;
    const response = await getConditions(me.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls.slice(mark).map((c) => `${c.method} ${c.grantType ?? c.path}`)).toEqual([
      'POST refresh_token',
      'GET /services/veteran_verification/v2/disability_rating',
    ]);
    expect(vaConditionsSchema.parse(response.json()).combined_rating).toBe(70);
  });

  it('[VA][CONDITIONS]: a refresh VA refuses: 200 with va_connected false, so Connect shows', async () => {
    const me = await connectedVeteran('conditions.expired@example.com', KNOWN);
    fake.expireAccessTokens();
    fake.spendRefreshTokens();
    const response = await getConditions(me.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(vaConditionsSchema.parse(response.json())).toEqual({
      va_configured: true,
      va_connected: false,
      combined_rating: null,
      combined_effective_date: null,
      conditions: [],
      monthly_amount: null,
      rates_year: null,
    });
    // The connection is forgotten: the next answer is the same without asking VA.
    const mark = fake.calls.length;
    expect(vaConditionsSchema.parse((await getConditions(me.token)).json()).va_connected).toBe(
      false,
    );
    expect(fake.calls.length).toBe(mark);
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ veteran_verification: false });
  });

  it('[VA][WHAT-IF]: a refresh VA refuses: 200 with only the planned ratings, not connected', async () => {
    const me = await connectedVeteran('conditions.what-if-expired@example.com', KNOWN);
    fake.expireAccessTokens();
    fake.spendRefreshTokens();
    const response = await postWhatIf(me.token, { planned: [{ name: 'Knee', rating: 20 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(vaConditionsWhatIfSchema.parse(response.json())).toMatchObject({
      va_configured: true,
      va_connected: false,
      current_combined_rating: 0,
      combined_rating: 20,
    });
  });

  it('[VA][CACHE]: the page and the what-ifs after it ask VA once within a minute, per user', async () => {
    const me = await connectedVeteran('conditions.cache@example.com', KNOWN);
    const before = fake.callsTo('GET', '/disability_rating').length;
    const first = await postWhatIf(me.token, {
      planned: [{ name: 'Left knee strain', rating: 20 }],
    });
    const second = await postWhatIf(me.token, {
      planned: [
        { name: 'Left knee strain', rating: 20 },
        { name: 'Back strain', rating: 30 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(fake.callsTo('GET', '/disability_rating').length - before).toBe(1);
    expect(vaConditionsWhatIfSchema.parse(first.json()).combined_rating).toBe(80);
    // 69 with 20 (75.2) and 30 (82.64 → 80).
    expect(vaConditionsWhatIfSchema.parse(second.json())).toMatchObject({
      current_combined_rating: 70,
      combined_rating: 80,
    });
    const page = vaConditionsSchema.parse((await getConditions(me.token)).json());
    expect(page.combined_rating).toBe(70);
    expect(page.conditions).toHaveLength(5);
    expect(fake.callsTo('GET', '/disability_rating').length - before).toBe(1);

    // Another veteran's answer is their own.
    const other = await connectedVeteran('conditions.cache-other@example.com', {
      ...KNOWN,
      combined_disability_rating: 10,
      individual_ratings: [{ ...KNOWN.individual_ratings[2]! }],
    });
    const theirs = vaConditionsSchema.parse((await getConditions(other.token)).json());
    expect(theirs.combined_rating).toBe(10);
    expect(fake.callsTo('GET', '/disability_rating').length - before).toBe(2);
  });

  it('[VA][CACHE]: after a minute VA is asked again; a failure is never kept', async () => {
    const me = await connectedVeteran('conditions.cache-expiry@example.com', KNOWN);
    const before = fake.callsTo('GET', '/disability_rating').length;
    fake.apiFailures.push(500);
    expect((await getConditions(me.token)).statusCode).toBe(502);
    expect((await getConditions(me.token)).statusCode).toBe(200);
    expect((await getConditions(me.token)).statusCode).toBe(200);
    expect(fake.callsTo('GET', '/disability_rating').length - before).toBe(2);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const later = await postWhatIf(me.token, { planned: [] });
      expect(later.statusCode, later.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect(fake.callsTo('GET', '/disability_rating').length - before).toBe(3);
  });

  it('[VA][CONDITIONS]: a Benefits Claims connection alone is not a Veteran Verification one', async () => {
    const me = await signIn(app, 'conditions.claims-only@example.com');
    fake.patientIcn = `${icnSequence++}V762142`;
    fake.rating.ratings.set(fake.patientIcn, KNOWN);
    await connect(app, me.token, 'benefit-claims');
    const body = vaConditionsSchema.parse((await getConditions(me.token)).json());
    expect(body).toMatchObject({ va_connected: false, conditions: [] });
  });

  it('[VA][WHAT-IF]: adds planned ratings to VA’s counted ones', async () => {
    const me = await connectedVeteran('conditions.what-if@example.com', KNOWN);
    const response = await postWhatIf(me.token, {
      planned: [{ name: 'Left knee strain', rating: 20 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = vaConditionsWhatIfSchema.parse(response.json());
    // 69 (50, 30, 10) with 20: 69 + 6.2 = 75.2 → 80.
    expect(body).toEqual({
      va_configured: true,
      va_connected: true,
      current_combined_rating: 70,
      current_monthly_amount: alone(70).monthly,
      combined_rating: 80,
      monthly_amount: alone(80).monthly,
      monthly_difference: Math.round((alone(80).monthly - alone(70).monthly) * 100) / 100,
      rates_year: alone(80).year,
    });
    expect(body.monthly_difference).toBeGreaterThan(0);
  });

  it('[VA][WHAT-IF]: without a connection only the planned ones count; dependents are paid for', async () => {
    const me = await signIn(app, 'conditions.what-if-alone@example.com');
    const mark = fake.calls.length;
    const response = await postWhatIf(me.token, {
      planned: [
        { name: 'Tinnitus', rating: 10 },
        { name: 'Back strain', rating: 30 },
      ],
      dependents: { spouse: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const spouse = calculateCompensation({ input: { rating: 40, spouse: true }, today: today() });
    expect(vaConditionsWhatIfSchema.parse(response.json())).toEqual({
      va_configured: true,
      va_connected: false,
      current_combined_rating: 0,
      current_monthly_amount: 0,
      combined_rating: 40,
      monthly_amount: spouse.monthly,
      monthly_difference: spouse.monthly,
      rates_year: spouse.year,
    });
    expect(spouse.monthly).toBeGreaterThan(alone(40).monthly);
    expect(fake.calls.length).toBe(mark);
  });

  it('[VA][WHAT-IF]: a bad body is refused with the 400 envelope', async () => {
    const me = await signIn(app, 'conditions.what-if-bad@example.com');
    const tooMany = Array.from({ length: 31 }, (_, i) => ({ name: `Condition ${i}`, rating: 10 }));
    const bodies: unknown[] = [
      {},
      { planned: 'knee' },
      { planned: [{ name: 'Knee', rating: 25 }] },
      { planned: [{ name: 'Knee', rating: 110 }] },
      { planned: [{ name: 'Knee', rating: -10 }] },
      { planned: [{ name: '', rating: 10 }] },
      { planned: [{ name: 'Knee\u0000', rating: 10 }] },
      { planned: [{ name: 'x'.repeat(201), rating: 10 }] },
      { planned: [{ rating: 10 }] },
      { planned: tooMany },
      { planned: [], dependents: { spouse_aid_attendance: true } },
      { planned: [], dependents: { children_under_18: -1 } },
    ];
    for (const payload of bodies) {
      const response = await postWhatIf(me.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.INVALID_INPUT);
    }
  });

  it('[VA][CONDITIONS]: both routes need a signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/va-conditions' })).statusCode).toBe(401);
    const whatIf = await app.inject({
      method: 'POST',
      url: '/va-conditions/what-if',
      payload: { planned: [] },
    });
    expect(whatIf.statusCode).toBe(401);
  });

  it('[VA][LOGS]: no token and no condition name reaches the log; VA’s answers matched its document', () => {
    const log = app.logLines.join('\n');
    const tokens = [...fake.accessTokens.keys(), ...fake.refreshTokens.keys()];
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(log).not.toContain(token);
    for (const name of ['PTSD', 'Tinnitus', 'Left knee strain']) expect(log).not.toContain(name);
    expect(fake.violations).toEqual([]);
  });
});
