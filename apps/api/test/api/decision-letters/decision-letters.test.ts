import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decisionLetterPageSchema,
  decisionLetterSchema,
  type DecisionLetter,
} from '@muster/contract/decision-letters';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { sharedItemSchema, vsoShareCreatedSchema } from '@muster/contract/vso';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { textPdf } from '../../helpers/text-pdf.ts';

/**
 * Decision letters through HTTP, with the job queue running: a pasted letter and an uploaded PDF
 * are read in the background (status and progress on the letter), the reading holds every
 * decision with plain-words reasons, what a denial lacked, and the review deadlines; letters are
 * the owner's, encrypted at rest, metered by the quota with billing on, and refused when bad.
 */

const FIXTURES = new URL(
  '../../../../../packages/domain/src/decision-letters/fixtures/',
  import.meta.url,
);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
/** A new-format letter of the fixture set: an increase, a grant and a denial. */
const LETTER = fixture('01-ama-ptsd-increase-hearing.txt');

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
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null, text };
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

describe('[DECISION LETTERS]', () => {
  it('[LETTERS]: a pasted letter is read in the background into its decisions, reasons and deadlines', async () => {
    const me = await signIn(app, 'letters.pasted@example.com');
    const made = await api(me.token, 'POST', '/decision-letters', { text: LETTER });
    expect(made.status, made.text).toBe(202);
    const { id, status } = made.json as { id: string; status: string };
    expect(status).toBe('queued');
    const letter = await settled(me.token, id);
    expect(letter, JSON.stringify(letter).slice(0, 400)).toMatchObject({
      status: 'complete',
      progress: 100,
      error: null,
      source: 'text',
    });
    const expected = JSON.parse(fixture('01-ama-ptsd-increase-hearing.expected.json')) as {
      letter_date: string;
      decisions: { condition: string; outcome: string }[];
      deadlines: unknown[];
    };
    expect(letter.letter_date).toBe(expected.letter_date);
    expect(letter.deadlines).toEqual(expected.deadlines);
    expect(letter.decisions.map((d) => [d.condition, d.outcome])).toEqual(
      expected.decisions.map((d) => [d.condition, d.outcome]),
    );
    for (const decision of letter.decisions) expect(decision.reasons.length).toBeGreaterThan(0);
    const denial = letter.decisions.find((d) => d.outcome === 'denied');
    expect(denial?.missing.length).toBeGreaterThan(0);
    // PTSD at 70: what 100 asks, from the mental disorders formula; tinnitus at 10 is the top.
    const [ptsd, tinnitus] = letter.decisions;
    expect(ptsd?.next_level).toMatchObject({
      percent: 100,
      citation: '38 CFR 4.130, DC 9411',
      criteria: expect.stringMatching(/^Total occupational and social impairment/),
    });
    expect(tinnitus?.next_level).toBeNull();
    expect(denial?.next_level).toBeNull();
    // Listed with the gist.
    const page = decisionLetterPageSchema.parse(
      (await api(me.token, 'GET', '/decision-letters')).json,
    );
    expect(page.results).toEqual([
      expect.objectContaining({ id, status: 'complete', decisions_count: letter.decisions.length }),
    ]);
    // Encrypted at rest: neither the text nor the reading is readable in the database.
    const raw = await app.database.pool.query<{ text: string; result: string }>(
      'select text, result from decision_letters where id = $1',
      [id],
    );
    expect(raw.rows[0]!.text).toMatch(/^enc:v1:/);
    expect(raw.rows[0]!.result).toMatch(/^enc:v1:/);
  });

  it('[LETTERS]: an uploaded PDF letter is read from its text layer', async () => {
    const me = await signIn(app, 'letters.upload@example.com');
    const bytes = await textPdf(LETTER);
    const grant = await api(me.token, 'POST', '/uploads', {
      kind: 'decision-letter',
      filename: 'decision.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    const { file_id: fileId, url: putUrl } = grant.json as { file_id: string; url: string };
    expect((await fetch(putUrl, { method: 'PUT', body: bytes })).status).toBe(200);
    expect((await api(me.token, 'POST', `/uploads/${fileId}/complete`, {})).status).toBe(200);
    const made = await api(me.token, 'POST', '/decision-letters', { file_id: fileId });
    expect(made.status, made.text).toBe(202);
    const letter = await settled(me.token, (made.json as { id: string }).id);
    expect(letter).toMatchObject({ status: 'complete', source: 'upload', file_id: fileId });
    expect(letter.decisions.length).toBeGreaterThan(0);

    // The file is the letters' alone: it goes with the last letter read from it.
    const again = await api(me.token, 'POST', '/decision-letters', { file_id: fileId });
    const againId = (again.json as { id: string }).id;
    await settled(me.token, againId);
    expect((await api(me.token, 'DELETE', `/decision-letters/${letter.id}`)).status).toBe(204);
    expect((await api(me.token, 'GET', `/uploads/${fileId}`)).status).toBe(200);
    expect((await api(me.token, 'DELETE', `/decision-letters/${againId}`)).status).toBe(204);
    expect((await api(me.token, 'GET', `/uploads/${fileId}`)).status).toBe(404);
    expect((await api(me.token, 'GET', '/storage/usage')).json).toMatchObject({ used_bytes: 0 });
  });

  it('[LETTERS]: bad requests are refused; a letter with no readable text fails with a reason', async () => {
    const me = await signIn(app, 'letters.bad@example.com');
    for (const body of [
      {},
      { text: 'too short' },
      { text: 'x'.repeat(200_001) },
      { file_id: 'not-a-uuid' },
      { file_id: '00000000-0000-4000-8000-000000000000', text: LETTER },
    ]) {
      const refused = await api(me.token, 'POST', '/decision-letters', body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorEnvelopeSchema.parse(refused.json).code).toBe(ERR.INVALID_INPUT);
    }
    // Someone else's upload, or a document upload, is not a letter of this user.
    const other = await signIn(app, 'letters.bad.other@example.com');
    const bytes = await textPdf(LETTER);
    const grant = await api(other.token, 'POST', '/uploads', {
      kind: 'document',
      filename: 'letter.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    const { file_id: fileId, url: putUrl } = grant.json as { file_id: string; url: string };
    await fetch(putUrl, { method: 'PUT', body: bytes });
    await api(other.token, 'POST', `/uploads/${fileId}/complete`, {});
    expect((await api(me.token, 'POST', '/decision-letters', { file_id: fileId })).status).toBe(
      400,
    );
    expect((await api(other.token, 'POST', '/decision-letters', { file_id: fileId })).status).toBe(
      400,
    );
    // A blank page: nothing to read, said plainly.
    const blank = await PDFDocument.create();
    blank.addPage();
    const empty = Buffer.from(await blank.save());
    const emptyGrant = await api(me.token, 'POST', '/uploads', {
      kind: 'decision-letter',
      filename: 'blank.pdf',
      content_type: 'application/pdf',
      size: empty.length,
    });
    const emptyFile = emptyGrant.json as { file_id: string; url: string };
    await fetch(emptyFile.url, { method: 'PUT', body: empty });
    await api(me.token, 'POST', `/uploads/${emptyFile.file_id}/complete`, {});
    const made = await api(me.token, 'POST', '/decision-letters', { file_id: emptyFile.file_id });
    const failed = await settled(me.token, (made.json as { id: string }).id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/No text could be read/);
  }, 120_000);

  it('[LETTERS][VSO]: a read letter is shared read-only with its decisions; one naming a protected condition only when ticked', async () => {
    const me = await signIn(app, 'letters.shared@example.com');
    const read = async (text: string) => {
      const made = await api(me.token, 'POST', '/decision-letters', { text });
      expect(made.status, made.text).toBe(202);
      return settled(me.token, (made.json as { id: string }).id);
    };
    const plain = await read(LETTER);
    const sickle = await read(LETTER.replaceAll('bilateral hearing loss', 'sickle cell anemia'));
    expect(sickle.decisions.map((d) => d.condition.toLowerCase())).toContain('sickle cell anemia');
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();

    const unticked = await api(me.token, 'POST', '/vso-shares', {
      items: [
        { kind: 'decision-letter', id: plain.id },
        { kind: 'decision-letter', id: sickle.id },
      ],
      expires_at: expires,
    });
    expect(unticked.status, unticked.text).toBe(400);
    expect(Object.keys(errorEnvelopeSchema.parse(unticked.json).fields ?? {})).toEqual(['items.1']);

    const made = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'decision-letter', id: plain.id }],
      expires_at: expires,
    });
    expect(made.status, made.text).toBe(201);
    const share = vsoShareCreatedSchema.parse(made.json);
    // The representative's page signs in anonymously and sends the link's token beside it.
    const anonymous = await fetch(`${url}/auth/sign-in/anonymous`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const session = anonymous.headers.get('set-auth-token') ?? '';
    const viewed = async (id: string) => {
      const response = await fetch(`${url}/shared/items/decision-letter/${id}`, {
        headers: { ...bearer(session), 'x-share-token': share.token },
      });
      return { status: response.status, json: (await response.json()) as unknown };
    };
    const item = await viewed(plain.id);
    expect(item.status).toBe(200);
    const shown = sharedItemSchema.parse(item.json);
    const decisions = shown.sections.find((section) => section.heading === 'Decisions');
    expect(decisions?.lines).toHaveLength(plain.decisions.length);
    expect(decisions?.lines.join('\n')).toContain('tinnitus');
    // The protected letter is not in this share, whatever the link holder asks.
    expect((await viewed(sickle.id)).status).toBe(404);

    const ticked = await api(me.token, 'POST', '/vso-shares', {
      items: [{ kind: 'decision-letter', id: sickle.id, include_protected: true }],
      expires_at: expires,
    });
    expect(ticked.status, ticked.text).toBe(201);
    expect(vsoShareCreatedSchema.parse(ticked.json).items[0]?.protected_7332).toBe(true);
  });

  it("[LETTERS]: another user's letter answers 404; deleting removes it", async () => {
    const me = await signIn(app, 'letters.owner@example.com');
    const intruder = await signIn(app, 'letters.intruder@example.com');
    const made = await api(me.token, 'POST', '/decision-letters', { text: LETTER });
    const id = (made.json as { id: string }).id;
    await settled(me.token, id);
    expect((await api(intruder.token, 'GET', `/decision-letters/${id}`)).status).toBe(404);
    expect((await api(intruder.token, 'DELETE', `/decision-letters/${id}`)).status).toBe(404);
    expect(
      decisionLetterPageSchema.parse((await api(intruder.token, 'GET', '/decision-letters')).json)
        .meta.total,
    ).toBe(0);
    expect((await api(me.token, 'DELETE', `/decision-letters/${id}`)).status).toBe(204);
    expect((await api(me.token, 'GET', `/decision-letters/${id}`)).status).toBe(404);
  });
});

describe('[DECISION LETTERS][QUOTA]', () => {
  let billed: TestApp;
  let billedUrl: string;
  beforeAll(async () => {
    ({ app: billed, url: billedUrl } = await startTestServer({
      withJobs: true,
      env: { STRIPE_SECRET_KEY: 'sk_test_letters', STRIPE_WEBHOOK_SECRET: 'whsec_letters' },
    }));
  });
  afterAll(async () => billed.close());

  it('[LETTERS][QUOTA]: on the free plan the second letter of the month is refused with the decision letter quota', async () => {
    const me = await signIn(billed, 'letters.quota@example.com');
    const post = () =>
      fetch(`${billedUrl}/decision-letters`, {
        method: 'POST',
        headers: { ...bearer(me.token), 'content-type': 'application/json' },
        body: JSON.stringify({ text: LETTER }),
      });
    expect((await post()).status).toBe(202);
    const refused = await post();
    expect(refused.status).toBe(403);
    const envelope = (await refused.json()) as Record<string, unknown>;
    expect(String(envelope.detail)).toMatch(/decision letter quota reached/i);
    expect(envelope).toMatchObject({ quota: { feature: 'decision_letters', used: 1, limit: 1 } });
  });
});
