import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_CLAIM_DISABILITIES,
  claimPageSchema,
  claimReviewSchema,
  claimSchema,
  type Claim,
} from '@muster/contract/claims';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { call, createDisability } from '../disabilities/disability-fixtures.ts';

/**
 * Claims through HTTP: a named, ordered set of the veteran's own disabilities for one of their
 * veteran records. Only the owner's disabilities and records can be named (anything else is
 * refused per field, and nothing is saved); another user's claim answers 404 on every route;
 * replacing the set is all or nothing, even when two changes race; the review gives each
 * disability's readiness, statements and what it lacks.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

type Token = string;

async function disabilities(token: Token, ...titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) ids.push((await createDisability(app, token, { title })).id);
  return ids;
}

async function veteran(token: Token, first_name = 'Jordan'): Promise<string> {
  const made = await call(app, token, 'POST', '/veterans', { first_name, last_name: 'Reyes' });
  expect(made.status, made.text).toBe(201);
  return made.body!.id as string;
}

async function createClaim(token: Token, payload: Record<string, unknown>): Promise<Claim> {
  const made = await call(app, token, 'POST', '/claims', payload);
  expect(made.status, made.text).toBe(201);
  return claimSchema.parse(made.body);
}

async function listClaims(token: Token, query = '') {
  const listed = await call(app, token, 'GET', `/claims${query}`);
  expect(listed.status, listed.text).toBe(200);
  return claimPageSchema.parse(listed.body);
}

/** One entry of a zip, as text. */
async function zipEntry(buffer: Buffer, name: string): Promise<string | undefined> {
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
      zip.on('end', () => resolve(undefined));
      zip.readEntry();
    });
  });
}

function refusal(response: { status: number; body: unknown }) {
  expect(response.status).toBe(400);
  const envelope = errorEnvelopeSchema.parse(response.body);
  expect(envelope.code).toBe(ERR.INVALID_INPUT);
  return envelope.fields ?? {};
}

describe('[CLAIMS]', () => {
  it('[CLAIMS]: a claim is made, listed newest first, read, changed and deleted; its order is kept', async () => {
    const me = await signIn(app, 'claims.crud@example.com');
    const primary = await veteran(me.token);
    const [knee, back, ears] = await disabilities(me.token, 'Left knee', 'Lower back', 'Tinnitus');

    const first = await createClaim(me.token, {
      name: '  Initial claim  ',
      disability_ids: [ears, knee],
    });
    expect(first).toMatchObject({
      name: 'Initial claim',
      status: 'draft',
      // Left out: the primary veteran record, as disabilities do.
      veteran_id: primary,
      disabilities: [
        { id: ears, title: 'Tinnitus', percent: null, diagnostic_code: null },
        { id: knee, title: 'Left knee' },
      ],
    });
    const second = await createClaim(me.token, {
      name: 'Back',
      disability_ids: [back],
      veteran_id: null,
    });
    expect(second.veteran_id).toBeNull();

    const page = await listClaims(me.token);
    expect(page.meta).toEqual({ page: 1, page_size: 20, total: 2 });
    expect(page.results.map((claim) => claim.id)).toEqual([second.id, first.id]);
    expect(page.results[1]!.disabilities.map((d) => d.id)).toEqual([ears, knee]);
    const paged = await listClaims(me.token, '?page=2&page_size=1');
    expect(paged.results.map((claim) => claim.id)).toEqual([first.id]);

    const read = await call(app, me.token, 'GET', `/claims/${first.id}`);
    expect(read.status).toBe(200);
    expect(claimSchema.parse(read.body)).toEqual(first);

    const changed = await call(app, me.token, 'PATCH', `/claims/${first.id}`, {
      name: 'Renamed',
      status: 'ready',
      disability_ids: [back, knee, ears],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(claimSchema.parse(changed.body)).toMatchObject({
      name: 'Renamed',
      status: 'ready',
      veteran_id: primary,
      disabilities: [{ id: back }, { id: knee }, { id: ears }],
    });
    // Fields not sent stay as they were.
    const statusOnly = await call(app, me.token, 'PATCH', `/claims/${first.id}`, {
      status: 'filed',
    });
    expect(claimSchema.parse(statusOnly.body)).toMatchObject({
      name: 'Renamed',
      status: 'filed',
      disabilities: [{ id: back }, { id: knee }, { id: ears }],
    });

    const deleted = await call(app, me.token, 'DELETE', `/claims/${first.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await call(app, me.token, 'GET', `/claims/${first.id}`)).status).toBe(404);
    expect((await call(app, me.token, 'DELETE', `/claims/${first.id}`)).status).toBe(404);
    // The disabilities stay.
    expect((await call(app, me.token, 'GET', `/disabilities/${knee}`)).status).toBe(200);
    expect((await listClaims(me.token)).meta.total).toBe(1);
  });

  it("[CLAIMS]: another user's disability or veteran record is refused per field, and nothing is saved", async () => {
    const me = await signIn(app, 'claims.foreign@example.com');
    const other = await signIn(app, 'claims.foreign.other@example.com');
    const [mine] = await disabilities(me.token, 'Left knee');
    const [theirs] = await disabilities(other.token, 'Their knee');
    const theirVeteran = await veteran(other.token, 'Other');
    const gone = '00000000-0000-4000-8000-000000000000';

    const made = await call(app, me.token, 'POST', '/claims', {
      name: 'Mixed',
      disability_ids: [mine, theirs, gone],
      veteran_id: theirVeteran,
    });
    expect(refusal(made)).toEqual({
      'disability_ids.1': 'Not one of your disabilities',
      'disability_ids.2': 'Not one of your disabilities',
      veteran_id: 'Not one of your veteran records',
    });
    expect((await listClaims(me.token)).meta.total).toBe(0);

    const claim = await createClaim(me.token, { name: 'Mine', disability_ids: [mine] });
    const patched = await call(app, me.token, 'PATCH', `/claims/${claim.id}`, {
      name: 'Changed',
      disability_ids: [theirs],
    });
    expect(refusal(patched)).toEqual({ 'disability_ids.0': 'Not one of your disabilities' });
    const vet = await call(app, me.token, 'PATCH', `/claims/${claim.id}`, {
      veteran_id: theirVeteran,
    });
    expect(refusal(vet)).toEqual({ veteran_id: 'Not one of your veteran records' });
    const after = await call(app, me.token, 'GET', `/claims/${claim.id}`);
    expect(claimSchema.parse(after.body)).toEqual(claim);
  });

  it("[CLAIMS]: another user's claim answers 404 on every route, whatever the body", async () => {
    const me = await signIn(app, 'claims.owner@example.com');
    const intruder = await signIn(app, 'claims.intruder@example.com');
    const [knee] = await disabilities(me.token, 'Left knee');
    const [theirs] = await disabilities(intruder.token, 'Intruder knee');
    const claim = await createClaim(me.token, { name: 'Private', disability_ids: [knee] });
    const url = `/claims/${claim.id}`;
    const attempts = [
      await call(app, intruder.token, 'GET', url),
      await call(app, intruder.token, 'GET', `${url}/review`),
      await call(app, intruder.token, 'PATCH', url, { name: 'Taken' }),
      await call(app, intruder.token, 'PATCH', url, { disability_ids: [theirs] }),
      await call(app, intruder.token, 'PATCH', url, {}),
      await call(app, intruder.token, 'PATCH', url, { name: '' }),
      await call(app, intruder.token, 'DELETE', url),
    ];
    for (const attempt of attempts) {
      expect(attempt.status, attempt.text).toBe(404);
      expect(errorEnvelopeSchema.parse(attempt.body).code).toBe(ERR.NOT_FOUND);
    }
    expect((await listClaims(intruder.token)).meta.total).toBe(0);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await call(app, me.token, 'GET', `/claims/${id}`)).status).toBe(404);
    }
    const still = await call(app, me.token, 'GET', url);
    expect(claimSchema.parse(still.body)).toEqual(claim);
  });

  it('[CLAIMS]: deleting a disability takes it out of the claims that list it', async () => {
    const me = await signIn(app, 'claims.cascade@example.com');
    const [knee, back, ears] = await disabilities(me.token, 'Left knee', 'Lower back', 'Tinnitus');
    const claim = await createClaim(me.token, { name: 'All', disability_ids: [knee, back, ears] });
    expect((await call(app, me.token, 'DELETE', `/disabilities/${back}`)).status).toBe(204);
    const read = claimSchema.parse((await call(app, me.token, 'GET', `/claims/${claim.id}`)).body);
    expect(read.disabilities.map((d) => d.id)).toEqual([knee, ears]);
    const review = claimReviewSchema.parse(
      (await call(app, me.token, 'GET', `/claims/${claim.id}/review`)).body,
    );
    expect(review.results.map((r) => r.disability.id)).toEqual([knee, ears]);
  });

  it('[CLAIMS]: bad input is refused with 400 and a message per field', async () => {
    const me = await signIn(app, 'claims.invalid@example.com');
    const [knee] = await disabilities(me.token, 'Left knee');
    const many = Array.from(
      { length: MAX_CLAIM_DISABILITIES + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', disability_ids: [knee] }, 'name'],
      [{ name: '   ', disability_ids: [knee] }, 'name'],
      [{ name: 'x'.repeat(121), disability_ids: [knee] }, 'name'],
      [{ name: 'Bad\u0000name', disability_ids: [knee] }, 'name'],
      [{ name: 'No list' }, 'disability_ids'],
      [{ name: 'Empty', disability_ids: [] }, 'disability_ids'],
      [{ name: 'Twice', disability_ids: [knee, knee] }, 'disability_ids.1'],
      [{ name: 'Too many', disability_ids: many }, 'disability_ids'],
      [{ name: 'Not an id', disability_ids: ['knee\u0000'] }, 'disability_ids.0'],
      [{ name: 'Bad veteran', disability_ids: [knee], veteran_id: 'me' }, 'veteran_id'],
    ];
    for (const [payload, field] of cases) {
      const made = await call(app, me.token, 'POST', '/claims', payload);
      const fields = refusal(made);
      expect(Object.keys(fields), JSON.stringify(payload).slice(0, 80)).toContain(field);
      expect(errorEnvelopeSchema.parse(made.body).validation).toBe(true);
    }
    expect(
      refusal(
        await call(app, me.token, 'POST', '/claims', {
          name: 'Twice',
          disability_ids: [knee, knee],
        }),
      )['disability_ids.1'],
    ).toBe('Listed twice');
    expect((await listClaims(me.token)).meta.total).toBe(0);

    const claim = await createClaim(me.token, { name: 'Valid', disability_ids: [knee] });
    const url = `/claims/${claim.id}`;
    for (const [payload, field] of [
      [{}, 'body'],
      [{ status: 'sent' }, 'status'],
      [{ name: 'Nul\u0000' }, 'name'],
      [{ disability_ids: [knee, knee] }, 'disability_ids.1'],
      [{ disability_ids: [] }, 'disability_ids'],
    ] as const) {
      const fields = refusal(await call(app, me.token, 'PATCH', url, payload));
      expect(Object.keys(fields), JSON.stringify(payload)).toContain(field);
    }
    expect(claimSchema.parse((await call(app, me.token, 'GET', url)).body)).toEqual(claim);
  });

  it('[CLAIMS]: changes of the same claim at once leave exactly one of the sets sent', async () => {
    const me = await signIn(app, 'claims.race@example.com');
    const ids = await disabilities(me.token, 'A', 'B', 'C', 'D', 'E', 'F');
    const claim = await createClaim(me.token, { name: 'Race', disability_ids: [ids[0]] });
    const sets = [
      [ids[0]!, ids[1]!, ids[2]!],
      [ids[3]!, ids[4]!],
      [ids[5]!, ids[2]!, ids[0]!, ids[4]!],
      [ids[1]!],
    ];
    // Several rounds, so the changes really overlap at least once.
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        sets.map((disability_ids) =>
          call(app, me.token, 'PATCH', `/claims/${claim.id}`, { disability_ids }),
        ),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
      const read = claimSchema.parse(
        (await call(app, me.token, 'GET', `/claims/${claim.id}`)).body,
      );
      const left = read.disabilities.map((d) => d.id);
      expect(sets).toContainEqual(left);
    }
  });

  it('[CLAIMS]: the review gives each disability its readiness, statements and what it lacks', async () => {
    const me = await signIn(app, 'claims.review@example.com');
    const [knee, ears] = await disabilities(me.token, 'Left knee', 'Tinnitus');
    const statement = await call(
      app,
      me.token,
      'POST',
      `/disabilities/${ears}/personal-statements`,
      {
        body: 'The ringing began on the range at Fort Sill and has not stopped since.',
      },
    );
    expect(statement.status, statement.text).toBe(201);
    const claim = await createClaim(me.token, { name: 'Review', disability_ids: [ears, knee] });

    const answer = await call(app, me.token, 'GET', `/claims/${claim.id}/review`);
    expect(answer.status, answer.text).toBe(200);
    const review = claimReviewSchema.parse(answer.body);
    expect(review.claim_id).toBe(claim.id);
    expect(review.results.map((r) => r.disability.id)).toEqual([ears, knee]);
    // The readiness is the readiness module's own answer for each disability.
    for (const result of review.results) {
      const own = await call(
        app,
        me.token,
        'GET',
        `/disabilities/${result.disability.id}/readiness`,
      );
      expect(result.readiness).toEqual(own.body);
    }
    const [earsResult, kneeResult] = review.results;
    expect(earsResult!.statements).toEqual([
      expect.objectContaining({
        id: statement.body!.id,
        title: 'Personal statement: Tinnitus',
        version: 1,
      }),
    ]);
    expect(JSON.stringify(review)).not.toContain('Fort Sill');
    expect(kneeResult!.statements).toEqual([]);
    expect(kneeResult!.missing).toContainEqual(
      expect.stringMatching(/^Current diagnosis: missing\./),
    );
    expect(kneeResult!.missing).toContainEqual(
      expect.stringMatching(/^Personal statement: none yet/),
    );
    expect(earsResult!.missing.some((line) => line.startsWith('Personal statement'))).toBe(false);
    expect(review.ready).toBe(false);
    expect(review.totals).toMatchObject({ disabilities: 2, ready: 0, with_statement: 1 });
    const { elements_met, elements_weak, elements_missing } = review.totals;
    expect(elements_met + elements_weak + elements_missing).toBe(6);
    expect(review.next_step).toEqual(earsResult!.readiness.next_step);
    // No veteran record yet: the claim itself lacks one.
    expect(review.missing).toEqual([expect.stringMatching(/^Veteran record/)]);
  });

  it('[CLAIMS]: the account export holds every claim with its disabilities in order', async () => {
    const me = await signIn(app, 'claims.export@example.com');
    const [knee, ears] = await disabilities(me.token, 'Left knee', 'Tinnitus');
    const claim = await createClaim(me.token, { name: 'Exported', disability_ids: [ears, knee] });
    const response = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}/export`,
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(200);
    const exported = await zipEntry(response.rawPayload, 'claims.json');
    expect(JSON.parse(exported!)).toEqual([claim]);
  });
});
