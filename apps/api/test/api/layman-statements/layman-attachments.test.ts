import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPageSchema } from '@muster/contract/documents';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { laymanLinkSchema, laymanStatementSchema } from '@muster/contract/layman-statements';
import { storedFileSchema, uploadGrantSchema, type UploadGrant } from '@muster/contract/storage';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { PDF_BYTES, PNG_BYTES } from '../../fixtures/files.ts';
import { eq } from 'drizzle-orm';
import { laymanStatements } from '@muster/db/schema/index';

/**
 * A file the witness sends with a lay statement, through HTTP: granted through the signing link
 * (a PDF or a picture, stored as the veteran's), finished through it, and named on submission,
 * when it is filed in the veteran's vault as L015. Only the file granted through the link is
 * taken; a new grant replaces the previous one; links that no longer work answer 404.
 */

let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer({ captureLogs: true }));
});
afterAll(async () => app.close());

type Answer = { status: number; json: unknown; text: string };

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
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    json: isJson && text ? (JSON.parse(text) as unknown) : null,
    text,
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

const signer = (session: string, token: string) => ({
  ...bearer(session),
  'x-layman-token': token,
});
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

const WITNESS = {
  name: 'Bartholomew Quillfeather',
  relationship: 'Served with him in Iraq',
  witnessed: 'His knee giving out on patrols',
};
const SUBMISSION = {
  statement: 'I watched his knee give out on patrol and saw him limp for weeks after.',
  signature: 'Bartholomew Quillfeather',
  certify: true,
};
const CONDITION = 'Left knee strain';

async function veteranWithRequest(email: string) {
  const me = await signIn(app, email);
  const disability = await api(me.token, 'POST', '/disabilities', { title: CONDITION });
  expect(disability.status, disability.text).toBe(201);
  const disabilityId = (disability.json as { id: string }).id;
  const made = await api(me.token, 'POST', '/layman-statements', {
    disability_id: disabilityId,
    ...WITNESS,
  });
  expect(made.status, made.text).toBe(201);
  const link = laymanLinkSchema.parse(made.json);
  return { ...me, disabilityId, id: link.id, linkToken: tokenOf(link.token_link) };
}

async function grantAttachment(
  session: string,
  token: string,
  bytes: Buffer,
  contentType: string,
  filename = 'photo.png',
): Promise<UploadGrant> {
  const granted = await call(signer(session, token), 'POST', '/layman-statements/by-token/upload', {
    filename,
    size: bytes.length,
    content_type: contentType,
  });
  expect(granted.status, granted.text).toBe(201);
  const grant = uploadGrantSchema.parse(granted.json);
  const put = await fetch(grant.url!, { method: 'PUT', headers: grant.headers, body: bytes });
  expect(put.status).toBeLessThan(300);
  return grant;
}

const completeAttachment = (session: string, token: string, fileId: string) =>
  call(signer(session, token), 'POST', '/layman-statements/by-token/upload/complete', {
    file_id: fileId,
  });

async function vault(token: string) {
  const listed = await api(token, 'GET', '/documents');
  expect(listed.status, listed.text).toBe(200);
  return documentPageSchema.parse(listed.json).results;
}

async function statementOf(me: { token: string; id: string }) {
  return laymanStatementSchema.parse(
    (await api(me.token, 'GET', `/layman-statements/${me.id}`)).json,
  );
}

describe('[LAYMAN STATEMENTS][ATTACHMENTS]', () => {
  it('[LAYMAN][ATTACHMENT]: the witness uploads a picture with the statement; it is the veteran’s and lands in the vault as L015', async () => {
    const me = await veteranWithRequest('attachment.happy@example.com');
    const session = await anonymousSession();
    const grant = await grantAttachment(session, me.linkToken, PNG_BYTES, 'image/png');
    const done = await completeAttachment(session, me.linkToken, grant.file_id);
    expect(done.status, done.text).toBe(200);
    expect(storedFileSchema.parse(done.json)).toMatchObject({ id: grant.file_id, status: 'ready' });
    // The veteran owns the file already.
    expect((await api(me.token, 'GET', `/uploads/${grant.file_id}`)).status).toBe(200);
    expect(await vault(me.token)).toEqual([]);

    const submitted = await call(
      signer(session, me.linkToken),
      'POST',
      '/layman-statements/by-token/submit',
      {
        ...SUBMISSION,
        attachment_file_id: grant.file_id,
      },
    );
    expect(submitted.status, submitted.text).toBe(204);
    const statement = await statementOf(me);
    expect(statement.status).toBe('submitted');
    expect(statement.attachment_file_id).toBe(grant.file_id);
    const documents = await vault(me.token);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      file_id: grant.file_id,
      doc_type: 'L015',
      name: `Attachment to ${WITNESS.name}'s statement — ${CONDITION}`,
    });

    // Used: the upload routes answer 404 now.
    expect((await completeAttachment(session, me.linkToken, grant.file_id)).status).toBe(404);
    const again = await call(
      signer(session, me.linkToken),
      'POST',
      '/layman-statements/by-token/upload',
      {
        filename: 'x.png',
        size: PNG_BYTES.length,
        content_type: 'image/png',
      },
    );
    expect(again.status).toBe(404);
    expect(errorEnvelopeSchema.parse(again.json).code).toBe(ERR.NOT_FOUND);
  });

  it('[LAYMAN][ATTACHMENT]: only the finished file granted through this link may be named; anything else is 400 and nothing is submitted', async () => {
    const me = await veteranWithRequest('attachment.foreign@example.com');
    const session = await anonymousSession();
    // The veteran's own finished upload, not granted through the link.
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

    const submitWith = (fileId: string) =>
      call(signer(session, me.linkToken), 'POST', '/layman-statements/by-token/submit', {
        ...SUBMISSION,
        attachment_file_id: fileId,
      });
    const expectFieldError = (answer: Answer) => {
      expect(answer.status, answer.text).toBe(400);
      const envelope = errorEnvelopeSchema.parse(answer.json);
      expect(envelope.code).toBe(ERR.INVALID_INPUT);
      expect(envelope.fields).toHaveProperty('attachment_file_id');
    };
    expectFieldError(await submitWith(ownGrant.file_id));
    expectFieldError(await submitWith('00000000-0000-4000-8000-000000000000'));
    // Completing another file through the link: 404.
    expect((await completeAttachment(session, me.linkToken, ownGrant.file_id)).status).toBe(404);
    // Granted but not finished: 400 too.
    const grant = await grantAttachment(
      session,
      me.linkToken,
      PDF_BYTES,
      'application/pdf',
      'x.pdf',
    );
    expectFieldError(await submitWith(grant.file_id));
    expect((await statementOf(me)).status).toBe('requested');
    expect(await vault(me.token)).toEqual([]);
    // Finished, it goes through.
    expect((await completeAttachment(session, me.linkToken, grant.file_id)).status).toBe(200);
    expect((await submitWith(grant.file_id)).status).toBe(204);
    expect(await vault(me.token)).toHaveLength(1);
  });

  it('[LAYMAN][ATTACHMENT]: a file of another type is refused with the envelope and the link keeps working; a new grant replaces the previous one', async () => {
    const me = await veteranWithRequest('attachment.type@example.com');
    const session = await anonymousSession();
    const webp = await call(
      signer(session, me.linkToken),
      'POST',
      '/layman-statements/by-token/upload',
      {
        filename: 'photo.webp',
        size: 100,
        content_type: 'image/webp',
      },
    );
    expect(webp.status).toBe(400);
    expect(errorEnvelopeSchema.parse(webp.json).fields).toHaveProperty('content_type');

    const fake = await grantAttachment(
      session,
      me.linkToken,
      Buffer.from('Only words here, no picture.\n'),
      'image/png',
    );
    const refused = await completeAttachment(session, me.linkToken, fake.file_id);
    expect(refused.status).toBe(400);
    expect(errorEnvelopeSchema.parse(refused.json).code).toBe(ERR.INVALID_FORMAT);
    expect(
      (await call(signer(session, me.linkToken), 'GET', '/layman-statements/by-token')).status,
    ).toBe(200);

    // A new grant replaces the refused one (deleted); a pending one replaced is deleted too.
    const pending = await grantAttachment(session, me.linkToken, PNG_BYTES, 'image/png');
    expect((await api(me.token, 'GET', `/uploads/${fake.file_id}`)).status).toBe(404);
    const grant = await grantAttachment(session, me.linkToken, PNG_BYTES, 'image/png');
    expect((await api(me.token, 'GET', `/uploads/${pending.file_id}`)).status).toBe(404);
    expect((await completeAttachment(session, me.linkToken, pending.file_id)).status).toBe(404);
    expect((await completeAttachment(session, me.linkToken, grant.file_id)).status).toBe(200);
    expect((await statementOf(me)).attachment_file_id).toBe(grant.file_id);

    // Submitted without naming it: the granted file is not kept.
    const submitted = await call(
      signer(session, me.linkToken),
      'POST',
      '/layman-statements/by-token/submit',
      SUBMISSION,
    );
    expect(submitted.status, submitted.text).toBe(204);
    const statement = await statementOf(me);
    expect(statement.attachment_file_id).toBeNull();
    expect((await api(me.token, 'GET', `/uploads/${grant.file_id}`)).status).toBe(404);
    expect(await vault(me.token)).toEqual([]);
  });

  it('[LAYMAN][ATTACHMENT]: expired, revoked and used links answer 404 on the upload routes', async () => {
    const session = await anonymousSession();
    const expired = await veteranWithRequest('attachment.expired@example.com');
    const expiredGrant = await grantAttachment(session, expired.linkToken, PNG_BYTES, 'image/png');
    await app.database.pool.query(
      "update layman_statements set expires_at = now() - interval '1 minute' where id = $1",
      [expired.id],
    );
    const revoked = await veteranWithRequest('attachment.revoked@example.com');
    const revokedGrant = await grantAttachment(session, revoked.linkToken, PNG_BYTES, 'image/png');
    expect(
      (await api(revoked.token, 'DELETE', `/layman-statements/${revoked.id}/link`)).status,
    ).toBe(204);
    const used = await veteranWithRequest('attachment.used@example.com');
    const usedGrant = await grantAttachment(session, used.linkToken, PNG_BYTES, 'image/png');
    expect(
      (
        await call(
          signer(session, used.linkToken),
          'POST',
          '/layman-statements/by-token/submit',
          SUBMISSION,
        )
      ).status,
    ).toBe(204);

    for (const [token, fileId] of [
      [expired.linkToken, expiredGrant.file_id],
      [revoked.linkToken, revokedGrant.file_id],
      [used.linkToken, usedGrant.file_id],
      ['A'.repeat(43), usedGrant.file_id],
    ] as const) {
      const upload = await call(
        signer(session, token),
        'POST',
        '/layman-statements/by-token/upload',
        {
          filename: 'x.png',
          size: PNG_BYTES.length,
          content_type: 'image/png',
        },
      );
      expect(upload.status).toBe(404);
      expect(errorEnvelopeSchema.parse(upload.json).code).toBe(ERR.NOT_FOUND);
      const completed = await completeAttachment(session, token, fileId);
      expect(completed.status).toBe(404);
      expect(errorEnvelopeSchema.parse(completed.json).code).toBe(ERR.NOT_FOUND);
    }
  });

  it('[LAYMAN][ATTACHMENT]: of grants sent at once, exactly one file is left; every one it replaced is gone', async () => {
    const me = await veteranWithRequest('attachment.race@example.com');
    const session = await anonymousSession();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(signer(session, me.linkToken), 'POST', '/layman-statements/by-token/upload', {
          filename: `photo-${index}.png`,
          size: PNG_BYTES.length,
          content_type: 'image/png',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const ids = answers.map((answer) => uploadGrantSchema.parse(answer.json).file_id);
    const kept = [];
    for (const id of ids) {
      if ((await api(me.token, 'GET', `/uploads/${id}`)).status === 200) kept.push(id);
    }
    // The one the request names is the one left: nothing counts against the veteran's storage
    // that no request can reach.
    expect(kept).toHaveLength(1);
    const rows = await app.database.db
      .select({ attachmentFileId: laymanStatements.attachmentFileId })
      .from(laymanStatements)
      .where(eq(laymanStatements.id, me.id));
    expect(rows[0]?.attachmentFileId).toBe(kept[0]);
  });

  it('[LAYMAN][ATTACHMENT]: a file never submitted goes when the link is revoked or the request deleted; a submitted one stays', async () => {
    for (const end of ['revoke', 'delete'] as const) {
      const me = await veteranWithRequest(`attachment.orphan.${end}@example.com`);
      const session = await anonymousSession();
      const grant = await grantAttachment(session, me.linkToken, PNG_BYTES, 'image/png');
      expect((await completeAttachment(session, me.linkToken, grant.file_id)).status).toBe(200);
      expect((await api(me.token, 'GET', `/uploads/${grant.file_id}`)).status).toBe(200);
      const path =
        end === 'revoke' ? `/layman-statements/${me.id}/link` : `/layman-statements/${me.id}`;
      expect((await api(me.token, 'DELETE', path)).status).toBe(204);
      expect((await api(me.token, 'GET', `/uploads/${grant.file_id}`)).status, end).toBe(404);
    }
    const kept = await veteranWithRequest('attachment.orphan.submitted@example.com');
    const session = await anonymousSession();
    const grant = await grantAttachment(session, kept.linkToken, PNG_BYTES, 'image/png');
    expect((await completeAttachment(session, kept.linkToken, grant.file_id)).status).toBe(200);
    const submitted = await call(
      signer(session, kept.linkToken),
      'POST',
      '/layman-statements/by-token/submit',
      { ...SUBMISSION, attachment_file_id: grant.file_id },
    );
    expect(submitted.status, submitted.text).toBe(204);
    expect((await api(kept.token, 'DELETE', `/layman-statements/${kept.id}`)).status).toBe(204);
    expect((await api(kept.token, 'GET', `/uploads/${grant.file_id}`)).status).toBe(200);
    expect(await vault(kept.token)).toHaveLength(1);
  });

  it('[LAYMAN][ATTACHMENT]: no token reaches the logs', () => {
    const log = app.logLines.join('\n');
    expect(app.logLines.length).toBeGreaterThan(10);
    expect(log).not.toMatch(/layman-sign\/[A-Za-z0-9_-]{43}/);
    expect(log).not.toContain('x-layman-token');
    expect(log).not.toContain('Quillfeather');
  });
});

describe('[LAYMAN STATEMENTS][ATTACHMENTS][CAP]', () => {
  let billed: TestApp;
  let billedUrl: string;
  beforeAll(async () => {
    ({ app: billed, url: billedUrl } = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_attachment', STRIPE_WEBHOOK_SECRET: 'whsec_attachment' },
    }));
  });
  afterAll(async () => billed.close());

  const send = async (headers: Record<string, string>, path: string, body: unknown) => {
    const response = await fetch(`${billedUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  it('[LAYMAN][ATTACHMENT][CAP]: the veteran’s full storage is told to the witness without the veteran’s figures or an upgrade', async () => {
    const me = await signIn(billed, 'attachment.cap@example.com');
    const disability = await send(bearer(me.token), '/disabilities', { title: CONDITION });
    expect(disability.status).toBe(201);
    const made = await send(bearer(me.token), '/layman-statements', {
      disability_id: disability.json.id,
      ...WITNESS,
    });
    expect(made.status).toBe(201);
    const linkToken = tokenOf(laymanLinkSchema.parse(made.json).token_link);
    // The veteran's own upload under way leaves no room.
    const MB = 1024 * 1024;
    const own = await send(bearer(me.token), '/uploads', {
      kind: 'document',
      filename: 'c-file.pdf',
      content_type: 'application/pdf',
      size: 500 * MB - 100,
    });
    expect(own.status).toBe(201);

    const anonymous = await fetch(`${billedUrl}/auth/sign-in/anonymous`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const session = anonymous.headers.get('set-auth-token')!;
    const refused = await send(
      { ...bearer(session), 'x-layman-token': linkToken },
      '/layman-statements/by-token/upload',
      { filename: 'photo.png', size: 1000, content_type: 'image/png' },
    );
    expect(refused.status).toBe(409);
    const envelope = errorEnvelopeSchema.parse(refused.json);
    expect(envelope.code).toBe(ERR.INVALID_STATE);
    expect(envelope.detail).toMatch(/^The veteran’s file storage is full/);
    // Nothing of the veteran's plan or use, and nothing a client reads as an upgrade offer.
    expect(refused.json).not.toHaveProperty('quota');
    expect(JSON.stringify(refused.json)).not.toMatch(/quota|limit|MB/i);
  });
});
