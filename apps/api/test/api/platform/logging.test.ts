import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { z } from 'zod';
import { threads } from '@muster/db/schema/index';
import { REDACT_PATHS, scrubText, safeUrl, withoutQueryParams } from '#src/lib/logger.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2ZXRlcmFuIn0.c2lnbmF0dXJlLXNlY3JldC12YWx1ZQ';
const OPAQUE = 'Zk3pQ9rT7vX2mN8bL4cW6yH1jS5dF0gA';
const CODE = '482913';
const EMAIL = 'john.doe.veteran@example.com';
const MEDICAL = 'chronic lumbosacral strain with radiculopathy';

/**
 * Fails if a token, one-time code, email or medical text reaches the logs, whichever way it came:
 * headers, query, body, error messages or a careless log call.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    captureLogs: true,
    beforeReady: (instance) => {
      instance.withTypeProvider<ZodTypeProvider>().post(
        '/__probe/log',
        {
          schema: { body: z.object({ email: z.string(), otp: z.string(), content: z.string() }) },
        },
        async (request) => {
          request.log.info(
            { email: request.body.email, otp: request.body.otp, content: request.body.content },
            'handling',
          );
          request.log.info(
            `careless line for ${request.body.email} with code ${request.body.otp} and ${OPAQUE}`,
          );
          throw new Error(`lookup failed for ${request.body.email} token ${TOKEN}`);
        },
      );
      // A query that fails in the database (no such user): its bound values are medical text.
      instance.post('/__probe/db', async () => {
        await instance.database.db
          .insert(threads)
          .values({ userId: 'no-such-user', title: `${MEDICAL}\nsecond line` });
        return {};
      });
    },
  });
});
afterAll(async () => app.close());

describe('[LOGS]: no secrets or personal data in logs', () => {
  it('[LOGS]: requests carrying secrets leave none in the log', async () => {
    await app.inject({
      method: 'POST',
      url: `/__probe/log?code=${CODE}&email=${encodeURIComponent(EMAIL)}&q=${encodeURIComponent(MEDICAL)}`,
      headers: { authorization: `Bearer ${TOKEN}`, cookie: `session=${OPAQUE}` },
      payload: { email: EMAIL, otp: CODE, content: MEDICAL },
    });
    await app.inject({ method: 'GET', url: `/storage/local/${OPAQUE}.${OPAQUE}` });
    const log = app.logLines.join('\n');
    expect(app.logLines.length).toBeGreaterThan(3);
    for (const secret of [TOKEN, OPAQUE, CODE, EMAIL, MEDICAL, 'john.doe']) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
    // The lines are still useful: method, path and status are there.
    expect(log).toContain('/__probe/log');
    expect(log).toContain('"statusCode":500');
  });

  it('[LOGS]: link tokens in request headers are redacted if a header is ever logged', () => {
    const lines: string[] = [];
    const logger = pino(
      { redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      { write: (line: string) => lines.push(line) },
    );
    logger.info({
      req: {
        headers: { 'x-layman-token': OPAQUE, 'x-provider-token': OPAQUE, 'x-share-token': OPAQUE },
      },
    });
    expect(lines.join('\n')).not.toContain(OPAQUE);
  });

  it('[LOGS]: a failed database query is logged without its parameters', async () => {
    const before = app.logLines.length;
    const response = await app.inject({ method: 'POST', url: '/__probe/db' });
    expect(response.statusCode).toBe(500);
    const log = app.logLines.slice(before).join('\n');
    expect(log).toContain('Failed query: insert into \\"threads\\"');
    expect(log).toContain('params: [redacted]');
    expect(log).toContain('"code":"23503"');
    expect(log).not.toContain('lumbosacral');
    expect(log).not.toContain('second line');
    expect(response.body).not.toContain('lumbosacral');
  });

  it('[LOGS]: query parameters are cut from re-thrown query errors too', () => {
    const wrapped = new Error(`Failed query: select 1\nparams: ${MEDICAL},x`);
    expect(withoutQueryParams(wrapped).message).toBe('Failed query: select 1\nparams: [redacted]');
    expect(withoutQueryParams(wrapped).stack).not.toContain('lumbosacral');
  });

  it('[LOGS]: the scrubbers mask emails, codes and tokens in free text', () => {
    expect(scrubText(`mail ${EMAIL} code ${CODE} token ${TOKEN}`)).toBe(
      'mail [email] code [code] token [token]',
    );
    expect(scrubText('rating 70 percent since 2019-01-02')).toBe(
      'rating 70 percent since 2019-01-02',
    );
    expect(safeUrl(`/auth/session?code=${CODE}&next=/x`)).toBe('/auth/session?code=…&next=…');
  });
});
