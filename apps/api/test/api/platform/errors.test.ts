import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/** Probe routes that exercise each branch of the error handler (registered in this test only). */
function probes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/__probe/validate',
    {
      schema: {
        body: z.object({ email: z.email(), age: z.number().int().min(18) }),
        querystring: z.object({ page: z.coerce.number().int().optional() }),
      },
    },
    async () => ({ ok: true }),
  );
  typed.get('/__probe/crash', async () => {
    throw new Error('secret internal detail: connection to 10.0.0.5 failed');
  });
  typed.get('/__probe/app-error', async () => {
    throw new AppError(ERR.CONFLICT, {
      detail: 'already analysed',
      extra: { quota: { feature: 'x' } },
    });
  });
  typed.get(
    '/__probe/bad-response',
    { schema: { response: { 200: z.object({ id: z.uuid() }) } } },
    async () => ({ id: 'not-a-uuid' }) as unknown as { id: string },
  );
}

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ beforeReady: probes, env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(async () => app.close());

const envelope = (body: unknown) => errorEnvelopeSchema.strict().parse(body);

describe('[ERRORS]: one envelope for every failure', () => {
  it('[ERRORS]: unknown path → 404 / 3002', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(envelope(response.json())).toEqual({
      code: ERR.NOT_FOUND,
      message: 'Not found',
      request_id: response.headers['x-request-id'],
    });
  });

  it('[ERRORS]: validation → 400 / 2001 with validation flag and fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/__probe/validate',
      payload: { email: 'nope', age: 12 },
    });
    expect(response.statusCode).toBe(400);
    const body = envelope(response.json());
    expect(body).toMatchObject({
      code: ERR.INVALID_INPUT,
      message: 'Invalid input provided',
      validation: true,
    });
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['age', 'email']);
  });

  it('[ERRORS]: bad query → 400 / 2001', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/__probe/validate?page=abc',
      payload: { email: 'a@b.co', age: 30 },
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response.json())).toMatchObject({ code: ERR.INVALID_INPUT, validation: true });
  });

  it('[ERRORS]: malformed JSON → 400 / 2001', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/__probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response.json())).toMatchObject({
      code: ERR.INVALID_INPUT,
      detail: 'The request body is not valid JSON',
    });
  });

  it('[ERRORS]: body over the limit → 413 / 2008', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/__probe/validate',
      payload: { email: 'a@b.co', age: 30, pad: 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(envelope(response.json())).toMatchObject({
      code: ERR.TOO_LARGE,
      message: 'File or input too large',
    });
  });

  it('[ERRORS]: unsupported media type → 415 / 2003', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/__probe/validate',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(envelope(response.json())).toMatchObject({ code: ERR.INVALID_FORMAT });
  });

  it('[ERRORS]: AppError keeps its code, detail and extra members', async () => {
    const response = await app.inject({ method: 'GET', url: '/__probe/app-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: ERR.CONFLICT,
      message: 'Resource conflict',
      detail: 'already analysed',
      quota: { feature: 'x' },
      request_id: response.headers['x-request-id'],
    });
  });

  it('[ERRORS]: unexpected error → 500 / 5000 without internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/__probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(envelope(response.json())).toEqual({
      code: ERR.INTERNAL,
      message: 'An unexpected error occurred',
      request_id: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('10.0.0.5');
    expect(response.body).not.toContain('stack');
  });

  it('[ERRORS]: a response that breaks its schema → 500 / 5000', async () => {
    const response = await app.inject({ method: 'GET', url: '/__probe/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(envelope(response.json())).toEqual({
      code: ERR.INTERNAL,
      message: 'An unexpected error occurred',
      request_id: response.headers['x-request-id'],
    });
  });

  it('[ERRORS]: wrong method on a known path → 404 envelope', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/health' });
    expect(response.statusCode).toBe(404);
    expect(envelope(response.json()).code).toBe(ERR.NOT_FOUND);
  });

  it('[ERRORS]: a path parameter over the limit → 414 / 2008, the path not echoed', async () => {
    const response = await app.inject({ method: 'GET', url: `/storage/local/${'q'.repeat(1100)}` });
    expect(response.statusCode).toBe(414);
    expect(envelope(response.json())).toEqual({
      code: ERR.TOO_LARGE,
      message: 'File or input too large',
      detail: 'The address is too long',
      request_id: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('qqqq');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('[ERRORS]: a path parameter that is not valid percent-encoding → 400 / 2001', async () => {
    const response = await app.inject({ method: 'GET', url: '/threads/%E0%A4%Azz' });
    expect(response.statusCode).toBe(400);
    expect(envelope(response.json())).toMatchObject({
      code: ERR.INVALID_INPUT,
      detail: 'The address is not valid',
    });
    expect(response.body).not.toContain('%E0');
  });

  it('[ERRORS]: a method the router does not know → envelope', async () => {
    const response = await app.inject({ method: 'PROPFIND' as 'GET', url: '/health' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(envelope(response.json()).code).toBeTypeOf('number');
  });

  it('[ERRORS]: OPTIONS that is not a preflight → 400 / 2001 envelope', async () => {
    for (const headers of [
      {},
      { origin: 'http://localhost:3000' },
      { 'access-control-request-method': 'GET' },
    ]) {
      const response = await app.inject({ method: 'OPTIONS', url: '/health', headers });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(envelope(response.json())).toMatchObject({
        code: ERR.INVALID_INPUT,
        detail: 'Invalid preflight request',
      });
    }
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/threads',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
  });

  it('[ERRORS]: console.error is not used by the error path', () => {
    const spy = vi.spyOn(console, 'error');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('[OPENAPI]', () => {
  it('[OPENAPI]: /openapi.json is OpenAPI 3.1 built from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas?: Record<string, unknown> };
    };
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/health', '/ready']));
    expect(JSON.stringify(spec.paths['/ready'])).toContain('503');
  });

  it('[OPENAPI]: the docs UI is served at /docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('[SECURITY]: headers and CORS', () => {
  it('[SECURITY]: helmet headers are set', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('[SECURITY]: CORS allows the app and site origins only, and exposes the auth token header', async () => {
    for (const origin of ['http://localhost:3000', 'http://localhost:3002']) {
      const response = await app.inject({
        method: 'OPTIONS',
        url: '/health',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    }
    const allowed = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(allowed.headers['access-control-expose-headers']).toContain('set-auth-token');
    const evil = await app.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[SECURITY]: a preflight from the app may send the link token headers (signing, upload, share)', async () => {
    for (const header of ['x-layman-token', 'x-provider-token', 'x-share-token']) {
      const response = await app.inject({
        method: 'OPTIONS',
        url: '/shared',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'GET',
          'access-control-request-headers': `authorization,${header}`,
        },
      });
      expect(response.statusCode, header).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(
        String(response.headers['access-control-allow-headers']).split(/,\s*/),
        header,
      ).toContain(header);
    }
  });
});
