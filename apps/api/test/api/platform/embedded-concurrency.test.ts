import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threads } from '@muster/db/schema/index';
import { signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { testDatabaseKind } from '../../helpers/config.ts';

/**
 * Mixed concurrent traffic over a real port: two users read their own profile and create threads
 * while a third keeps updating their profile in a transaction. On the embedded database every
 * statement shares one session, so this is where answers could be handed to the wrong request.
 * Every answer must succeed and carry only its own requester's data, and every acknowledged
 * write must be stored exactly once.
 */
let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer());
});
afterAll(async () => app.close());

type Failure = { request: string; status: number; body: string };

describe("[DB][CONCURRENCY]: one veteran never receives another veteran's answer", () => {
  it(
    `[DB][CONCURRENCY]: 1,200 mixed requests on ${testDatabaseKind}, 0 failures, 0 foreign answers`,
    { timeout: 180_000 },
    async () => {
      const a = {
        ...(await signIn(app, 'conc.alpha@example.com')),
        email: 'conc.alpha@example.com',
      };
      const b = {
        ...(await signIn(app, 'conc.bravo@example.com')),
        email: 'conc.bravo@example.com',
      };
      const p = { ...(await signIn(app, 'conc.papa@example.com')), email: 'conc.papa@example.com' };
      const failures: Failure[] = [];
      const createdTitles = new Map<string, string[]>([
        [a.userId, []],
        [b.userId, []],
      ]);
      const call = async (method: string, path: string, token: string, body?: unknown) => {
        try {
          const response = await fetch(`${url}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
            signal: AbortSignal.timeout(20_000),
          });
          const text = await response.text();
          return {
            status: response.status,
            text,
            json: () => JSON.parse(text) as Record<string, unknown>,
          };
        } catch (error) {
          // No answer at all (a stuck database) counts as a failure of this request.
          return { status: 0, text: String(error), json: () => ({}) as Record<string, unknown> };
        }
      };
      const fail = (request: string, status: number, body: string) =>
        failures.push({ request, status, body: body.slice(0, 300) });

      const readerWriter = async (who: typeof a, worker: number, rounds: number) => {
        for (let i = 0; i < rounds; i += 1) {
          const profile = await call('GET', `/users/${who.userId}`, who.token);
          const mine =
            profile.status === 200 &&
            profile.json().id === who.userId &&
            profile.json().email === who.email;
          if (!mine) fail(`GET /users/${who.email}`, profile.status, profile.text);
          const title = `${who.email} w${worker} #${i}`;
          const created = await call('POST', '/threads', who.token, { title });
          if (created.status === 201 && created.json().title === title)
            createdTitles.get(who.userId)!.push(title);
          else fail(`POST /threads ${title}`, created.status, created.text);
        }
      };
      const patcher = async (worker: number, rounds: number) => {
        for (let i = 0; i < rounds; i += 1) {
          const name = `Papa${worker}x${i}`;
          const updated = await call('PATCH', `/users/${p.userId}`, p.token, { first_name: name });
          const body = updated.status === 200 ? updated.json() : {};
          // Concurrent updates of one profile may each read back the latest of them: any of P's own.
          if (!(
            body.id === p.userId &&
            body.email === p.email &&
            /^Papa\dx\d+$/.test(String(body.first_name))
          )) {
            fail(`PATCH /users/papa ${name}`, updated.status, updated.text);
          }
        }
      };

      const started = performance.now();
      // 6 workers × 2 users × 40 rounds × 2 requests = 960, plus 4 × 60 profile updates = 1,200.
      await Promise.all([
        ...[0, 1, 2, 3, 4, 5].flatMap((worker) => [
          readerWriter(a, worker, 40),
          readerWriter(b, worker, 40),
        ]),
        ...[0, 1, 2, 3].map((worker) => patcher(worker, 60)),
      ]);
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `[DB][CONCURRENCY] ${testDatabaseKind}: 1200 requests in ${seconds.toFixed(2)} s (${(1200 / seconds).toFixed(0)} req/s)\n`,
      );

      expect(failures).toEqual([]);
      // Every acknowledged write is stored once, under its own owner, and nothing else was stored.
      const rows = await app.database.db
        .select({ userId: threads.userId, title: threads.title })
        .from(threads)
        .where(inArray(threads.userId, [a.userId, b.userId, p.userId]));
      for (const who of [a, b]) {
        const stored = rows
          .filter((row) => row.userId === who.userId)
          .map((row) => row.title)
          .sort();
        expect(stored).toEqual([...createdTitles.get(who.userId)!].sort());
        expect(stored).toHaveLength(240);
      }
      expect(rows.filter((row) => row.userId === p.userId)).toEqual([]);
      const papa = await app.database.db
        .select({ id: threads.id })
        .from(threads)
        .where(eq(threads.userId, p.userId));
      expect(papa).toEqual([]);
    },
  );
});
