import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { vaClaimListSchema, vaClaimSchema } from '@muster/contract/va-claims';
import { VA_NOT_CONNECTED_DETAIL } from '@muster/contract/va-integrations';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';
import { seedVaClaim } from '../../helpers/fake-lighthouse-claims.ts';
import { APP_URL, connectedVeteran as connectAs, vaFlags } from '../va-integrations/va-helpers.ts';

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

/** A signed-in user connected to Benefits Claims as a veteran of their own (a fresh ICN). */
const connectedVeteran = (email: string) => connectAs(app, fake, email);

const getList = (token: string) =>
  app.inject({ method: 'GET', url: '/va-forms/claims', headers: bearer(token) });
const getClaim = (token: string, id: string) =>
  app.inject({ method: 'GET', url: `/va-forms/claims/${id}`, headers: bearer(token) });

describe('[VA][CLAIMS]', () => {
  it('[VA][CLAIMS]: not connected: the list answers 200 saying so, one claim 403, VA never asked', async () => {
    const me = await signIn(app, 'va-claims.not-connected@example.com');
    const mark = fake.calls.length;
    const list = await getList(me.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(vaClaimListSchema.parse(list.json())).toEqual({
      va_configured: true,
      va_connected: false,
      results: [],
    });
    const one = await getClaim(me.token, '600400001');
    expect(one.statusCode, one.body).toBe(403);
    const body = errorEnvelopeSchema.parse(one.json());
    expect(body.code).toBe(ERR.ACCESS_DENIED);
    expect(body.detail).toBe(VA_NOT_CONNECTED_DETAIL);
    expect(fake.calls.length).toBe(mark);
  });

  it('[VA][CLAIMS]: the list carries VA’s status and step in plain words, newest first', async () => {
    const me = await connectedVeteran('va-claims.list@example.com');
    const open = seedVaClaim(fake, { icn: me.icn });
    const done = seedVaClaim(fake, {
      icn: me.icn,
      claimDate: '2025-02-01',
      closeDate: '2025-06-30',
      status: 'COMPLETE',
      phaseType: 'COMPLETE',
      phaseChangeDate: '2025-06-30',
      developmentLetterSent: false,
      decisionLetterSent: true,
      documentsNeeded: false,
      trackedItems: [],
    });
    const response = await getList(me.token);
    expect(response.statusCode, response.body).toBe(200);
    const list = vaClaimListSchema.parse(response.json());
    expect(list).toMatchObject({ va_configured: true, va_connected: true });
    expect(list.results).toEqual([
      {
        id: open.id,
        claim_type: 'Compensation',
        claim_date: '2026-08-14',
        close_date: null,
        status: 'EVIDENCE_GATHERING_REVIEW_DECISION',
        status_label: 'Gathering evidence, reviewing and deciding',
        phase: 3,
        phase_label: 'Evidence gathering',
        phase_explanation: expect.stringMatching(/collecting evidence/) as string,
        phase_change_date: '2026-09-03',
        needs_action: true,
        development_letter_sent: true,
        decision_letter_sent: false,
      },
      {
        id: done.id,
        claim_type: 'Compensation',
        claim_date: '2025-02-01',
        close_date: '2025-06-30',
        status: 'COMPLETE',
        status_label: 'Complete',
        phase: 8,
        phase_label: 'Complete',
        phase_explanation: expect.stringMatching(/decision letter/) as string,
        phase_change_date: '2025-06-30',
        needs_action: false,
        development_letter_sent: false,
        decision_letter_sent: true,
      },
    ]);
    expect(fake.callsTo('GET', `/veterans/${me.icn}/claims`)).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it('[VA][CLAIMS]: one claim: steps with VA’s dates, what VA asks for and what to do, documents, conditions', async () => {
    const me = await connectedVeteran('va-claims.detail@example.com');
    const claim = seedVaClaim(fake, { icn: me.icn });
    const response = await getClaim(me.token, claim.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = vaClaimSchema.parse(response.json());
    expect(body).toMatchObject({
      id: claim.id,
      phase: 3,
      phase_label: 'Evidence gathering',
      needs_action: true,
      contentions: ['knee strain (New)', 'tinnitus (New)'],
    });
    expect(body.phases.map((p) => [p.phase, p.label, p.state, p.completed_date])).toEqual([
      [1, 'Claim received', 'complete', '2026-08-20'],
      [2, 'Initial review', 'complete', '2026-09-03'],
      [3, 'Evidence gathering', 'current', null],
      [4, 'Review of evidence', 'upcoming', null],
      [5, 'Preparation for decision', 'upcoming', null],
      [6, 'Pending decision approval', 'upcoming', null],
      [7, 'Preparation for notification', 'upcoming', null],
      [8, 'Complete', 'upcoming', null],
    ]);
    expect(body.tracked_items).toEqual([
      {
        id: 293440,
        name: '21-4142/21-4142a',
        description: 'Tell us where you were treated for your knee after service.',
        status: 'NEEDED_FROM_YOU',
        status_label: 'Needed from you',
        needed_from_you: true,
        what_to_do:
          'Send VA what it asks for by December 15, 2026: upload it on VA.gov or mail it, or tell VA you have nothing more to send.',
        requested_date: '2026-09-05',
        due_date: '2026-12-15',
        received_date: null,
        closed_date: null,
        overdue: false,
      },
      expect.objectContaining({
        name: 'Private medical records',
        status_label: 'Requested from someone else',
        needed_from_you: false,
      }),
      expect.objectContaining({
        name: 'DD214',
        status_label: 'Accepted by VA',
        what_to_do: 'Nothing for you to do.',
        closed_date: '2026-09-12',
      }),
    ]);
    expect(body.supporting_documents).toEqual([
      {
        id: '{7C3D5F2A-1B4E-4C6D-8E9F-0A1B2C3D4E5F}',
        name: 'dd214.pdf',
        type: 'DD214',
        upload_date: '2026-09-10',
      },
      {
        id: '{8D4E6A3B-2C5F-4D7E-9FA0-1B2C3D4E5F60}',
        name: 'knee-mri.pdf',
        type: 'Medical Treatment Record - Non-Government Facility',
        upload_date: '2026-08-14',
      },
    ]);
    expect(fake.violations).toEqual([]);
  });

  it('[VA][CLAIMS]: a 526 VA accepted shows as a newly received claim, in the list and on its own', async () => {
    const me = await connectedVeteran('va-claims.526@example.com');
    fake.form526.submissions.push({
      claimId: '600555001',
      id: 'd5536c5c-0465-4038-a368-1a9d9daf65c9',
      icn: me.icn,
      submittedAt: '2026-11-25T15:04:05.000Z',
      attributes: {
        disabilities: [
          { name: 'PTSD', disabilityActionType: 'NEW' },
          { name: 'Hearing loss', disabilityActionType: 'NEW' },
        ],
      },
    });
    const list = vaClaimListSchema.parse((await getList(me.token)).json());
    expect(list.results).toEqual([
      expect.objectContaining({
        id: '600555001',
        claim_date: '2026-11-25',
        status: 'CLAIM_RECEIVED',
        status_label: 'Received by VA',
        phase: 1,
        phase_label: 'Claim received',
        needs_action: false,
      }),
    ]);
    const response = await getClaim(me.token, '600555001');
    expect(response.statusCode, response.body).toBe(200);
    const claim = vaClaimSchema.parse(response.json());
    expect(claim.contentions).toEqual(['PTSD', 'Hearing loss']);
    expect(claim.phases.map((p) => p.state)).toEqual([
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(claim.tracked_items).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('[VA][CLAIMS]: another veteran’s claim id is unknown at VA for this one: 404; a malformed id 400 without asking VA', async () => {
    const alice = await connectedVeteran('va-claims.alice@example.com');
    const bob = await connectedVeteran('va-claims.bob@example.com');
    const alices = seedVaClaim(fake, { icn: alice.icn });
    const refused = await getClaim(bob.token, alices.id);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(errorEnvelopeSchema.parse(refused.json()).code).toBe(ERR.NOT_FOUND);
    expect(fake.callsTo('GET', `/veterans/${bob.icn}/claims/${alices.id}`)[0]?.status).toBe(404);
    expect(vaClaimListSchema.parse((await getList(bob.token)).json()).results).toEqual([]);
    expect((await getClaim(alice.token, alices.id)).statusCode).toBe(200);

    const mark = fake.calls.length;
    for (const id of ['abc', '12ab', '-1', '1.5', '9'.repeat(25)]) {
      const response = await getClaim(bob.token, id);
      expect(response.statusCode, id).toBe(400);
      errorEnvelopeSchema.parse(response.json());
    }
    expect(fake.calls.length).toBe(mark);
    expect(fake.violations).toEqual([]);
  });

  it('[VA][CLAIMS]: VA failing answers 502 on both routes; nothing is forgotten', async () => {
    const me = await connectedVeteran('va-claims.va-down@example.com');
    const claim = seedVaClaim(fake, { icn: me.icn });
    fake.apiFailures.push(500);
    const list = await getList(me.token);
    expect(list.statusCode, list.body).toBe(502);
    expect(errorEnvelopeSchema.parse(list.json()).code).toBe(ERR.BAD_GATEWAY);
    fake.apiFailures.push(503);
    const one = await getClaim(me.token, claim.id);
    expect(one.statusCode, one.body).toBe(502);
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: true });
    expect((await getList(me.token)).statusCode).toBe(200);
  });

  it('[VA][CLAIMS]: an expired access token is refreshed (rotated, stored) before asking VA', async () => {
    const me = await connectedVeteran('va-claims.refresh@example.com');
    seedVaClaim(fake, { icn: me.icn });
    const version = async () =>
      (
        await app.database.pool.query<{ token_version: number }>(
          'SELECT token_version FROM va_connections WHERE user_id = $1',
          [me.userId],
        )
      ).rows[0]!.token_version;
    const before = await version();
    await app.database.pool.query(
      `UPDATE va_connections SET access_token_expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [me.userId],
    );
    const mark = fake.calls.length;
    const response = await getList(me.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(vaClaimListSchema.parse(response.json()).results).toHaveLength(1);
    expect(fake.calls.slice(mark).map((c) => `${c.method} ${c.grantType ?? c.path}`)).toEqual([
      'POST refresh_token',
      `GET /services/claims/v2/veterans/${me.icn}/claims`,
    ]);
    expect(await version()).toBe(before + 1);
  });

  it('[VA][CLAIMS]: a connection VA no longer accepts: the list says not connected (200), one claim 403', async () => {
    const me = await connectedVeteran('va-claims.lapsed@example.com');
    const claim = seedVaClaim(fake, { icn: me.icn });
    fake.expireAccessTokens();
    fake.spendRefreshTokens();
    const list = await getList(me.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(vaClaimListSchema.parse(list.json())).toEqual({
      va_configured: true,
      va_connected: false,
      results: [],
    });
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: false });
    expect((await getClaim(me.token, claim.id)).statusCode).toBe(403);
  });

  it('[VA][LOGS]: no token and no claimed condition reaches the log', () => {
    const log = app.logLines.join('\n');
    const tokens = [...fake.accessTokens.keys(), ...fake.refreshTokens.keys()];
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain('knee strain');
    expect(log).not.toContain('PTSD');
    expect(fake.violations).toEqual([]);
  });
});
