import { request as httpRequest } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { signInLockouts, user } from '@muster/db/schema/index';
import { bearer, latestCode, signIn } from '../../helpers/auth.ts';
import { buildTestApp, startTestServer, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * What an attacker tries against sign-in: other spellings of a guarded path, endpoints of the
 * auth library the product does not use, guessing across many codes, and data leaking into logs.
 */
let app: TestApp;
let port: number;
beforeAll(async () => {
  const started = await startTestServer({
    captureLogs: true,
    env: { ANONYMOUS_SIGN_IN_RATE_LIMIT_MAX: '3' },
  });
  app = started.app;
  port = Number(new URL(started.url).port);
});
afterAll(async () => app.close());

/** A raw HTTP request whose path is sent exactly as written (fetch would normalise it). */
function raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; json: () => Record<string, unknown> }>(
    (resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: {
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text,
              json: () => JSON.parse(text) as Record<string, unknown>,
            }),
          );
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    },
  );
}

async function outboxCount(email: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
  return (response.json() as { to: string }[]).filter((mail) => mail.to === email).length;
}

const SEND = '/auth/email-otp/send-verification-otp';
const SIGN_IN = '/auth/sign-in/email-otp';
const respell = (path: string) => [
  path.replace('/auth/', '/auth/./'),
  path.replace('/auth/', '/auth/x/../'),
  path.replace('/auth/', '/auth/%2e/'),
  path.replace('/auth/', '/auth/%2E%2E/auth/'),
  path.replace('/auth/', '/auth//'),
  path.replace('/auth/', '/auth%2f'),
  path.replace('/auth/', '/auth/.%2f'),
];

describe('[AUTH][HARDENING]: another spelling of a path never skips its guards', () => {
  it('[AUTH][HARDENING]: past the per-email send limit, every respelling is refused and mails nothing', async () => {
    const email = 'dots.flood@example.com';
    for (let i = 0; i < 5; i++)
      expect((await raw('POST', SEND, { email, type: 'sign-in' })).status).toBe(200);
    expect((await raw('POST', SEND, { email, type: 'sign-in' })).status).toBe(429);
    for (const path of respell(SEND)) {
      const response = await raw('POST', path, { email, type: 'sign-in' });
      expect([404, 429], `${path} answered ${response.status}`).toContain(response.status);
      expect(errorEnvelopeSchema.safeParse(response.json()).success).toBe(true);
    }
    expect(await outboxCount(email)).toBe(5);
  });

  it('[AUTH][HARDENING]: a locked email gets no token through any respelling', async () => {
    const email = 'dots.locked@example.com';
    expect((await raw('POST', SEND, { email, type: 'sign-in' })).status).toBe(200);
    const otp = await latestCode(app, email);
    await app.database.db.insert(signInLockouts).values({
      emailHash: (await import('#src/modules/auth/auth.ts')).emailHash(email),
      lockedUntil: new Date(Date.now() + 15 * 60_000),
    });
    expect((await raw('POST', SIGN_IN, { email, otp })).json()).toMatchObject({
      code: ERR.ACCOUNT_LOCKED,
    });
    for (const path of respell(SIGN_IN)) {
      const response = await raw('POST', path, { email, otp });
      expect(response.status, `${path}: ${response.body}`).not.toBe(200);
      expect(response.body).not.toContain('token');
    }
  });
});

describe('[AUTH][HARDENING]: only the auth endpoints the product uses are served', () => {
  it('[AUTH][HARDENING]: the /auth routes are exactly the allow-list', () => {
    const authRoutes = app.routeTable
      .filter((route) => route.url.startsWith('/auth'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(authRoutes).toEqual(
      [
        'GET /auth-bridge/oauth/:providerId/start',
        'GET /auth-bridge/oauth/complete',
        'POST /auth-bridge/exchange',
        'GET /auth/providers',
        `POST ${SEND}`,
        `POST ${SIGN_IN}`,
        'GET /auth/get-session',
        'POST /auth/sign-out',
        'POST /auth/sign-in/anonymous',
        'GET /auth/callback/:providerId',
      ].sort(),
    );
  });

  it("[AUTH][HARDENING]: the library's other endpoints answer 404 and mail nothing", async () => {
    const email = 'unused.endpoints@example.com';
    const { token } = await signIn(app, email);
    const before = await outboxCount(email);
    const unused: [string, string, unknown?][] = [
      ['POST', '/auth/forget-password/email-otp', { email }],
      ['POST', '/auth/email-otp/request-password-reset', { email }],
      [
        'POST',
        '/auth/email-otp/reset-password',
        { email, otp: '123456', password: 'x'.repeat(12) },
      ],
      ['POST', '/auth/email-otp/check-verification-otp', { email, otp: '123456', type: 'sign-in' }],
      ['POST', '/auth/email-otp/verify-email', { email, otp: '123456' }],
      ['POST', '/auth/request-password-reset', { email }],
      ['POST', '/auth/send-verification-email', { email }],
      ['POST', '/auth/sign-up/email', { email, password: 'x'.repeat(12), name: 'n' }],
      ['POST', '/auth/sign-in/email', { email, password: 'x'.repeat(12) }],
      ['POST', '/auth/sign-in/social', { provider: 'google' }],
      ['POST', '/auth/update-user', { name: null, image: 'javascript:alert(1)' }],
      ['POST', '/auth/change-email', { newEmail: 'x@example.com' }],
      ['POST', '/auth/delete-user', {}],
      ['GET', '/auth/list-sessions'],
      ['GET', '/auth/list-accounts'],
      ['POST', '/auth/revoke-sessions', {}],
      ['GET', '/auth/one-time-token/generate'],
      ['POST', '/auth/one-time-token/verify', { token: 'x' }],
      ['GET', '/auth/ok'],
      ['POST', '/auth/no-such-endpoint', {}],
    ];
    for (const [method, path, body] of unused) {
      const response = await raw(method, path, body, bearer(token));
      expect(response.status, `${method} ${path}: ${response.body}`).toBe(404);
      expect(response.json()).toMatchObject({ code: ERR.NOT_FOUND });
      expect(response.body).not.toContain(token.split('.')[0]!);
    }
    expect(await outboxCount(email)).toBe(before);
  });
});

describe('[AUTH][HARDENING]: wrong codes', () => {
  it('[AUTH][HARDENING]: wrong codes count across fresh codes: the fifth locks the email', async () => {
    const email = 'many.codes@example.com';
    const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000');
    const statuses: number[] = [];
    for (const guesses of [2, 2, 1]) {
      expect((await raw('POST', SEND, { email, type: 'sign-in' })).status).toBe(200);
      const otp = await latestCode(app, email);
      for (let i = 0; i < guesses; i++)
        statuses.push((await raw('POST', SIGN_IN, { email, otp: wrongFor(otp) })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 403]);
    const otp = await latestCode(app, email);
    const right = await raw('POST', SIGN_IN, { email, otp });
    expect(right.status).toBe(403);
    expect(right.json()).toMatchObject({ code: ERR.ACCOUNT_LOCKED });
    expect((await raw('POST', SEND, { email, type: 'sign-in' })).json()).toMatchObject({
      code: ERR.ACCOUNT_LOCKED,
    });
  });
});

describe('[AUTH][HARDENING]: sessions and profile data', () => {
  it('[AUTH][HARDENING]: a picture address is served only when it is https', async () => {
    const { token, userId } = await signIn(app, 'avatar@example.com');
    const avatar = async () =>
      (await app.inject({ method: 'GET', url: `/users/${userId}`, headers: bearer(token) })).json()
        .avatar_url as unknown;
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://example.com/a.png',
      'https://user:pw@example.com/a.png',
      'not a url',
    ]) {
      await app.database.db.update(user).set({ image: bad }).where(eq(user.id, userId));
      expect(await avatar(), bad).toBeNull();
    }
    await app.database.db
      .update(user)
      .set({ image: 'https://cdn.discordapp.com/avatars/1/a.png' })
      .where(eq(user.id, userId));
    expect(await avatar()).toBe('https://cdn.discordapp.com/avatars/1/a.png');
  });

  it('[AUTH][HARDENING]: anonymous sessions have their own per-client limit', async () => {
    const from = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/sign-in/anonymous',
        payload: {},
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await from('10.20.30.40')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await from('10.20.30.41')).statusCode).toBe(200);
  });
});

describe('[AUTH][HARDENING]: codes sent from one client address', () => {
  it('[AUTH][HARDENING]: past the per-address limit (SIGN_IN_CODE_RATE_LIMIT_MAX) no email gets a code; another address still does', async () => {
    const limited = await buildTestApp({ env: { SIGN_IN_CODE_RATE_LIMIT_MAX: '2' } });
    try {
      const send = (email: string, ip: string) =>
        limited.inject({
          method: 'POST',
          url: SEND,
          payload: { email, type: 'sign-in' },
          remoteAddress: ip,
        });
      const statuses: number[] = [];
      for (const email of ['a.one@example.com', 'a.two@example.com', 'a.three@example.com'])
        statuses.push((await send(email, '10.1.2.3')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await send('a.four@example.com', '10.1.2.3');
      expect(refused.json<{ code: number }>().code).toBe(ERR.RATE_LIMITED);
      expect((await send('a.five@example.com', '10.1.2.4')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('[AUTH][HARDENING]: failures inside the auth library', () => {
  it('[AUTH][HARDENING]: a database error while signing up leaves in the envelope and puts no email or name in any log', async () => {
    const email = 'db.failure.veteran@example.com';
    expect((await raw('POST', SEND, { email, type: 'sign-in' })).status).toBe(200);
    const otp = await latestCode(app, email);
    // Creating the new veteran's profile fails in the database.
    await app.database.db.execute(
      sql.raw(
        `alter table user_profiles add constraint refuse_new check (email <> '${email}') not valid`,
      ),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      app.logLines.length = 0;
      const response = await raw('POST', SIGN_IN, { email, otp });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(errorEnvelopeSchema.safeParse(response.json()).success).toBe(true);
      expect(response.body).not.toContain(email);
      expect(consoleError).not.toHaveBeenCalled();
      const written = stderr.mock.calls.map((call) => String(call[0])).join('\n');
      expect(written).not.toContain(email);
      expect(app.logLines.join('\n')).not.toContain(email);
      expect(app.logLines.join('\n')).not.toContain('db.failure.veteran');
    } finally {
      consoleError.mockRestore();
      stderr.mockRestore();
      await app.database.db.execute(
        sql.raw('alter table user_profiles drop constraint refuse_new'),
      );
    }
  });
});
