import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPageSchema } from '@muster/contract/documents';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import {
  PROVIDER_REQUESTS_PER_DAY,
  nexusLetterSchema,
  providerRequestLinkSchema,
  providerRequestListSchema,
  providerRequestViewSchema,
} from '@muster/contract/nexus-letters';
import { outboxSchema } from '@muster/contract/outbox';
import { storedFileSchema, uploadGrantSchema, type UploadGrant } from '@muster/contract/storage';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { PDF_BYTES } from '../../fixtures/files.ts';

/**
 * A nexus letter sent to the veteran's physician through HTTP: the veteran sends it (the provider
 * gets a mail with a link, the letter reads `requested`), lists and revokes the requests; the
 * physician, on an anonymous session and with the token in a header only, reads what is asked,
 * downloads the draft, and uploads the signed copy once: it is the veteran's file, filed in their
 * vault as L049, and the letter reads `signed`. Links expire, are revoked, are used once, take only
 * the file granted through them, keep working after a refused file, and never reach the logs.
 */

let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer({ captureLogs: true }));
});
afterAll(async () => app.close());

type Answer = { status: number; json: unknown; text: string; headers: Headers; bytes: Buffer };

async function call(
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
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
  call(bearer(token), method, path, body);

async function anonymousSession(): Promise<string> {
  const response = await fetch(`${url}/auth/sign-in/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-auth-token')!;
}

const provider = (session: string, token: string) => ({
  ...bearer(session),
  'x-provider-token': token,
});
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

const DOCTOR = { name: 'Dr. Philippa Vandersloot', email: 'p.vandersloot@example.com' };
const CONDITION = 'Left knee strain';

async function veteranWithLetter(email: string) {
  const me = await signIn(app, email);
  const veteran = await api(me.token, 'POST', '/veterans', {
    first_name: 'Rosalind',
    last_name: 'Diazmontoya',
  });
  expect(veteran.status, veteran.text).toBe(201);
  const disability = await api(me.token, 'POST', '/disabilities', { title: CONDITION });
  expect(disability.status, disability.text).toBe(201);
  const disabilityId = (disability.json as { id: string }).id;
  const letter = await api(me.token, 'POST', `/disabilities/${disabilityId}/nexus-letters`, {});
  expect(letter.status, letter.text).toBe(201);
  return { ...me, disabilityId, letterId: nexusLetterSchema.parse(letter.json).id };
}

async function sendToProvider(me: { token: string; letterId: string }, body: object = DOCTOR) {
  const made = await api(me.token, 'POST', `/nexus-letters/${me.letterId}/requests`, body);
  expect(made.status, made.text).toBe(201);
  const link = providerRequestLinkSchema.parse(made.json);
  return { ...link, token: tokenOf(link.upload_link) };
}

async function grantUpload(
  session: string,
  token: string,
  bytes: Buffer,
  contentType = 'application/pdf',
): Promise<UploadGrant> {
  const granted = await call(
    provider(session, token),
    'POST',
    '/provider-requests/by-token/upload',
    {
      filename: 'signed-letter.pdf',
      size: bytes.length,
      content_type: contentType,
    },
  );
  expect(granted.status, granted.text).toBe(201);
  const grant = uploadGrantSchema.parse(granted.json);
  const put = await fetch(grant.url!, { method: 'PUT', headers: grant.headers, body: bytes });
  expect(put.status).toBeLessThan(300);
  return grant;
}

const complete = (session: string, token: string, fileId: string) =>
  call(provider(session, token), 'POST', '/provider-requests/by-token/complete', {
    file_id: fileId,
  });

async function vault(token: string) {
  const listed = await api(token, 'GET', '/documents');
  expect(listed.status, listed.text).toBe(200);
  return documentPageSchema.parse(listed.json).results;
}

async function letterOf(me: { token: string; letterId: string }) {
  return nexusLetterSchema.parse(
    (await api(me.token, 'GET', `/nexus-letters/${me.letterId}`)).json,
  );
}

async function requestsOf(me: { token: string; letterId: string }) {
  const listed = await api(me.token, 'GET', `/nexus-letters/${me.letterId}/requests`);
  expect(listed.status, listed.text).toBe(200);
  return providerRequestListSchema.parse(listed.json).results;
}

describe('[NEXUS LETTERS][PROVIDER REQUESTS]', () => {
  it('[PROVIDER]: the veteran sends the letter; the physician reads the draft and uploads the signed copy, which lands in the vault', async () => {
    const me = await veteranWithLetter('provider.happy@example.com');
    const link = await sendToProvider(me);
    expect(link.upload_link).toBe(`${app.config.urls.app}/provider-upload/${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await letterOf(me)).status).toBe('requested');
    const [listed, ...rest] = await requestsOf(me);
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({
      id: link.id,
      name: DOCTOR.name,
      email: DOCTOR.email,
      status: 'requested',
      uploaded_at: null,
    });

    // The mail: the veteran's first name, the condition, the link, 30 days, once.
    const outbox = outboxSchema.parse(
      (await fetch(`${url}/dev/outbox`).then((r) => r.json())) as unknown,
    );
    const mail = outbox.find((m) => m.to === DOCTOR.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('Rosalind');
    expect(mail!.text).toContain(CONDITION);
    expect(mail!.text).toContain(link.upload_link);
    expect(mail!.text).toContain('30 days');
    expect(mail!.text).toContain('one upload');
    expect(mail!.html).toContain(link.upload_link);
    expect(mail!.text).not.toContain('Diazmontoya');

    const session = await anonymousSession();
    const view = await call(provider(session, link.token), 'GET', '/provider-requests/by-token');
    expect(view.status, view.text).toBe(200);
    expect(view.json).toEqual(
      providerRequestViewSchema.parse({
        provider_name: DOCTOR.name,
        veteran_first_name: 'Rosalind',
        condition: CONDITION,
        expires_at: link.expires_at,
      }),
    );
    expect(view.text).not.toContain('Diazmontoya');

    const draft = await call(
      provider(session, link.token),
      'GET',
      '/provider-requests/by-token/draft',
    );
    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toBe('application/pdf');
    expect(draft.headers.get('cache-control')).toBe('no-store');
    expect(draft.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const grant = await grantUpload(session, link.token, PDF_BYTES);
    const done = await complete(session, link.token, grant.file_id);
    expect(done.status, done.text).toBe(200);
    // The answer is the stored file, as the upload routes answer it.
    expect(storedFileSchema.parse(done.json)).toMatchObject({
      id: grant.file_id,
      status: 'ready',
      content_type: 'application/pdf',
    });

    // The letter is signed with the file, which is the veteran's and filed in their vault (L049).
    const letter = await letterOf(me);
    expect(letter.status).toBe('signed');
    expect(letter.signed_file_id).toBe(grant.file_id);
    const file = await api(me.token, 'GET', `/uploads/${grant.file_id}`);
    expect(storedFileSchema.parse(file.json).status).toBe('ready');
    const documents = await vault(me.token);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      file_id: grant.file_id,
      doc_type: 'L049',
      name: `Signed nexus letter — ${CONDITION} — ${DOCTOR.name}`,
    });
    const [uploaded] = await requestsOf(me);
    expect(uploaded!.status).toBe('uploaded');
    expect(uploaded!.uploaded_at).not.toBeNull();

    // Used: every provider route answers 404 now, a second completion too, and nothing more is filed.
    const again = await complete(session, link.token, grant.file_id);
    expect(again.status).toBe(404);
    expect(errorEnvelopeSchema.parse(again.json).code).toBe(ERR.NOT_FOUND);
    for (const [method, path, body] of [
      ['GET', '/provider-requests/by-token', undefined],
      ['GET', '/provider-requests/by-token/draft', undefined],
      [
        'POST',
        '/provider-requests/by-token/upload',
        { filename: 'x.pdf', size: PDF_BYTES.length, content_type: 'application/pdf' },
      ],
    ] as const) {
      expect((await call(provider(session, link.token), method, path, body)).status, path).toBe(
        404,
      );
    }
    expect(await vault(me.token)).toHaveLength(1);

    // A new request for a signed letter leaves it signed.
    await sendToProvider(me, { name: 'Dr. Second Opinion', email: 'second@example.com' });
    expect((await letterOf(me)).status).toBe('signed');
    expect(await requestsOf(me)).toHaveLength(2);
  });

  it("[PROVIDER]: another user's letter or request answers 404, whatever is sent", async () => {
    const me = await veteranWithLetter('provider.owner@example.com');
    const link = await sendToProvider(me);
    const intruder = await signIn(app, 'provider.intruder@example.com');
    for (const body of [DOCTOR, {}]) {
      const sent = await api(
        intruder.token,
        'POST',
        `/nexus-letters/${me.letterId}/requests`,
        body,
      );
      expect(sent.status, sent.text).toBe(404);
      expect(errorEnvelopeSchema.parse(sent.json).code).toBe(ERR.NOT_FOUND);
    }
    const listed = await api(intruder.token, 'GET', `/nexus-letters/${me.letterId}/requests`);
    expect(listed.status).toBe(404);
    const revoked = await api(intruder.token, 'DELETE', `/nexus-letter-requests/${link.id}/link`);
    expect(revoked.status).toBe(404);
    expect(errorEnvelopeSchema.parse(revoked.json).code).toBe(ERR.NOT_FOUND);
    const unknown = await api(
      me.token,
      'GET',
      '/nexus-letters/00000000-0000-4000-8000-000000000000/requests',
    );
    expect(unknown.status).toBe(404);
    // The owner's link still works.
    const session = await anonymousSession();
    expect(
      (await call(provider(session, link.token), 'GET', '/provider-requests/by-token')).status,
    ).toBe(200);
    // Bad bodies answer 400 for the owner.
    const bad = await api(me.token, 'POST', `/nexus-letters/${me.letterId}/requests`, {
      name: 'Dr. X',
      email: 'not an email',
    });
    expect(bad.status).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.json).fields).toHaveProperty('email');
  });

  it('[PROVIDER]: expired, revoked, unknown and malformed links all answer the same 404 on every provider route', async () => {
    const me = await veteranWithLetter('provider.links@example.com');
    const session = await anonymousSession();
    const expired = await sendToProvider(me);
    // A grant made while the link worked cannot be completed once it expired.
    const grant = await grantUpload(session, expired.token, PDF_BYTES);
    await app.database.pool.query(
      "update nexus_provider_requests set expires_at = now() - interval '1 minute' where id = $1",
      [expired.id],
    );
    const revoked = await sendToProvider(me, { name: 'Dr. Revoked', email: 'revoked@example.com' });
    const revokedGrant = await grantUpload(session, revoked.token, PDF_BYTES);
    expect(
      (await api(me.token, 'DELETE', `/nexus-letter-requests/${revoked.id}/link`)).status,
    ).toBe(204);
    // Revoking twice is fine.
    expect(
      (await api(me.token, 'DELETE', `/nexus-letter-requests/${revoked.id}/link`)).status,
    ).toBe(204);

    const gist = (answer: Answer) => {
      const { code, message, detail } = errorEnvelopeSchema.parse(answer.json);
      return { code, message, detail };
    };
    const answers: Answer[] = [];
    for (const [token, fileId] of [
      [expired.token, grant.file_id],
      [revoked.token, revokedGrant.file_id],
      ['A'.repeat(43), grant.file_id],
      ['not a token', grant.file_id],
    ] as const) {
      const headers = provider(session, token);
      answers.push(
        await call(headers, 'GET', '/provider-requests/by-token'),
        await call(headers, 'GET', '/provider-requests/by-token/draft'),
        await call(headers, 'POST', '/provider-requests/by-token/upload', {
          filename: 'x.pdf',
          size: PDF_BYTES.length,
          content_type: 'application/pdf',
        }),
        await call(headers, 'POST', '/provider-requests/by-token/complete', { file_id: fileId }),
      );
    }
    answers.push(await call(bearer(session), 'GET', '/provider-requests/by-token'));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(gist(answer)).toEqual(gist(answers[0]!));
    }
    expect(gist(answers[0]!).code).toBe(ERR.NOT_FOUND);
    const statuses = Object.fromEntries((await requestsOf(me)).map((r) => [r.id, r.status]));
    expect(statuses).toEqual({ [expired.id]: 'expired', [revoked.id]: 'revoked' });
    expect((await letterOf(me)).status).toBe('requested');
    expect(await vault(me.token)).toEqual([]);

    // Without a session: 401, whatever the token.
    const noSession = await call(
      { 'x-provider-token': expired.token },
      'GET',
      '/provider-requests/by-token',
    );
    expect(noSession.status).toBe(401);
    expect(errorEnvelopeSchema.parse(noSession.json).code).toBe(ERR.LOGIN_REQUIRED);
  });

  it('[PROVIDER]: only the file granted through the link is taken: another id answers 404 and nothing is filed', async () => {
    const me = await veteranWithLetter('provider.foreign@example.com');
    const link = await sendToProvider(me);
    const session = await anonymousSession();
    // The veteran's own upload, finished, but not granted through the link.
    const own = await api(me.token, 'POST', '/uploads', {
      kind: 'document',
      filename: 'mine.pdf',
      content_type: 'application/pdf',
      size: PDF_BYTES.length,
    });
    const ownGrant = uploadGrantSchema.parse(own.json);
    await fetch(ownGrant.url!, { method: 'PUT', headers: ownGrant.headers, body: PDF_BYTES });
    expect((await api(me.token, 'POST', `/uploads/${ownGrant.file_id}/complete`, {})).status).toBe(
      200,
    );
    // Before any grant, and after one, another file id answers 404.
    expect((await complete(session, link.token, ownGrant.file_id)).status).toBe(404);
    const grant = await grantUpload(session, link.token, PDF_BYTES);
    for (const fileId of [ownGrant.file_id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await complete(session, link.token, fileId);
      expect(refused.status).toBe(404);
      expect(errorEnvelopeSchema.parse(refused.json).code).toBe(ERR.NOT_FOUND);
    }
    // Another link's grant does not open this one either.
    const other = await sendToProvider(me, { name: 'Dr. Other', email: 'other@example.com' });
    expect((await complete(session, other.token, grant.file_id)).status).toBe(404);
    expect(await vault(me.token)).toEqual([]);
    expect((await letterOf(me)).signed_file_id).toBeNull();
    // The granted one still goes through.
    expect((await complete(session, link.token, grant.file_id)).status).toBe(200);
    expect((await letterOf(me)).signed_file_id).toBe(grant.file_id);
  });

  it('[PROVIDER]: a file of another type is refused with the envelope and the link keeps working; a new grant replaces the previous one', async () => {
    const me = await veteranWithLetter('provider.type@example.com');
    const link = await sendToProvider(me);
    const session = await anonymousSession();
    // A type outside PDF, JPEG and PNG is refused at the grant.
    const word = await call(
      provider(session, link.token),
      'POST',
      '/provider-requests/by-token/upload',
      {
        filename: 'letter.docx',
        size: 100,
        content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
    );
    expect(word.status).toBe(400);
    expect(errorEnvelopeSchema.parse(word.json).fields).toHaveProperty('content_type');
    // Above the document kind's limit: 413.
    const huge = await call(
      provider(session, link.token),
      'POST',
      '/provider-requests/by-token/upload',
      {
        filename: 'huge.pdf',
        size: 501 * 1024 * 1024,
        content_type: 'application/pdf',
      },
    );
    expect(huge.status).toBe(413);

    // Text bytes declared as a PDF.
    const text = Buffer.from('This is not a PDF at all, only words.\n');
    const fake = await grantUpload(session, link.token, text);
    const refused = await complete(session, link.token, fake.file_id);
    expect(refused.status).toBe(400);
    const envelope = errorEnvelopeSchema.parse(refused.json);
    expect(envelope.code).toBe(ERR.INVALID_FORMAT);
    expect(envelope.fields).toHaveProperty('content_type');
    // Refused once, refused again (409): upload it again.
    expect((await complete(session, link.token, fake.file_id)).status).toBe(409);
    expect(await vault(me.token)).toEqual([]);
    expect((await letterOf(me)).status).toBe('requested');
    expect((await requestsOf(me))[0]!.status).toBe('requested');

    // The link still works; a pending grant replaced by a new one is deleted.
    expect(
      (await call(provider(session, link.token), 'GET', '/provider-requests/by-token')).status,
    ).toBe(200);
    const abandoned = await grantUpload(session, link.token, PDF_BYTES);
    const grant = await grantUpload(session, link.token, PDF_BYTES);
    expect((await api(me.token, 'GET', `/uploads/${abandoned.file_id}`)).status).toBe(404);
    expect((await complete(session, link.token, abandoned.file_id)).status).toBe(404);
    expect((await complete(session, link.token, grant.file_id)).status).toBe(200);
    expect((await letterOf(me)).status).toBe('signed');
    expect(await vault(me.token)).toHaveLength(1);
  });

  it('[PROVIDER]: of completions sent at once, exactly one counts and one document is filed', async () => {
    const me = await veteranWithLetter('provider.race@example.com');
    const link = await sendToProvider(me);
    const session = await anonymousSession();
    const grant = await grantUpload(session, link.token, PDF_BYTES);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => complete(session, link.token, grant.file_id)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect([404, 409]).toContain(answer.status);
    }
    expect(await vault(me.token)).toHaveLength(1);
    expect((await letterOf(me)).signed_file_id).toBe(grant.file_id);
  });

  it('[PROVIDER]: names and addresses are encrypted at rest; only the hash of a token is stored', async () => {
    const me = await veteranWithLetter('provider.rest@example.com');
    const link = await sendToProvider(me);
    const { rows } = await app.database.pool.query<Record<string, string>>(
      'select provider_name, provider_email, token_hash from nexus_provider_requests where id = $1',
      [link.id],
    );
    const row = rows[0]!;
    expect(row.provider_name).toMatch(/^enc:v1:/);
    expect(row.provider_email).toMatch(/^enc:v1:/);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(link.token);
  });

  it('[PROVIDER]: at most ten letters a day go to providers: the eleventh email is refused with 429 and nothing is sent', async () => {
    const me = await veteranWithLetter('provider.cap@example.com');
    for (let index = 0; index < PROVIDER_REQUESTS_PER_DAY; index += 1) {
      await sendToProvider(me, { name: `Dr. Number ${index}`, email: `dr${index}@example.com` });
    }
    const refused = await api(me.token, 'POST', `/nexus-letters/${me.letterId}/requests`, {
      name: 'Dr. Eleven',
      email: 'dr.eleven@example.com',
    });
    expect(refused.status, refused.text).toBe(429);
    expect(errorEnvelopeSchema.parse(refused.json)).toMatchObject({ code: ERR.RATE_LIMITED });
    const mail = outboxSchema.parse(await (await fetch(`${url}/dev/outbox`)).json());
    expect(mail.some((entry) => entry.to === 'dr.eleven@example.com')).toBe(false);
    expect(await requestsOf(me)).toHaveLength(PROVIDER_REQUESTS_PER_DAY);
  });

  it('[PROVIDER]: no token or provider name reaches the logs', () => {
    const log = app.logLines.join('\n');
    expect(app.logLines.length).toBeGreaterThan(10);
    expect(log).not.toMatch(/provider-upload\/[A-Za-z0-9_-]{43}/);
    expect(log).not.toContain('x-provider-token');
    expect(log).not.toContain('Vandersloot');
  });
});
