import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeSentry } from '../../fakes/sentry-server.ts';
import { buildTestApp, startTestServer } from '../../helpers/build-test-app.ts';

/**
 * Error reporting against a loopback Sentry that speaks its envelope protocol. Sentry's client is
 * global to the process: this is the only test file that starts it, and it starts it once.
 */

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2ZXRlcmFuIn0.c2lnbmF0dXJlLXNlY3JldC12YWx1ZQ';
const EMAIL = 'john.doe.veteran@example.com';
const MEDICAL = 'chronic lumbosacral strain with radiculopathy';

function probes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/__probe/crash',
      { schema: { body: z.object({ email: z.string(), content: z.string() }) } },
      async (request) => {
        // A careless message, and a database error's bound values (anything a veteran typed).
        throw new Error(
          `lookup failed for ${request.body.email} token ${TOKEN}\nparams: ${request.body.content}`,
        );
      },
    );
}

let fake: Awaited<ReturnType<typeof startFakeSentry>>;
beforeAll(async () => {
  fake = await startFakeSentry();
});
afterAll(async () => fake.close());

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

describe('[ERROR-REPORTING]: Sentry only when SENTRY_DSN is set', () => {
  it('[ERROR-REPORTING]: without a DSN the SDK is not loaded and nothing is sent', async () => {
    const app = await buildTestApp({ beforeReady: probes });
    const response = await app.inject({
      method: 'POST',
      url: '/__probe/crash',
      payload: { email: EMAIL, content: MEDICAL },
    });
    expect(response.statusCode).toBe(500);
    await app.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.requestCount()).toBe(0);
    // The SDK keeps its state on this global as soon as it is loaded.
    expect((globalThis as { __SENTRY__?: unknown }).__SENTRY__).toBeUndefined();
  });

  it('[ERROR-REPORTING]: an unexpected error is sent once, tagged with its request id, without personal data', async () => {
    const { app, url } = await startTestServer({
      beforeReady: probes,
      env: { SENTRY_DSN: fake.dsn, SENTRY_ENVIRONMENT: 'test-reports' },
    });
    try {
      const response = await fetch(
        `${url}/__probe/crash?email=${encodeURIComponent(EMAIL)}&q=${encodeURIComponent(MEDICAL)}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TOKEN}`,
            cookie: `session=${TOKEN}`,
            'content-type': 'application/json',
            'x-request-id': 'chosen-by-the-client',
          },
          body: JSON.stringify({ email: EMAIL, content: MEDICAL }),
        },
      );
      expect(response.status).toBe(500);
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(((await response.json()) as { request_id: string }).request_id).toBe(requestId);

      // Client errors are not reported.
      expect((await fetch(`${url}/no/such/thing`)).status).toBe(404);
      const invalid = await fetch(`${url}/__probe/crash`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(invalid.status).toBe(400);
    } finally {
      // Closing the app sends what is queued.
      await app.close();
    }
    await until(() => fake.events().length > 0);
    await new Promise((r) => setTimeout(r, 300));

    const events = fake.events();
    expect(events).toHaveLength(1);
    const event = events[0] as {
      tags?: Record<string, string>;
      environment?: string;
      request?: {
        url?: string;
        query_string?: unknown;
        data?: unknown;
        cookies?: unknown;
        headers?: Record<string, string>;
      };
      user?: unknown;
      exception?: { values?: { type?: string; value?: string }[] };
    };
    expect(event.tags).toMatchObject({ route: '/__probe/crash', method: 'POST' });
    expect(event.tags?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.environment).toBe('test-reports');
    expect(event.exception?.values?.at(-1)?.value).toBe(
      'lookup failed for [email] token [token]\nparams: [redacted]',
    );
    expect(event.user).toBeUndefined();
    // The request is described by its path, method and a few harmless headers only.
    expect(event.request?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__probe\/crash$/);
    expect(event.request?.query_string).toBeUndefined();
    expect(event.request?.data).toBeUndefined();
    expect(event.request?.cookies).toBeUndefined();
    for (const name of Object.keys(event.request?.headers ?? {})) {
      expect(['user-agent', 'content-type', 'content-length', 'accept']).toContain(
        name.toLowerCase(),
      );
    }
    // Nowhere in anything that was sent: the body, the query, the credentials.
    const sent = JSON.stringify(fake.envelopes);
    for (const secret of [
      TOKEN,
      EMAIL,
      'john.doe',
      MEDICAL,
      'lumbosacral',
      'chosen-by-the-client',
    ]) {
      expect(sent, `sent ${secret}`).not.toContain(secret);
    }
    expect(sent).not.toMatch(/"(authorization|cookie)"/i);
    expect(sent).not.toContain('email=');
  });
});
