import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdFor } from '#src/plugins/external/openapi.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { ROUTE_SECURITY } from '../../helpers/route-security.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  tags?: string[];
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/**
 * Routes left out of the document on purpose: the document itself, the providers' browser return
 * and the signed storage links (their addresses come from upload answers, not from callers).
 */
const UNDOCUMENTED = [
  'GET /openapi.json',
  'GET /auth/callback/:providerId',
  'GET /storage/local/:token',
  'PUT /storage/local/:token',
];
/** Public routes that also read a token when one is sent: the token is optional for them. */
const OPTIONAL_BEARER = ['GET /auth/get-session', 'POST /auth/sign-out'];
const BEARER = [{ bearerAuth: [] }];

let app: TestApp;
let document: OpenApiDocument;
let text: string;
beforeAll(async () => {
  app = await buildTestApp({ withJobs: true });
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  text = response.body;
  document = response.json() as OpenApiDocument;
});
afterAll(async () => app.close());

/** `GET /users/{userId}` for every operation of the document. */
function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
  );
}
const asDocumentKey = (route: string) => route.replace(/:([A-Za-z]+)/g, '{$1}');

describe('[OPENAPI]', () => {
  it('[OPENAPI]: operation ids come from method and path', () => {
    expect(operationIdFor('GET', '/users/:userId/export')).toBe('getUsersByUserIdExport');
    expect(operationIdFor('POST', '/auth/email-otp/send-verification-otp')).toBe(
      'postAuthEmailOtpSendVerificationOtp',
    );
    expect(operationIdFor('GET', '/health')).toBe('getHealth');
  });

  it('[OPENAPI]: an OpenAPI 3.1 document with a bearer scheme and no global security', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Muster API', version: expect.any(String) });
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(document.security).toBeUndefined();
    for (const [key, operation] of operations()) {
      expect(Object.keys(operation.responses ?? {}), key).not.toHaveLength(0);
      expect(operation.tags, key).toHaveLength(1);
    }
  });

  it('[OPENAPI]: every operation has its own operationId', () => {
    const ids = operations().map(([key, operation]) => {
      expect(operation.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return operation.operationId;
    });
    expect(ids.length).toBeGreaterThan(30);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('[OPENAPI]: documents every route of the security matrix; protected ones declare the bearer token, open ones none', () => {
    const documented = new Map(operations());
    const expected = Object.keys(ROUTE_SECURITY).filter((route) => !UNDOCUMENTED.includes(route));
    expect([...documented.keys()].sort()).toEqual(expected.map(asDocumentKey).sort());
    for (const route of expected) {
      const security = documented.get(asDocumentKey(route))!.security;
      const kind = ROUTE_SECURITY[route];
      if (kind === 'user' || kind === 'owned' || kind === 'token')
        expect(security, route).toEqual(BEARER);
      else if (OPTIONAL_BEARER.includes(route)) expect(security, route).toEqual([...BEARER, {}]);
      else expect(security, route).toEqual([]);
    }
  });

  it('[OPENAPI]: no two paths differ only in their parameter names', () => {
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((shape, index) => shapes.indexOf(shape) !== index)).toEqual([]);
  });

  it('[OPENAPI]: the recommended lint rules find no errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map(
        (problem) =>
          `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`,
      );
    expect(errors).toEqual([]);
  });
});
