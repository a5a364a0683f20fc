import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/** Answers that hold no personal data and may be cached, with their policy. */
const PUBLIC_CACHEABLE: Record<string, string> = { 'GET /health': 'no-cache' };

const fill = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id).replace('*', 'anything');

describe('[HEADERS]: Cache-Control', () => {
  let app: TestApp;
  let owner: { token: string; userId: string };
  beforeAll(async () => {
    app = await buildTestApp({ withJobs: true });
    owner = await signIn(app, 'headers.owner@example.com');
  });
  afterAll(async () => app.close());

  it('[HEADERS]: answers with personal data are no-store', async () => {
    await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(owner.token),
      payload: { title: 'Private' },
    });
    for (const url of [
      `/users/${owner.userId}`,
      `/users/${owner.userId}/export`,
      '/threads',
      '/usage',
      '/search?q=Private',
      '/subscriptions',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toContain('no-store');
    }
  });

  it('[HEADERS]: every route answers no-store unless it is declared public', async () => {
    const routes = app.routeTable.filter((r) => !r.url.startsWith('/docs'));
    // Reads first: the writes below may change the account (a deletion request).
    routes.sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const response = await app.inject({
        method: route.method as 'GET',
        url: fill(route.url, owner.userId),
        headers: bearer(owner.token),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const policy = response.headers['cache-control'];
      if (PUBLIC_CACHEABLE[key] && response.statusCode < 400) {
        expect(policy, key).toBe(PUBLIC_CACHEABLE[key]);
      } else {
        expect(policy, `${key} → ${response.statusCode}`).toContain('no-store');
      }
    }
  });

  it('[HEADERS]: errors and unknown paths are no-store', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/no/such/path' },
      { method: 'GET' as const, url: '/threads' },
      { method: 'POST' as const, url: '/calculator/combined-rating', payload: { ratings: 'x' } },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('[HEADERS]: security headers', () => {
  let app: TestApp;
  let owner: { token: string; userId: string };
  beforeAll(async () => {
    app = await buildTestApp();
    owner = await signIn(app, 'headers.helmet@example.com');
  });
  afterAll(async () => app.close());

  /** Helmet's headers with our settings, the same on every answer. */
  const EXPECTED: Record<string, string> = {
    'content-security-policy':
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: validator.swagger.io;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'cross-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('[HEADERS]: every answer carries them: success, signed-in, refused, unknown and invalid', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/health' }),
      await app.inject({ method: 'GET', url: '/threads', headers: bearer(owner.token) }),
      await app.inject({ method: 'GET', url: '/threads', headers: bearer('not-a-session') }),
      await app.inject({ method: 'GET', url: '/threads' }),
      await app.inject({ method: 'GET', url: '/no-such-route' }),
      await app.inject({
        method: 'POST',
        url: '/threads',
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        payload: '{"title":',
      }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 401, 404, 400]);
    for (const response of answers) {
      for (const [name, value] of Object.entries(EXPECTED)) {
        expect(response.headers[name], `${response.statusCode} ${name}`).toBe(value);
      }
    }
  });
});

describe('[HEADERS]: API docs in production', () => {
  const production = {
    NODE_ENV: 'production',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };

  it('[HEADERS]: /docs and /openapi.json are off in production', async () => {
    const app = await buildTestApp({ env: production });
    try {
      for (const url of ['/openapi.json', '/docs', '/docs/']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.NOT_FOUND);
      }
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await app.close();
    }
  });

  it('[HEADERS]: API_DOCS=true serves them in production', async () => {
    const app = await buildTestApp({ env: { ...production, API_DOCS: 'true' } });
    try {
      expect((await app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('[HEADERS]: API_DOCS=false turns them off in development', async () => {
    const app = await buildTestApp({ env: { NODE_ENV: 'development', API_DOCS: 'false' } });
    try {
      expect((await app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
