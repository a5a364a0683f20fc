import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { searchResultSchema } from '@muster/contract/search';
import { threadPageSchema, threadSchema, type Thread } from '@muster/contract/threads';
import { threadCounts, threads } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

async function create(token: string, title?: string | null): Promise<Thread> {
  const response = await app.inject({
    method: 'POST',
    url: '/threads',
    headers: bearer(token),
    payload: title === undefined ? {} : { title },
  });
  expect(response.statusCode, response.body).toBe(201);
  return threadSchema.parse(response.json());
}

async function list(token: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/threads${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return threadPageSchema.parse(response.json());
}

describe('[THREADS]', () => {
  it('[THREADS]: create, read and list newest first with page meta', async () => {
    const me = await signIn(app, 'threads.list@example.com');
    const made: Thread[] = [];
    for (let i = 1; i <= 10; i += 1) made.push(await create(me.token, `Thread ${i}`));
    const untitled = await create(me.token);
    expect(untitled.title).toBeNull();

    const first = await list(me.token, '?page_size=8');
    expect(first.meta).toEqual({ page: 1, page_size: 8, total: 11 });
    expect(first.results.map((t) => t.title)).toEqual([
      null,
      'Thread 10',
      'Thread 9',
      'Thread 8',
      'Thread 7',
      'Thread 6',
      'Thread 5',
      'Thread 4',
    ]);
    const second = await list(me.token, '?page=2&page_size=8');
    expect(second.results.map((t) => t.title)).toEqual(['Thread 3', 'Thread 2', 'Thread 1']);

    const one = await app.inject({
      method: 'GET',
      url: `/threads/${made[0]!.id}`,
      headers: bearer(me.token),
    });
    expect(one.json()).toEqual(made[0]);
  });

  it('[THREADS]: the total is the same on every page, past the last one included', async () => {
    const me = await signIn(app, 'threads.pages@example.com');
    for (let i = 1; i <= 5; i += 1) await create(me.token, `Page thread ${i}`);
    const counts: number[] = [];
    const totals: number[] = [];
    for (const page of [1, 2, 3, 4]) {
      const listed = await list(me.token, `?page=${page}&page_size=2`);
      counts.push(listed.results.length);
      totals.push(listed.meta.total);
    }
    expect(counts).toEqual([2, 2, 1, 0]);
    expect(totals).toEqual([5, 5, 5, 5]);
  });

  it("[THREADS]: another user's thread is not found, cannot be deleted, and is not listed", async () => {
    const owner = await signIn(app, 'threads.owner@example.com');
    const intruder = await signIn(app, 'threads.intruder@example.com');
    const thread = await create(owner.token, 'PTSD stressor notes');
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: `/threads/${thread.id}`,
        headers: bearer(intruder.token),
      });
      expect(response.statusCode).toBe(404);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.NOT_FOUND);
    }
    expect((await list(intruder.token)).meta.total).toBe(0);
    expect((await list(owner.token)).results).toEqual([thread]);
  });

  it('[THREADS]: the total stays exact through every way threads come and go, inside the API or not', async () => {
    const me = await signIn(app, 'threads.counted@example.com');
    const other = await signIn(app, 'threads.counted.other@example.com');
    const db = app.database.db;
    /** The total the list answers, beside a real count of the rows. */
    async function totals(userId: string, token: string) {
      const [counted] = await db
        .select({ value: count() })
        .from(threads)
        .where(eq(threads.userId, userId));
      return { listed: (await list(token, '?page_size=1')).meta.total, counted: counted?.value };
    }
    expect(await totals(me.userId, me.token)).toEqual({ listed: 0, counted: 0 });
    const made = await create(me.token, 'One');
    await create(me.token, 'Two');
    // Many rows in one statement, written straight to the database.
    const bulk = await db
      .insert(threads)
      .values(Array.from({ length: 30 }, (_, i) => ({ userId: me.userId, title: `Bulk ${i}` })))
      .returning({ id: threads.id });
    expect(await totals(me.userId, me.token)).toEqual({ listed: 32, counted: 32 });
    await app.inject({ method: 'DELETE', url: `/threads/${made.id}`, headers: bearer(me.token) });
    await db.delete(threads).where(
      inArray(
        threads.id,
        bulk.slice(0, 10).map((row) => row.id),
      ),
    );
    expect(await totals(me.userId, me.token)).toEqual({ listed: 21, counted: 21 });
    // A thread changing hands moves one from one total to the other.
    await db.update(threads).set({ userId: other.userId }).where(eq(threads.id, bulk[20]!.id));
    expect(await totals(me.userId, me.token)).toEqual({ listed: 20, counted: 20 });
    expect(await totals(other.userId, other.token)).toEqual({ listed: 1, counted: 1 });
    // Emptied: zero, and a page past the end still says so.
    await db.delete(threads).where(eq(threads.userId, me.userId));
    expect(await totals(me.userId, me.token)).toEqual({ listed: 0, counted: 0 });
    expect((await list(me.token, '?page=3')).meta.total).toBe(0);
    const [row] = await db.select().from(threadCounts).where(eq(threadCounts.userId, me.userId));
    expect(row?.total).toBe(0);
  });

  it('[THREADS]: delete removes the thread once; a second delete and malformed ids answer 404', async () => {
    const me = await signIn(app, 'threads.delete@example.com');
    const keep = await create(me.token, 'Keep');
    const gone = await create(me.token, 'Delete me');
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/threads/${gone.id}`,
      headers: bearer(me.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await list(me.token)).results).toEqual([keep]);
    for (const url of [`/threads/${gone.id}`, '/threads/not-a-uuid', "/threads/1'%20OR%201=1"]) {
      const again = await app.inject({ method: 'DELETE', url, headers: bearer(me.token) });
      expect(again.statusCode, url).toBe(404);
      expect(errorEnvelopeSchema.parse(again.json()).code).toBe(ERR.NOT_FOUND);
    }
  });

  it('[THREADS]: bad input gets the error envelope and saves nothing', async () => {
    const me = await signIn(app, 'threads.bad@example.com');
    for (const payload of [{ title: '' }, { title: 'x'.repeat(201) }, { title: 42 }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/threads',
        headers: bearer(me.token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.INVALID_INPUT);
    }
    for (const query of ['?page=0', '?page_size=101', '?page_size=abc']) {
      const response = await app.inject({
        method: 'GET',
        url: `/threads${query}`,
        headers: bearer(me.token),
      });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await list(me.token)).meta.total).toBe(0);
  });

  it('[THREADS][SEARCH]: the palette finds the owner’s threads by title, at most 10, LIKE characters literal', async () => {
    const me = await signIn(app, 'threads.search@example.com');
    const other = await signIn(app, 'threads.search.other@example.com');
    for (let i = 1; i <= 12; i += 1) await create(me.token, `Knee appeal ${i}`);
    await create(me.token, '100% rating');
    await create(me.token, null);
    await create(other.token, 'Knee appeal (not mine)');

    const search = async (token: string, q: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/search?q=${encodeURIComponent(q)}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return searchResultSchema.parse(response.json()).threads;
    };
    const knee = await search(me.token, 'KNEE');
    expect(knee).toHaveLength(10);
    expect(knee[0]!.title).toBe('Knee appeal 12');
    expect(
      knee.every((t) => t.title?.startsWith('Knee appeal') && !t.title.includes('not mine')),
    ).toBe(true);
    expect((await search(me.token, '%')).map((t) => t.title)).toEqual(['100% rating']);
    expect(await search(me.token, '_')).toEqual([]);
    // An empty query lists the newest threads, untitled ones included.
    const latest = await search(me.token, '');
    expect(latest).toHaveLength(10);
    expect(latest[0]!.title).toBeNull();
  });
});
