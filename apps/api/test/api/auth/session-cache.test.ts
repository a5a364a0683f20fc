import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '@muster/contract/auth';
import { ERR } from '@muster/contract/errors';
import { session, threads, userProfiles } from '@muster/db/schema/index';
import { SESSION_CACHE_TTL_MS } from '#src/modules/auth/session-cache.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/** Two instances of the API on one database, as two replicas behind a load balancer. */
let first: TestApp;
let second: TestApp;
/** Statements run through the first instance's pool. */
const statements: string[] = [];

beforeAll(async () => {
  first = await buildTestApp({ withJobs: true });
  second = await buildTestApp({ sameDatabaseAs: first, withJobs: true });
  const wrapped = new WeakSet<pg.PoolClient>();
  first.database.pool.on('acquire', (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = args[0];
      statements.push(typeof text === 'string' ? text : String((text as { text?: unknown }).text));
      return query(...args);
    };
  });
});
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before building them
  await second?.close();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above
  await first?.close();
});

const read = (app: TestApp, token: string) =>
  app.inject({ method: 'GET', url: '/threads?page_size=8', headers: bearer(token) });

/** Polls `app` until the token is refused; answers how long that took (ms) and the answer. */
async function untilRefused(app: TestApp, token: string, startedAt: number) {
  for (;;) {
    const response = await read(app, token);
    if (response.statusCode !== 200) return { ms: Date.now() - startedAt, response };
    if (Date.now() - startedAt > SESSION_CACHE_TTL_MS + 3000) return { ms: Infinity, response };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('[AUTH][SESSION-CACHE]', () => {
  it('[AUTH]: the cache lives at most 5 s', () => {
    expect(SESSION_CACHE_TTL_MS).toBeGreaterThan(0);
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(5000);
  });

  it('[AUTH]: a repeated signed-in read skips the session statement', async () => {
    const me = await signIn(first, 'cache.reader@example.com');
    await first.database.db.insert(threads).values({ userId: me.userId, title: 'Knee' });
    expect((await read(first, me.token)).statusCode).toBe(200);
    statements.length = 0;
    const again = await read(first, me.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(statements).toHaveLength(1);
    expect(statements.some((text) => /from "session"/.test(text))).toBe(false);
  });

  it('[AUTH]: sign-out on one instance: refused there at once, and on the other within 5 s', async () => {
    const me = await signIn(first, 'cache.leaver@example.com');
    // Both instances have the session cached.
    expect((await read(first, me.token)).statusCode).toBe(200);
    expect((await read(second, me.token)).statusCode).toBe(200);
    const out = await first.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: bearer(me.token),
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);
    const signedOutAt = Date.now();
    const here = await read(first, me.token);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toMatchObject({ code: ERR.AUTH_FAILED });
    const there = await untilRefused(second, me.token, signedOutAt);
    expect(there.ms).toBeLessThanOrEqual(5000);
    expect(there.response.statusCode).toBe(401);
    expect(there.response.json()).toMatchObject({ code: ERR.AUTH_FAILED });
  });

  it('[AUTH]: a session deleted on one instance (account deletion) ends on both', async () => {
    const me = await signIn(second, 'cache.deleted@example.com');
    expect((await read(first, me.token)).statusCode).toBe(200);
    expect((await read(second, me.token)).statusCode).toBe(200);
    const deletion = await second.inject({
      method: 'POST',
      url: `/users/${me.userId}/request-deletion`,
      headers: bearer(me.token),
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    const deletedAt = Date.now();
    const here = await read(second, me.token);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toMatchObject({ code: ERR.AUTH_FAILED });
    const there = await untilRefused(first, me.token, deletedAt);
    expect(there.ms).toBeLessThanOrEqual(5000);
    expect(there.response.json()).toMatchObject({ code: ERR.AUTH_FAILED });
  });

  it('[AUTH]: a session removed from the database by anyone is refused within 5 s', async () => {
    const me = await signIn(first, 'cache.revoked@example.com');
    expect((await read(first, me.token)).statusCode).toBe(200);
    await second.database.db.delete(session).where(eq(session.token, me.token));
    const there = await untilRefused(first, me.token, Date.now());
    expect(there.ms).toBeLessThanOrEqual(5000);
    expect(there.response.json()).toMatchObject({ code: ERR.AUTH_FAILED });
  });

  it('[USERS][DELETION]: changes never trust a cached session: a pending deletion blocks them at once', async () => {
    const me = await signIn(first, 'cache.pending@example.com');
    expect((await read(first, me.token)).statusCode).toBe(200);
    // Flagged on the other replica's side, with this instance holding the session in its cache.
    await second.database.db
      .update(userProfiles)
      .set({ isDeleted: true, deletionRequestedAt: new Date() })
      .where(eq(userProfiles.id, me.userId));
    const change = await first.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(me.token),
      payload: { title: 'Blocked' },
    });
    expect(change.statusCode, change.body).toBe(403);
    expect(change.json()).toMatchObject({ code: ERR.FORBIDDEN });
  });
});

describe('[AUTH][REFRESH-FAILED]', () => {
  /** Ages the session so its next use slides it, then makes every update of it fail. */
  async function dueAndUnrefreshable(app: TestApp, token: string) {
    const aged = new Date(
      Date.now() + (SESSION_TTL_SECONDS - SESSION_UPDATE_AGE_SECONDS - 60) * 1000,
    );
    await app.database.db.update(session).set({ expiresAt: aged }).where(eq(session.token, token));
    app.sessionCache.clear();
    await app.database.pool.query(`
      create or replace function muster_test_refuse_session_update() returns trigger
      language plpgsql as $$ begin raise exception 'session update refused'; end $$`);
    await app.database.pool.query(`
      create or replace trigger muster_test_refuse_session_update before update on "session"
      for each row execute function muster_test_refuse_session_update()`);
  }

  async function allowUpdates(app: TestApp) {
    await app.database.pool.query(
      'drop trigger if exists muster_test_refuse_session_update on "session"',
    );
  }

  it('[AUTH]: a sliding refresh that fails answers 401 / 1008 on a signed-in route', async () => {
    const me = await signIn(first, 'refresh.route@example.com');
    await dueAndUnrefreshable(first, me.token);
    try {
      const response = await read(first, me.token);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({
        code: ERR.REFRESH_FAILED,
        message: 'Unable to refresh session',
        request_id: expect.any(String),
      });
    } finally {
      await allowUpdates(first);
    }
    // Once the database takes updates again, the same session slides and works.
    expect((await read(first, me.token)).statusCode).toBe(200);
  });

  it('[AUTH]: a get-session refresh that fails answers 401 / 1008', async () => {
    const me = await signIn(first, 'refresh.get-session@example.com');
    await dueAndUnrefreshable(first, me.token);
    try {
      const response = await first.inject({
        method: 'GET',
        url: '/auth/get-session',
        headers: bearer(me.token),
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({
        code: ERR.REFRESH_FAILED,
        message: 'Unable to refresh session',
        request_id: expect.any(String),
      });
    } finally {
      await allowUpdates(first);
    }
    const again = await first.inject({
      method: 'GET',
      url: '/auth/get-session',
      headers: bearer(me.token),
    });
    expect(again.statusCode, again.body).toBe(200);
    const expiresAt = Date.parse(
      again.json<{ session: { expiresAt: string } }>().session.expiresAt,
    );
    expect(expiresAt).toBeGreaterThan(Date.now() + (SESSION_TTL_SECONDS - 120) * 1000);
  });
});
