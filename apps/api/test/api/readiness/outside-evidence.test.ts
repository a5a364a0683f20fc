import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReviewSchema } from '@muster/contract/claims';
import { readinessSchema, readinessSummarySchema } from '@muster/contract/readiness';
import { laymanLinkSchema } from '@muster/contract/layman-statements';
import { nexusLetterSchema } from '@muster/contract/nexus-letters';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { call, createDisability } from '../disabilities/disability-fixtures.ts';

/**
 * Readiness counts the evidence other people give: a nexus letter (a draft makes the link weak
 * and its next step opens that draft; a signed one meets it) and a submitted buddy statement
 * (which meets the in-service element). The next steps open the new-letter and buddy pages with
 * the disability already chosen.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

async function readinessOf(token: string, id: string) {
  const got = await call(app, token, 'GET', `/disabilities/${id}/readiness`);
  expect(got.status, got.text).toBe(200);
  return readinessSchema.parse(got.body);
}

type Readiness = ReturnType<typeof readinessSchema.parse>;

function element(readiness: Readiness, name: string) {
  const found = readiness.elements.find((entry) => entry.element === name);
  if (!found) throw new Error(`no ${name} element`);
  return found;
}

async function anonymousSession(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/sign-in/anonymous',
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  return response.headers['set-auth-token'] as string;
}

describe('[READINESS] evidence from other people', () => {
  it('a nexus letter makes the link weak, then met once signed; next steps preset the disability', async () => {
    const me = await signIn(app, 'readiness.outside@example.com');
    const knee = await createDisability(app, me.token, {
      title: 'Left knee strain',
      diagnosis: 'Patellofemoral syndrome',
      claim_type: 'direct',
    });

    const fresh = await readinessOf(me.token, knee.id);
    expect(element(fresh, 'nexus').status).toBe('missing');
    expect(element(fresh, 'nexus').next_step?.path).toBe(`/nexus/new?disability=${knee.id}`);

    const made = await call(app, me.token, 'POST', `/disabilities/${knee.id}/nexus-letters`, {});
    expect(made.status, made.text).toBe(201);
    const letter = nexusLetterSchema.parse(made.body);
    const drafted = await readinessOf(me.token, knee.id);
    expect(element(drafted, 'nexus')).toMatchObject({
      status: 'weak',
      supports: ['Drafted nexus letters: 1'],
    });
    expect(element(drafted, 'nexus').next_step?.path).toBe(`/nexus/${letter.id}`);

    const signed = await call(
      app,
      me.token,
      'PATCH',
      `/disabilities/${knee.id}/nexus-letters/${letter.id}`,
      { status: 'signed' },
    );
    expect(signed.status, signed.text).toBe(200);
    expect(element(await readinessOf(me.token, knee.id), 'nexus').status).toBe('met');

    // The dashboard's summary reads the same evidence, and another user's letters never count.
    const summary = readinessSummarySchema.parse(
      (await call(app, me.token, 'GET', '/disabilities/readiness')).body,
    );
    const entry = summary.results.find((result) => result.disability_id === knee.id);
    // Diagnosis is weak (no treatment recorded), the event missing; the signed letter is the one met.
    expect(entry).toMatchObject({ met: 1 });

    const other = await signIn(app, 'readiness.outside.other@example.com');
    const theirs = await createDisability(app, other.token, {
      title: 'Left knee strain',
      diagnosis: 'Patellofemoral syndrome',
      claim_type: 'direct',
    });
    expect(element(await readinessOf(other.token, theirs.id), 'nexus').status).toBe('missing');
  });

  it('a submitted buddy statement meets the in-service element; a request not answered does not', async () => {
    const me = await signIn(app, 'readiness.buddy@example.com');
    const back = await createDisability(app, me.token, {
      title: 'Lower back strain',
      diagnosis: 'Lumbosacral strain',
      claim_type: 'direct',
    });
    const before = await readinessOf(me.token, back.id);
    expect(element(before, 'in_service').status).not.toBe('met');

    const asked = await call(app, me.token, 'POST', '/layman-statements', {
      disability_id: back.id,
      name: 'Rosalind Ashcombe',
      relationship: 'Served in the same platoon',
      witnessed: 'The fall from the truck in 2004',
    });
    expect(asked.status, asked.text).toBe(201);
    const link = laymanLinkSchema.parse(asked.body);
    expect(element(await readinessOf(me.token, back.id), 'in_service').status).toBe(
      element(before, 'in_service').status,
    );

    const session = await anonymousSession();
    const submitted = await app.inject({
      method: 'POST',
      url: '/layman-statements/by-token/submit',
      headers: {
        ...bearer(session),
        'x-layman-token': link.token_link.slice(link.token_link.lastIndexOf('/') + 1),
      },
      payload: {
        statement: 'I saw him fall from the truck bed in 2004 and land on his back.',
        signature: 'Rosalind Ashcombe',
        certify: true,
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(204);
    const after = element(await readinessOf(me.token, back.id), 'in_service');
    expect(after.status).toBe('met');
    expect(after.supports).toContain('Signed buddy statements: 1');

    // A claim's review lists the disability's buddy statements and nexus letters, never their text.
    const letter = await call(app, me.token, 'POST', `/disabilities/${back.id}/nexus-letters`, {});
    expect(letter.status, letter.text).toBe(201);
    const unanswered = await call(app, me.token, 'POST', '/layman-statements', {
      disability_id: back.id,
      name: 'Cedric Pemberton-Vale',
      relationship: 'Brother',
      witnessed: 'How he moves now',
    });
    expect(unanswered.status, unanswered.text).toBe(201);
    const claim = await call(app, me.token, 'POST', '/claims', {
      name: 'Back claim',
      disability_ids: [back.id],
    });
    expect(claim.status, claim.text).toBe(201);
    const review = claimReviewSchema.parse(
      (await call(app, me.token, 'GET', `/claims/${claim.body!.id as string}/review`)).body,
    );
    expect(review.results[0]!.buddy_statements).toEqual([
      expect.objectContaining({
        name: 'Cedric Pemberton-Vale',
        status: 'requested',
        submitted_at: null,
      }),
      expect.objectContaining({ id: link.id, name: 'Rosalind Ashcombe', status: 'submitted' }),
    ]);
    expect(review.results[0]!.nexus_letters).toEqual([
      expect.objectContaining({ id: letter.body!.id, status: 'draft' }),
    ]);
    expect(JSON.stringify(review)).not.toContain('truck bed');
  });
});
