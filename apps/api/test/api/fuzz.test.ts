import fc from 'fast-check';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@muster/contract/errors';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

/**
 * Sends generated bad input to every route of the route table: JSON bodies of every shape, broken
 * JSON, odd content types and odd path parameters. No answer may be a 5xx, and every 4xx must be
 * the error envelope. Later issues' routes are covered by being registered.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    // A probe with a strict body, so the harness itself is proven to reach validation.
    beforeReady: (instance) => {
      instance.withTypeProvider<ZodTypeProvider>().post(
        '/__probe/fuzz/:id',
        {
          schema: {
            params: z.object({ id: z.uuid() }),
            body: z.object({ name: z.string().min(1).max(50), tags: z.array(z.string()).max(5) }),
          },
        },
        async () => ({ ok: true }),
      );
    },
  });
});
afterAll(async () => app.close());

const pathValue = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }).filter((s) => s.length > 0),
  fc.constantFrom('0', '-1', '..', '%00', 'null', 'undefined', '9'.repeat(40)),
);

const badBody = fc.oneof(
  fc.jsonValue().map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })),
  fc.string({ maxLength: 200 }).map((text) => ({ type: 'application/json', payload: text })),
  fc.string({ maxLength: 200 }).map((text) => ({ type: 'text/plain', payload: text })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ type: 'application/octet-stream', payload: Buffer.from(bytes) })),
  fc.constant({ type: 'application/json', payload: '' }),
);

function fillPath(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(value)).replace('*', encodeURIComponent(value));
}

describe('[FUZZ]: generated bad input never produces a 5xx', () => {
  it('[FUZZ]: the route table lists the API routes', () => {
    const urls = app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /health', 'GET /ready', 'POST /__probe/fuzz/:id']));
  });

  it('[FUZZ]: every route answers bad bodies and params with the envelope', async () => {
    const routes = app.routeTable.filter((r) => !r.url.startsWith('/docs'));
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathValue, badBody, async (param, body) => {
          const response = await app.inject({
            method: route.method as 'GET',
            url: fillPath(route.url, param),
            headers: { 'content-type': body.type },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body.payload }),
          });
          if (response.statusCode >= 500 && route.url !== '/ready') {
            throw new Error(`${route.method} ${route.url} answered ${response.statusCode}: ${response.body}`);
          }
          if (response.statusCode >= 400) {
            const parsed = errorEnvelopeSchema.safeParse(response.json());
            if (!parsed.success) throw new Error(`${route.method} ${route.url}: not an envelope: ${response.body}`);
          }
        }),
        { numRuns: 40 },
      );
    }
  });

  it('[FUZZ]: the probe route rejects wrong shapes with 400 / 2001 and fields', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const response = await app.inject({
          method: 'POST',
          url: '/__probe/fuzz/7b0b6a4e-8c0a-4a55-9d55-3a1f3c1f2b11',
          payload: JSON.stringify(value),
          headers: { 'content-type': 'application/json' },
        });
        if (response.statusCode !== 200) {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ code: 2001 });
        }
      }),
      { numRuns: 100 },
    );
  });
});
