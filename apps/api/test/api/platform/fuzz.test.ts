import fc from 'fast-check';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { userProfiles } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { fuzzMeasure, fuzzRuns, fuzzSeed, testDatabaseKind } from '../../helpers/config.ts';
import { bodiesFor, queriesFor, type FuzzBody } from '../../helpers/fuzz-input.ts';

/**
 * Sends generated bad input to every route of the route table: JSON bodies of every shape, broken
 * JSON, odd content types and odd path parameters, first without credentials, then as a signed-in
 * user (and sometimes an anonymous session) with bodies built from each route's own schema. No
 * answer may be a 5xx, and every 4xx must be the error envelope. Later issues' routes are covered
 * by being registered.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    // Jobs run (account deletion needs the queue); the stricter per-route limits would answer 429
    // before the body is ever read.
    withJobs: true,
    // VA is configured (at a closed loopback port: nothing leaves the machine) so its routes reach
    // validation and their not-connected answers, not the deliberate 503 of a server without VA.
    env: {
      CONTACT_RATE_LIMIT_MAX: '1000000',
      CALCULATOR_RATE_LIMIT_MAX: '1000000',
      LIGHTHOUSE_CLIENT_ID: 'fuzz-va-client',
      LIGHTHOUSE_CLIENT_SECRET: 'fuzz-va-secret',
      LIGHTHOUSE_API_URL: 'http://127.0.0.1:9/services',
      LIGHTHOUSE_AUTHORIZATION_URL: 'http://127.0.0.1:9/oauth2/authorization',
      LIGHTHOUSE_TOKEN_URL: 'http://127.0.0.1:9/oauth2/token',
      LIGHTHOUSE_REVOKE_URL: 'http://127.0.0.1:9/oauth2/revoke',
    },
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
  fc
    .uint8Array({ maxLength: 200 })
    .map((bytes) => ({ type: 'application/octet-stream', payload: Buffer.from(bytes) })),
  fc.constant({ type: 'application/json', payload: '' }),
);

function fillPath(url: string, value: string): string {
  return url
    .replace(/:[A-Za-z_]+/g, () => encodeURIComponent(value))
    .replace('*', encodeURIComponent(value));
}

describe('[FUZZ]: generated bad input never produces a 5xx', () => {
  it('[FUZZ]: the route table lists the API routes', () => {
    const urls = app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /health', 'GET /ready', 'POST /__probe/fuzz/:id']),
    );
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
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { payload: body.payload }),
          });
          if (response.statusCode >= 500 && route.url !== '/ready') {
            throw new Error(
              `${route.method} ${route.url} answered ${response.statusCode}: ${response.body}`,
            );
          }
          if (response.statusCode >= 400) {
            const parsed = errorEnvelopeSchema.safeParse(response.json());
            if (!parsed.success)
              throw new Error(`${route.method} ${route.url}: not an envelope: ${response.body}`);
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
          expect(response.json()).toMatchObject({ code: ERR.INVALID_INPUT });
        }
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * Signed-in fuzz. Every JSON route (and every route with a query schema) gets `fuzzRuns` inputs
 * generated from its own zod schema and mutated, as a signed-in user, about one in ten with an
 * anonymous session instead. Path parameters name the caller's own resources, so the input reaches
 * the handler and the database rather than stopping at "not found".
 */
type Tally = {
  sent: number;
  ok: number;
  client: number;
  server: number;
  notEnvelope: number;
  examples: string[];
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Raw-body routes that are authorized by their own signature, not JSON: the unsigned fuzz covers them. */
const RAW_ROUTES = new Set(['PUT /storage/local/:token']);
/**
 * The auth library's own endpoints that the API forwards and that take a body, with the body shape
 * the library documents (their routes declare none). Fuzzed and counted like the rest; sign-out
 * comes last since it ends the session. Its other endpoints are not served at all (a test of the
 * auth module walks them).
 */
const AUTH_PASSTHROUGH: [string, z.ZodType][] = [
  ['/auth/sign-in/anonymous', z.object({})],
  ['/auth/sign-out', z.object({})],
];
const AUTH_PASSTHROUGH_URLS = new Set(AUTH_PASSTHROUGH.map(([url]) => url));

const tallies = new Map<string, Tally>();
const tallyFor = (key: string) => {
  let tally = tallies.get(key);
  if (!tally)
    tallies.set(
      key,
      (tally = { sent: 0, ok: 0, client: 0, server: 0, notEnvelope: 0, examples: [] }),
    );
  return tally;
};

function show(payload: string | Buffer): string {
  const text = typeof payload === 'string' ? payload : `<${payload.length} bytes>`;
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…(${text.length})` : text);
}

async function send(
  key: string,
  request: { method: string; url: string; token: string; body?: FuzzBody },
) {
  const response = await app.inject({
    method: request.method as 'POST',
    url: request.url,
    headers: {
      ...bearer(request.token),
      ...(request.body ? { 'content-type': request.body.type } : {}),
    },
    ...(request.body ? { payload: request.body.payload } : {}),
  });
  const tally = tallyFor(key);
  tally.sent += 1;
  const what = request.body ? `${request.body.kind} ${show(request.body.payload)}` : request.url;
  if (response.statusCode >= 500) {
    tally.server += 1;
    if (tally.examples.length < 3)
      tally.examples.push(`${response.statusCode} for ${what}: ${response.body.slice(0, 200)}`);
  } else if (response.statusCode >= 400) {
    tally.client += 1;
    if (!errorEnvelopeSchema.safeParse(safeJson(response.body)).success) {
      tally.notEnvelope += 1;
      if (tally.examples.length < 3)
        tally.examples.push(
          `${response.statusCode} not an envelope for ${what}: ${response.body.slice(0, 200)}`,
        );
    }
  } else {
    tally.ok += 1;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function report(keys: string[]) {
  if (!fuzzMeasure) return;
  const rows = keys.map((key) => {
    const t = tallyFor(key);
    return `${key.padEnd(56)} ${String(t.sent).padStart(6)} ${String(t.ok).padStart(6)} ${String(t.client).padStart(6)} ${String(t.server).padStart(6)} ${String(t.notEnvelope).padStart(6)}`;
  });
  const total = keys.reduce((sum, key) => sum + tallyFor(key).server, 0);
  const sent = keys.reduce((sum, key) => sum + tallyFor(key).sent, 0);
  console.info(
    [
      `fuzz on ${testDatabaseKind}, seed ${fuzzSeed}, ${fuzzRuns} per route: ${sent} requests, ${total} answered 5xx`,
      `${'route'.padEnd(56)} ${'sent'.padStart(6)} ${'2xx'.padStart(6)} ${'4xx'.padStart(6)} ${'5xx'.padStart(6)} ${'!env'.padStart(6)}`,
      ...rows,
      ...keys.flatMap((key) => tallyFor(key).examples.map((e) => `  ${key}: ${e}`)),
    ].join('\n'),
  );
}

function failuresOf(keys: string[]) {
  return keys
    .filter((key) => tallyFor(key).server > 0 || tallyFor(key).notEnvelope > 0)
    .map(
      (key) =>
        `${key}: ${tallyFor(key).server} × 5xx, ${tallyFor(key).notEnvelope} × not an envelope (seed ${fuzzSeed})\n  ${tallyFor(key).examples.join('\n  ')}`,
    );
}

/** A generous bound for a whole pass (PostgreSQL in CI is the slow case); the tests assert no timing. */
const passTimeout = (routes: number) => 120_000 + routes * fuzzRuns * 60;

describe('[FUZZ][SIGNED-IN]: inputs built from each route’s schema never produce a 5xx', () => {
  let user: { token: string; userId: string };
  let leaving: { token: string; userId: string };
  let keeping: { token: string; userId: string };
  let passthroughUser: { token: string; userId: string };
  let anonymous: string;
  let threadId: string;
  let veteranId: string;
  /** The fuzz user's disability and one record of each kind under it, by path parameter. */
  const disabilityIds: Record<string, string> = {};

  beforeAll(async () => {
    user = await signIn(app, 'fuzz.user@example.com');
    // Deletion signs its user out: it gets its own account so the other routes keep a session.
    leaving = await signIn(app, 'fuzz.leaving@example.com');
    // Keeping the account is fuzzed for an account whose deletion is pending.
    keeping = await signIn(app, 'fuzz.keeping@example.com');
    await app.database.db
      .update(userProfiles)
      .set({ isDeleted: true, deletionRequestedAt: new Date() })
      .where(eq(userProfiles.id, keeping.userId));
    passthroughUser = await signIn(app, 'fuzz.passthrough@example.com');
    const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
    anonymous = anon.headers['set-auth-token'] as string;
    expect(anonymous).toBeTruthy();
    const thread = await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(user.token),
      payload: { title: 'Fuzz' },
    });
    threadId = thread.json<{ id: string }>().id;
    const veteran = await app.inject({
      method: 'POST',
      url: '/veterans',
      headers: bearer(user.token),
      payload: { first_name: 'Fuzz', last_name: 'Record' },
    });
    veteranId = veteran.json<{ id: string }>().id;
    const create = async (url: string, payload: Record<string, unknown>) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: bearer(user.token),
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const disability = await create('/disabilities', { title: 'Fuzz knee' });
    const primary = await create('/disabilities', { title: 'Fuzz back' });
    const base = `/disabilities/${disability}`;
    const condition = await create(`${base}/mental-health-conditions`, { condition: 'ptsd' });
    const nested = `${base}/mental-health-conditions/${condition}`;
    Object.assign(disabilityIds, {
      id: disability,
      conditionId: condition,
      secondaryId: await create(`${base}/secondary-disabilities`, { primary_ids: [primary] }),
      exposureId: await create(`${base}/exposures`, { kind: 'camp_lejeune' }),
      treatmentId: await create(`${base}/treatments`, { facility_name: 'Fuzz clinic' }),
      eventId: await create(`${nested}/traumatic-events`, { description: 'Fuzz event' }),
      changeId: await create(`${nested}/behavior-changes`, { change: 'lethargy' }),
      reportId: await create(`${nested}/official-reports`, { report_type: 'medical' }),
      sourceId: await create(`${nested}/evidence-sources`, { source_type: 'clergy' }),
      criterion: 'A',
    });
  });

  /** Paths under a disability name the fuzz user's disability and records. */
  const withDisabilityIds = (url: string) =>
    url.startsWith('/disabilities/')
      ? url.replace(/:([A-Za-z]+)/g, (name, key: string) => disabilityIds[key] ?? name)
      : url;

  const ownPath = (url: string, owner: { userId: string }) =>
    withDisabilityIds(url)
      .replace(':userId', owner.userId)
      .replace('/threads/:id', `/threads/${threadId}`)
      .replace('/veterans/:id', `/veterans/${veteranId}`)
      .replace(/:[A-Za-z_]+/g, owner.userId);

  const jsonRoutes = () =>
    app.routeTable.filter(
      (r) =>
        WRITE_METHODS.has(r.method) &&
        r.method !== 'DELETE' &&
        !r.url.startsWith('/docs') &&
        !r.url.startsWith('/__probe') &&
        !AUTH_PASSTHROUGH_URLS.has(r.url) &&
        !RAW_ROUTES.has(`${r.method} ${r.url}`),
    );

  it(
    '[FUZZ]: every JSON route answers schema-shaped bad bodies with the envelope, never a 5xx',
    { timeout: passTimeout(30) },
    async () => {
      const routes = jsonRoutes();
      expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
        expect.arrayContaining(['POST /threads', 'PATCH /users/:userId', 'POST /contact']),
      );
      const keys: string[] = [];
      for (const [index, route] of routes.entries()) {
        const key = `${route.method} ${route.url}`;
        keys.push(key);
        const owner = route.url.endsWith('/request-deletion')
          ? leaving
          : route.url.endsWith('/cancel-deletion')
            ? keeping
            : user;
        const bodies = fc.sample(bodiesFor(route.bodySchema), {
          numRuns: fuzzRuns,
          seed: fuzzSeed + index,
        });
        for (const [i, body] of bodies.entries()) {
          const token = i % 10 === 9 ? anonymous : owner.token;
          await send(key, { method: route.method, url: ownPath(route.url, owner), token, body });
        }
      }
      report(keys);
      expect(failuresOf(keys)).toEqual([]);
    },
  );

  it(
    '[FUZZ]: every route with a query schema answers bad queries with the envelope, never a 5xx',
    { timeout: passTimeout(10) },
    async () => {
      const routes = app.routeTable.filter(
        (r) =>
          r.method === 'GET' &&
          r.querySchema &&
          !r.url.startsWith('/docs') &&
          !r.url.startsWith('/auth'),
      );
      expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/search', '/threads']));
      const keys: string[] = [];
      for (const [index, route] of routes.entries()) {
        const key = `GET ${route.url} ?query`;
        keys.push(key);
        const queries = fc.sample(queriesFor(route.querySchema), {
          numRuns: fuzzRuns,
          seed: fuzzSeed + 100 + index,
        });
        for (const [i, query] of queries.entries()) {
          const token = i % 10 === 9 ? anonymous : user.token;
          await send(key, { method: 'GET', url: `${ownPath(route.url, user)}?${query}`, token });
        }
      }
      report(keys);
      expect(failuresOf(keys)).toEqual([]);
    },
  );

  it(
    '[FUZZ]: the auth library’s JSON endpoints answer bad bodies with the envelope',
    { timeout: passTimeout(AUTH_PASSTHROUGH.length) },
    async () => {
      const keys: string[] = [];
      for (const [index, [url, schema]] of AUTH_PASSTHROUGH.entries()) {
        const key = `POST ${url}`;
        keys.push(key);
        const bodies = fc.sample(bodiesFor(schema), {
          numRuns: fuzzRuns,
          seed: fuzzSeed + 200 + index,
        });
        for (const [i, body] of bodies.entries()) {
          const token = i % 10 === 9 ? anonymous : passthroughUser.token;
          await send(key, { method: 'POST', url, token, body });
        }
      }
      report(keys);
      expect(failuresOf(keys)).toEqual([]);
    },
  );
});
