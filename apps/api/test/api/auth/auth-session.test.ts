import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@muster/contract/errors';
import { SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '@muster/contract/auth';
import { threadPageSchema } from '@muster/contract/threads';
import { session, threads } from '@muster/db/schema/index';
import { sessionTokenOf } from '#src/modules/auth/require-user.ts';
import { bearer, latestCode, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

let app: TestApp;
/** Every statement the app's pool ran since the last `statements.length = 0`. */
const statements: string[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  // Each pooled client is wrapped the first time it is handed out, so nothing escapes the count.
  const wrapped = new WeakSet<pg.PoolClient>();
  app.database.pool.on('acquire', (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      statements.push(
        typeof first === 'string' ? first : String((first as { text?: unknown }).text),
      );
      return query(...args);
    };
  });
});
afterAll(async () => app.close());

const get = (url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

async function expiresAtOf(token: string): Promise<Date> {
  const [row] = await app.database.db
    .select({ expiresAt: session.expiresAt })
    .from(session)
    .where(eq(session.token, token));
  if (!row) throw new Error('no session');
  return row.expiresAt;
}

describe('[AUTH][SESSION-COST]', () => {
  it('[AUTH]: a signed-in read of the thread list runs two statements: the session and the page with its total', async () => {
    const me = await signIn(app, 'cost.reader@example.com');
    await app.database.db
      .insert(threads)
      .values(Array.from({ length: 12 }, (_, i) => ({ userId: me.userId, title: `Thread ${i}` })));
    statements.length = 0;
    const response = await get('/threads?page_size=8', me.token);
    expect(response.statusCode, response.body).toBe(200);
    const page = threadPageSchema.parse(response.json());
    expect(page.results).toHaveLength(8);
    expect(page.meta).toEqual({ page: 1, page_size: 8, total: 12 });
    expect(statements).toHaveLength(2);
    expect(statements.filter((text) => /from "session"/.test(text))).toHaveLength(1);
    // Reading never writes the session while it is younger than the update age.
    expect(statements.some((text) => /^\s*(update|insert|delete)/i.test(text))).toBe(false);
  });

  it('[AUTH]: a session older than the update age slides to a full lifetime on its next use', async () => {
    const me = await signIn(app, 'cost.slider@example.com');
    const fresh = await expiresAtOf(me.token);
    expect((await get('/threads', me.token)).statusCode).toBe(200);
    expect(await expiresAtOf(me.token)).toEqual(fresh);

    const aged = new Date(
      Date.now() + (SESSION_TTL_SECONDS - SESSION_UPDATE_AGE_SECONDS - 60) * 1000,
    );
    await app.database.db
      .update(session)
      .set({ expiresAt: aged })
      .where(eq(session.token, me.token));
    // Changed behind the app's back (as another replica would): this instance's cached copy only
    // expires with its TTL, so the test drops it rather than wait.
    app.sessionCache.clear();
    const before = Date.now();
    expect((await get('/threads', me.token)).statusCode).toBe(200);
    const slid = (await expiresAtOf(me.token)).getTime();
    expect(slid).toBeGreaterThanOrEqual(before + SESSION_TTL_SECONDS * 1000 - 1000);
    expect(slid).toBeLessThanOrEqual(Date.now() + SESSION_TTL_SECONDS * 1000 + 1000);
  });

  it('[AUTH]: sign-out revokes the token at once: the next read answers 401 / 1001', async () => {
    const me = await signIn(app, 'cost.leaver@example.com');
    expect((await get('/threads', me.token)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: bearer(me.token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await get('/threads', me.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: ERR.AUTH_FAILED });
  });

  it('[AUTH]: an expired session answers 1002, in its bare and its signed form', async () => {
    const email = 'cost.expired@example.com';
    const sent = await app.inject({
      method: 'POST',
      url: '/auth/email-otp/send-verification-otp',
      payload: { email, type: 'sign-in' },
    });
    expect(sent.statusCode).toBe(200);
    const otp = await latestCode(app, email);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/auth/sign-in/email-otp',
      payload: { email, otp },
    });
    const bare = (signedIn.json() as { token: string }).token;
    // The signed form the library hands out in a header (percent-encoded `token.signature`).
    const signed = signedIn.headers['set-auth-token'];
    expect(typeof signed === 'string' && signed.startsWith(`${bare}.`)).toBe(true);
    for (const token of [bare, signed as string])
      expect((await get('/threads', token)).statusCode).toBe(200);
    await app.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, bare));
    app.sessionCache.clear();
    for (const token of [bare, signed as string]) {
      const response = await get('/threads', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: ERR.SESSION_EXPIRED,
        message: 'Session expired',
      });
    }
  });

  it('[AUTH]: a token whose signature does not match names no session (1001)', async () => {
    const me = await signIn(app, 'cost.forger@example.com');
    const forged = `${me.token}.${'A'.repeat(43)}=`;
    const response = await get('/threads', forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: ERR.AUTH_FAILED });
  });
});

describe('[AUTH][BEARER-FORMS]', () => {
  const secret = 'test secret';
  it('[AUTH]: a bare token is taken as it is; a signed one only with the HMAC of its token', () => {
    const signature = createHmac('sha256', secret).update('abc123').digest('base64');
    expect(sessionTokenOf('abc123', secret)).toBe('abc123');
    expect(sessionTokenOf(`abc123.${signature}`, secret)).toBe('abc123');
    expect(sessionTokenOf(encodeURIComponent(`abc123.${signature}`), secret)).toBe('abc123');
    expect(sessionTokenOf(`abc124.${signature}`, secret)).toBeUndefined();
    expect(sessionTokenOf(`abc123.${signature}`, 'another secret')).toBeUndefined();
    expect(sessionTokenOf(`abc123.${signature.slice(0, -1)}`, secret)).toBeUndefined();
    expect(sessionTokenOf(`a.b.${signature}`, secret)).toBeUndefined();
    expect(sessionTokenOf(`.${signature}`, secret)).toBeUndefined();
  });
});
