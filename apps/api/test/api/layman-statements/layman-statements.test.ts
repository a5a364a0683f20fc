import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import {
  laymanLinkSchema,
  laymanSignerViewSchema,
  laymanStatementPageSchema,
  laymanStatementSchema,
} from '@muster/contract/layman-statements';
import { outboxSchema } from '@muster/contract/outbox';
import { VA_21_10210_FIELDS as F } from '#src/modules/layman-statements/documents/va-21-10210.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * Lay ("buddy") statements through HTTP: the veteran asks a witness and gets a link; the witness,
 * on an anonymous session and with the token in a header only, reads what is asked, drafts from
 * their answers and submits once; the veteran reads the statement and downloads it as a PDF and
 * as VA Form 21-10210. Links expire, are revoked, are used once (also under concurrent submits),
 * never open another request, and never reach the logs; everything is the owner's, encrypted at
 * rest, and metered by the `buddy_requests` quota with billing on.
 */

let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer({ captureLogs: true }));
});
afterAll(async () => app.close());

type Answer = { status: number; json: unknown; text: string; headers: Headers; bytes: Buffer };

async function call(
  base: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const text = type.includes('json') ? bytes.toString('utf8') : '';
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as unknown) : null,
    text,
    headers: response.headers,
    bytes,
  };
}
const api = (token: string, method: string, path: string, body?: unknown) =>
  call(url, bearer(token), method, path, body);

/** An anonymous session, as the app opens one for a witness without an account. */
async function anonymousSession(base = url): Promise<string> {
  const response = await fetch(`${base}/auth/sign-in/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-auth-token')!;
}

const signer = (session: string, token: string) => ({
  ...bearer(session),
  'x-layman-token': token,
});
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

const WITNESS = {
  name: 'Bartholomew Q Quillfeather',
  email: 'bart.quillfeather@example.com',
  relationship: 'Served with him in 2nd Platoon, Iraq',
  witnessed: 'His knee giving out on patrols and after',
};
const STATEMENT =
  'I served with Rosalind from 2002 to 2004. I watched his knee give out on patrol in Ramadi and saw him limp for weeks after.';

async function veteranWithDisability(email: string) {
  const me = await signIn(app, email);
  const veteran = await api(me.token, 'POST', '/veterans', {
    first_name: 'Rosalind',
    middle_name: 'Marisol',
    last_name: 'Diazmontoya',
    ssn: '123-45-6789',
    date_of_birth: '1980-04-12',
    address: { line1: '1200 Whitford Lane', city: 'Austin', state: 'TX', zip_code: '78701' },
    phone: '512-555-0142',
  });
  expect(veteran.status, veteran.text).toBe(201);
  const disability = await api(me.token, 'POST', '/disabilities', { title: 'Left knee strain' });
  expect(disability.status, disability.text).toBe(201);
  return { ...me, disabilityId: (disability.json as { id: string }).id };
}

async function request(me: { token: string; disabilityId: string }, extra: object = {}) {
  const made = await api(me.token, 'POST', '/layman-statements', {
    disability_id: me.disabilityId,
    ...WITNESS,
    ...extra,
  });
  expect(made.status, made.text).toBe(201);
  const link = laymanLinkSchema.parse(made.json);
  return { ...link, token: tokenOf(link.token_link) };
}

const SUBMISSION = {
  statement: STATEMENT,
  signature: 'Bartholomew Q Quillfeather',
  certify: true,
  signer: {
    address: '44 Elmwood Court\nDayton, OH 45402',
    phone: '(937) 555-0199',
    email: 'bart.quillfeather@example.com',
    known_since: '2002',
  },
};

describe('[LAYMAN STATEMENTS]', () => {
  it('[LAYMAN]: a witness reads, drafts and submits through the link; the veteran sees it and downloads the PDF and the 21-10210', async () => {
    const me = await veteranWithDisability('layman.flow@example.com');
    const link = await request(me);
    expect(link.token_link).toMatch(/^http:\/\/localhost:\d+\/layman-sign\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const session = await anonymousSession();
    const view = await call(url, signer(session, link.token), 'GET', '/layman-statements/by-token');
    expect(view.status, view.text).toBe(200);
    const seen = laymanSignerViewSchema.parse(view.json);
    expect(seen).toMatchObject({
      veteran_first_name: 'Rosalind',
      condition: 'Left knee strain',
      relationship: WITNESS.relationship,
      witnessed: WITNESS.witnessed,
    });
    expect(seen.prompts.map((p) => p.key)).toEqual([
      'onset',
      'observed',
      'frequency',
      'work',
      'life',
    ]);
    // Only the first name of the veteran reaches the witness.
    expect(view.text).not.toContain('Diazmontoya');

    const answers = {
      onset: 'In 2003, after a fall from a vehicle',
      observed: 'I saw his knee buckle on patrol',
      work: 'He left his warehouse job in 2010.',
    };
    const draft = await call(
      url,
      signer(session, link.token),
      'POST',
      '/layman-statements/by-token/draft',
      { answers },
    );
    expect(draft.status, draft.text).toBe(200);
    const drafted = (draft.json as { statement: string }).statement;
    expect(drafted).toMatch(/^My name is Bartholomew Q Quillfeather\./);
    expect(drafted).toContain('When it began: In 2003, after a fall from a vehicle.');
    expect(drafted).toContain('What I have seen: I saw his knee buckle on patrol.');
    expect(drafted).toContain('Effect on work: He left his warehouse job in 2010.');
    expect(drafted).not.toContain('How often');
    // The same answers give the same draft.
    const again = await call(
      url,
      signer(session, link.token),
      'POST',
      '/layman-statements/by-token/draft',
      { answers },
    );
    expect((again.json as { statement: string }).statement).toBe(drafted);

    const submitted = await call(
      url,
      signer(session, link.token),
      'POST',
      '/layman-statements/by-token/submit',
      { ...SUBMISSION, answers },
    );
    expect(submitted.status, submitted.text).toBe(204);

    const got = await api(me.token, 'GET', `/layman-statements/${link.id}`);
    expect(got.status, got.text).toBe(200);
    const statement = laymanStatementSchema.parse(got.json);
    expect(statement).toMatchObject({
      status: 'submitted',
      statement: STATEMENT,
      signature: SUBMISSION.signature,
      signer: { phone: '(937) 555-0199', known_since: '2002', email: SUBMISSION.signer.email },
      answers,
      attachment_file_id: null,
    });
    expect(statement.certified_at).not.toBeNull();
    expect(statement.submitted_at).not.toBeNull();

    // The plain PDF.
    const pdf = await api(me.token, 'GET', `/layman-statements/${link.id}/download?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const plain = await PDFDocument.load(pdf.bytes);
    expect(plain.getTitle()).toBe('Lay statement in support of claim: Left knee strain');

    // VA Form 21-10210, read back field by field.
    const form = await api(
      me.token,
      'GET',
      `/layman-statements/${link.id}/download?format=va-21-10210`,
    );
    expect(form.status).toBe(200);
    expect(form.headers.get('content-disposition')).toContain('VA-21-10210-lay-statement.pdf');
    const fields = (await PDFDocument.load(form.bytes)).getForm();
    const text = (name: string) => fields.getTextField(name).getText() ?? '';
    expect(text(F.firstName)).toBe('Rosalind');
    expect(text(F.middleInitial)).toBe('M');
    expect(text(F.lastName)).toBe('Diazmontoya');
    expect([text(F.ssnFirst), text(F.ssnMiddle), text(F.ssnLast)]).toEqual(['123', '45', '6789']);
    expect([text(F.birthMonth), text(F.birthDay), text(F.birthYear)]).toEqual(['04', '12', '1980']);
    expect(text(F.city)).toBe('Austin');
    expect(text(F.page3SsnLast)).toBe('6789');
    expect(text(F.witnessFirstName)).toBe('Bartholomew');
    expect(text(F.witnessMiddleInitial)).toBe('Q');
    expect(text(F.witnessLastName)).toBe('Quillfeather');
    expect(fields.getCheckBox(F.servedWith).isChecked()).toBe(true);
    expect(fields.getCheckBox(F.familyOrFriend).isChecked()).toBe(false);
    expect([
      text(F.witnessPhoneArea),
      text(F.witnessPhonePrefix),
      text(F.witnessPhoneLine),
    ]).toEqual(['937', '555', '0199']);
    expect(text(F.witnessEmail1) + text(F.witnessEmail2)).toBe(SUBMISSION.signer.email);
    const item17 = text(F.statement1);
    expect(item17).toContain('Condition: Left knee strain');
    expect(item17).toContain('Relationship to the veteran: Served with him in 2nd Platoon, Iraq');
    expect(item17).toContain("Witness's address: 44 Elmwood Court, Dayton, OH 45402");
    expect(item17.replace(/\s+/g, ' ')).toContain(STATEMENT);
    // The signature and its date are the witness's to write.
    expect(fields.getTextField('vba210304[0].#subform[2].Year[5]').getText() ?? '').toBe('');

    // Listed, newest first, and filtered by disability.
    const page = laymanStatementPageSchema.parse(
      (await api(me.token, 'GET', `/layman-statements?disability_id=${me.disabilityId}`)).json,
    );
    expect(page.results.map((r) => [r.id, r.status])).toEqual([[link.id, 'submitted']]);
    const none = laymanStatementPageSchema.parse(
      (
        await api(
          me.token,
          'GET',
          '/layman-statements?disability_id=00000000-0000-4000-8000-000000000000',
        )
      ).json,
    );
    expect(none.meta.total).toBe(0);

    // The veteran's notes.
    const noted = await api(me.token, 'PATCH', `/layman-statements/${link.id}`, {
      notes: 'Strong; file it.',
    });
    expect(noted.status, noted.text).toBe(200);
    expect(laymanStatementSchema.parse(noted.json).notes).toBe('Strong; file it.');

    // The account export holds it.
    const exported = await fetch(`${url}/users/${me.userId}/export`, { headers: bearer(me.token) });
    expect(exported.status).toBe(200);
    const zip = Buffer.from(await exported.arrayBuffer()).toString('latin1');
    expect(zip).toContain('layman-statements.json');
  });

  it('[LAYMAN]: a long statement continues on attached pages of the 21-10210, never cut', async () => {
    const me = await veteranWithDisability('layman.long@example.com');
    const link = await request(me);
    const session = await anonymousSession();
    // In paragraphs, as people write (one unbroken paragraph this long fills the form slowly:
    // pdf-lib's drawing of the box, the same for every filled form).
    const long = Array.from({ length: 300 }, (_, i) =>
      i % 10 === 9
        ? `Sentence number ${i} of what I saw.\n\n`
        : `Sentence number ${i} of what I saw. `,
    )
      .join('')
      .trim();
    const done = await call(
      url,
      signer(session, link.token),
      'POST',
      '/layman-statements/by-token/submit',
      { ...SUBMISSION, statement: long },
    );
    expect(done.status, done.text).toBe(204);
    const form = await api(
      me.token,
      'GET',
      `/layman-statements/${link.id}/download?format=va-21-10210`,
    );
    expect(form.status).toBe(200);
    const doc = await PDFDocument.load(form.bytes);
    expect(doc.getPageCount()).toBeGreaterThan(3);
    const fields = doc.getForm();
    expect(fields.getTextField(F.statement1).getText()).toContain('Sentence number 0 ');
    expect(fields.getTextField(F.statement2).getText()).toContain(
      '(Continued on attached page(s).)',
    );
  });

  it('[LAYMAN]: a link is used once; a second submission, a revoked or an expired link answer 404 alike', async () => {
    const me = await veteranWithDisability('layman.once@example.com');
    const session = await anonymousSession();

    // Used once.
    const used = await request(me);
    expect(
      (
        await call(
          url,
          signer(session, used.token),
          'POST',
          '/layman-statements/by-token/submit',
          SUBMISSION,
        )
      ).status,
    ).toBe(204);
    const second = await call(
      url,
      signer(session, used.token),
      'POST',
      '/layman-statements/by-token/submit',
      { ...SUBMISSION, statement: 'Changed later.' },
    );
    expect(second.status).toBe(404);
    expect(
      (await call(url, signer(session, used.token), 'GET', '/layman-statements/by-token')).status,
    ).toBe(404);
    expect(
      laymanStatementSchema.parse(
        (await api(me.token, 'GET', `/layman-statements/${used.id}`)).json,
      ).statement,
    ).toBe(STATEMENT);

    // Revoked.
    const revoked = await request(me);
    expect(
      (await call(url, signer(session, revoked.token), 'GET', '/layman-statements/by-token'))
        .status,
    ).toBe(200);
    const revoke = await api(me.token, 'DELETE', `/layman-statements/${revoked.id}/link`);
    expect(revoke.status).toBe(204);
    const afterRevoke = await call(
      url,
      signer(session, revoked.token),
      'GET',
      '/layman-statements/by-token',
    );
    expect(
      (
        await call(
          url,
          signer(session, revoked.token),
          'POST',
          '/layman-statements/by-token/submit',
          SUBMISSION,
        )
      ).status,
    ).toBe(404);
    expect(
      laymanStatementSchema.parse(
        (await api(me.token, 'GET', `/layman-statements/${revoked.id}`)).json,
      ).status,
    ).toBe('revoked');

    // Expired: its end moved into the past.
    const expired = await request(me);
    await app.database.pool.query(
      "update layman_statements set expires_at = now() - interval '1 second' where id = $1",
      [expired.id],
    );
    const afterExpiry = await call(
      url,
      signer(session, expired.token),
      'GET',
      '/layman-statements/by-token',
    );
    expect(
      (
        await call(
          url,
          signer(session, expired.token),
          'POST',
          '/layman-statements/by-token/submit',
          SUBMISSION,
        )
      ).status,
    ).toBe(404);
    expect(
      laymanStatementSchema.parse(
        (await api(me.token, 'GET', `/layman-statements/${expired.id}`)).json,
      ).status,
    ).toBe('expired');

    // Unknown, malformed, missing: the same answer as all of the above.
    const unknown = await call(
      url,
      signer(session, 'A'.repeat(43)),
      'GET',
      '/layman-statements/by-token',
    );
    const malformed = await call(
      url,
      signer(session, 'not a token'),
      'GET',
      '/layman-statements/by-token',
    );
    const missing = await call(url, bearer(session), 'GET', '/layman-statements/by-token');
    const answers = [second, afterRevoke, afterExpiry, unknown, malformed, missing];
    const gist = (answer: Answer) => {
      const { code, message, detail } = errorEnvelopeSchema.parse(answer.json);
      return { code, message, detail };
    };
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(gist(answer)).toEqual(gist(second));
    }
    expect(errorEnvelopeSchema.parse(second.json).code).toBe(ERR.NOT_FOUND);

    // Not submitted: nothing to download yet.
    const early = await api(me.token, 'GET', `/layman-statements/${revoked.id}/download`);
    expect(early.status).toBe(409);
    expect(errorEnvelopeSchema.parse(early.json).code).toBe(ERR.INVALID_STATE);
  });

  it('[LAYMAN]: the signer routes need a session; a signed-in user may sign with their own', async () => {
    const me = await veteranWithDisability('layman.session@example.com');
    const link = await request(me);
    const noSession = await call(
      url,
      { 'x-layman-token': link.token },
      'GET',
      '/layman-statements/by-token',
    );
    expect(noSession.status).toBe(401);
    expect(errorEnvelopeSchema.parse(noSession.json).code).toBe(ERR.LOGIN_REQUIRED);
    const friend = await signIn(app, 'layman.friend@example.com');
    const submitted = await call(
      url,
      signer(friend.token, link.token),
      'POST',
      '/layman-statements/by-token/submit',
      SUBMISSION,
    );
    expect(submitted.status, submitted.text).toBe(204);
  });

  it('[LAYMAN]: a token opens its own request only', async () => {
    const me = await veteranWithDisability('layman.mine@example.com');
    const other = await veteranWithDisability('layman.theirs@example.com');
    const mine = await request(me, { relationship: 'spouse' });
    const theirs = await request(other, { relationship: 'coworker at the depot' });
    const session = await anonymousSession();
    const seen = laymanSignerViewSchema.parse(
      (await call(url, signer(session, mine.token), 'GET', '/layman-statements/by-token')).json,
    );
    expect(seen.relationship).toBe('spouse');
    expect(
      (
        await call(
          url,
          signer(session, mine.token),
          'POST',
          '/layman-statements/by-token/submit',
          SUBMISSION,
        )
      ).status,
    ).toBe(204);
    // Submitting with one token changed only its own request.
    const untouched = laymanStatementSchema.parse(
      (await api(other.token, 'GET', `/layman-statements/${theirs.id}`)).json,
    );
    expect(untouched).toMatchObject({
      status: 'requested',
      statement: null,
      relationship: 'coworker at the depot',
    });
    const raw = await app.database.pool.query<{ id: string; used: boolean }>(
      'select id, used_at is not null as used from layman_statements where id = any($1)',
      [[mine.id, theirs.id]],
    );
    expect(Object.fromEntries(raw.rows.map((r) => [r.id, r.used]))).toEqual({
      [mine.id]: true,
      [theirs.id]: false,
    });
  });

  it('[LAYMAN]: of concurrent submissions exactly one succeeds', async () => {
    const me = await veteranWithDisability('layman.race@example.com');
    const link = await request(me);
    const sessions = await Promise.all([
      anonymousSession(),
      anonymousSession(),
      anonymousSession(),
    ]);
    const answers = await Promise.all(
      [...sessions, ...sessions].map((session, i) =>
        call(url, signer(session, link.token), 'POST', '/layman-statements/by-token/submit', {
          ...SUBMISSION,
          statement: `Version ${i}: ${STATEMENT}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([204, 404, 404, 404, 404, 404]);
    const winner = answers.findIndex((a) => a.status === 204);
    const stored = laymanStatementSchema.parse(
      (await api(me.token, 'GET', `/layman-statements/${link.id}`)).json,
    );
    expect(stored.statement).toBe(`Version ${winner}: ${STATEMENT}`);
  });

  it("[LAYMAN]: another user's request answers 404 on every veteran route", async () => {
    const me = await veteranWithDisability('layman.owner@example.com');
    const intruder = await signIn(app, 'layman.intruder@example.com');
    const link = await request(me);
    for (const [method, path, body] of [
      ['GET', `/layman-statements/${link.id}`],
      ['PATCH', `/layman-statements/${link.id}`, { notes: 'mine now' }],
      ['DELETE', `/layman-statements/${link.id}/link`],
      ['POST', `/layman-statements/${link.id}/email`],
      ['GET', `/layman-statements/${link.id}/download?format=va-21-10210`],
      ['DELETE', `/layman-statements/${link.id}`],
    ] as const) {
      const answer = await api(intruder.token, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(errorEnvelopeSchema.parse(answer.json).code).toBe(ERR.NOT_FOUND);
    }
    expect(
      laymanStatementPageSchema.parse((await api(intruder.token, 'GET', '/layman-statements')).json)
        .meta.total,
    ).toBe(0);
    // Nor may a request be made for another user's disability.
    const borrowed = await api(intruder.token, 'POST', '/layman-statements', {
      disability_id: me.disabilityId,
      ...WITNESS,
    });
    expect(borrowed.status).toBe(400);
    expect(errorEnvelopeSchema.parse(borrowed.json).fields).toHaveProperty('disability_id');
    // Still there for its owner, link working.
    const mine = laymanStatementSchema.parse(
      (await api(me.token, 'GET', `/layman-statements/${link.id}`)).json,
    );
    expect(mine).toMatchObject({ status: 'requested', notes: null });
    // The owner deletes it.
    expect((await api(me.token, 'DELETE', `/layman-statements/${link.id}`)).status).toBe(204);
    expect((await api(me.token, 'GET', `/layman-statements/${link.id}`)).status).toBe(404);
  });

  it('[LAYMAN]: bad input answers 400 with the fields, and nothing is saved', async () => {
    const me = await veteranWithDisability('layman.bad@example.com');
    const count = async () =>
      Number(
        (
          await app.database.pool.query<{ n: string }>(
            'select count(*) as n from layman_statements where user_id = $1',
            [me.userId],
          )
        ).rows[0]!.n,
      );
    for (const body of [
      {},
      { disability_id: me.disabilityId, ...WITNESS, name: '' },
      { disability_id: me.disabilityId, ...WITNESS, email: 'not-an-email' },
      { disability_id: me.disabilityId, ...WITNESS, relationship: 'x'.repeat(101) },
      { disability_id: me.disabilityId, ...WITNESS, name: 'Nul\u0000Byte' },
      { disability_id: 'nope', ...WITNESS },
    ]) {
      const answer = await api(me.token, 'POST', '/layman-statements', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const envelope = errorEnvelopeSchema.parse(answer.json);
      expect(envelope.code).toBe(ERR.INVALID_INPUT);
      expect(Object.keys(envelope.fields ?? {}).length).toBeGreaterThan(0);
    }
    expect(await count()).toBe(0);

    const link = await request(me);
    const session = await anonymousSession();
    for (const body of [
      { ...SUBMISSION, certify: false },
      { ...SUBMISSION, statement: '' },
      { ...SUBMISSION, signature: undefined },
      { ...SUBMISSION, signer: { email: 'nope' } },
    ]) {
      const answer = await call(
        url,
        signer(session, link.token),
        'POST',
        '/layman-statements/by-token/submit',
        body,
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorEnvelopeSchema.parse(answer.json).fields).toBeDefined();
    }
    const emptyDraft = await call(
      url,
      signer(session, link.token),
      'POST',
      '/layman-statements/by-token/draft',
      { answers: {} },
    );
    expect(emptyDraft.status).toBe(400);
    const stored = laymanStatementSchema.parse(
      (await api(me.token, 'GET', `/layman-statements/${link.id}`)).json,
    );
    expect(stored).toMatchObject({ status: 'requested', statement: null, signature: null });
  });

  it('[LAYMAN]: the link is emailed through the outbox with a fresh token; the old one stops working', async () => {
    const me = await veteranWithDisability('layman.mail@example.com');
    const link = await request(me);
    const sent = await api(me.token, 'POST', `/layman-statements/${link.id}/email`);
    expect(sent.status, sent.text).toBe(200);
    const fresh = laymanLinkSchema.parse(sent.json);
    expect(fresh.token_link).not.toBe(link.token_link);
    const outbox = outboxSchema.parse(
      (await fetch(`${url}/dev/outbox`).then((r) => r.json())) as unknown,
    );
    const mail = outbox.find((m) => m.to === WITNESS.email);
    expect(mail?.text).toContain(fresh.token_link);
    expect(mail?.subject).toContain('Rosalind');
    const session = await anonymousSession();
    expect(
      (await call(url, signer(session, link.token), 'GET', '/layman-statements/by-token')).status,
    ).toBe(404);
    expect(
      (
        await call(
          url,
          signer(session, tokenOf(fresh.token_link)),
          'GET',
          '/layman-statements/by-token',
        )
      ).status,
    ).toBe(200);
    // Without an email address there is nobody to mail.
    const noEmail = await request(me, { email: undefined });
    const refused = await api(me.token, 'POST', `/layman-statements/${noEmail.id}/email`);
    expect(refused.status).toBe(409);
  });

  it('[LAYMAN]: names, statements and links are encrypted at rest; only the hash of a token is stored', async () => {
    const me = await veteranWithDisability('layman.rest@example.com');
    const link = await request(me);
    const session = await anonymousSession();
    await call(
      url,
      signer(session, link.token),
      'POST',
      '/layman-statements/by-token/submit',
      SUBMISSION,
    );
    await api(me.token, 'PATCH', `/layman-statements/${link.id}`, { notes: 'private note' });
    const { rows } = await app.database.pool.query<Record<string, string>>(
      'select name, email, relationship, witnessed, statement, signature, signer, notes, token_hash from layman_statements where id = $1',
      [link.id],
    );
    const row = rows[0]!;
    for (const column of [
      'name',
      'email',
      'relationship',
      'witnessed',
      'statement',
      'signature',
      'signer',
      'notes',
    ]) {
      expect(row[column], column).toMatch(/^enc:v1:/);
    }
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(link.token);
  });

  it('[LAYMAN]: no token, name or statement reaches the logs', () => {
    const log = app.logLines.join('\n');
    expect(app.logLines.length).toBeGreaterThan(10);
    expect(log).not.toMatch(/layman-sign\/[A-Za-z0-9_-]{43}/);
    expect(log).not.toContain('Quillfeather');
    expect(log).not.toContain('Ramadi');
    expect(log).not.toContain('x-layman-token');
  });
});

describe('[LAYMAN STATEMENTS][QUOTA]', () => {
  let billed: TestApp;
  let billedUrl: string;
  beforeAll(async () => {
    ({ app: billed, url: billedUrl } = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_layman', STRIPE_WEBHOOK_SECRET: 'whsec_layman' },
    }));
  });
  afterAll(async () => billed.close());

  it('[LAYMAN][QUOTA]: on the free plan the third request of the month is refused with the buddy request quota', async () => {
    const me = await signIn(billed, 'layman.quota@example.com');
    const disability = await call(billedUrl, bearer(me.token), 'POST', '/disabilities', {
      title: 'Tinnitus',
    });
    const disabilityId = (disability.json as { id: string }).id;
    const post = () =>
      call(billedUrl, bearer(me.token), 'POST', '/layman-statements', {
        disability_id: disabilityId,
        ...WITNESS,
      });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(403);
    const envelope = refused.json as Record<string, unknown>;
    expect(String(envelope.detail)).toMatch(/buddy statement request quota reached/i);
    expect(envelope).toMatchObject({ quota: { feature: 'buddy_requests', used: 2, limit: 2 } });
    const rows = await billed.database.pool.query('select id from layman_statements');
    expect(rows.rowCount).toBe(2);
  });
});
