import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cfileMedicationsSchema, cfileSchema } from '@muster/contract/cfiles';
import { decisionLetterSchema, type DecisionLetter } from '@muster/contract/decision-letters';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { outboxSchema } from '@muster/contract/outbox';
import { uploadGrantSchema } from '@muster/contract/storage';
import { userProfileSchema } from '@muster/contract/users';
import { createScratchPostgresDatabase } from '@muster/db/testing';
import { SESSION_CACHE_TTL_MS } from '#src/modules/auth/session-cache.ts';
import { generateCfilePdf } from '../cfile-extraction/generate-cfile-pdf.ts';
import { freePort } from '../helpers/build-test-app.ts';
import { testPostgresUrl, testRedisUrl } from '../helpers/config.ts';
import { startS3Server } from '../helpers/s3-server.ts';
import { textPdf } from '../helpers/text-pdf.ts';

/**
 * The deployed shape, as real processes: two API replicas (ROLE=api, they answer requests and
 * queue jobs but never run them) and two workers (ROLE=worker), all on one PostgreSQL database,
 * one bucket (s3rver) and one Redis. What one replica starts or records, any other must see: a
 * session signed in on one works on the other and ends everywhere when signed out; a job queued
 * through one replica is run by a worker and read through the other; rate limits count across
 * replicas; and a C-file's chunks of pages are read by both workers.
 *
 * Runs only against PostgreSQL with Redis (PGlite is one process's database).
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');
const LETTER = readFileSync(
  path.join(
    REPO_ROOT,
    'packages/domain/src/decision-letters/fixtures/01-ama-ptsd-increase-hearing.txt',
  ),
  'utf8',
);
/** The limit on `POST /contact` every process is started with. */
const CONTACT_MAX = 4;
/**
 * Text pages in the generated C-file: thirty chunks of the default twenty pages. A worker polls
 * the queue every 2 s; the file must take longer than that to read on a quiet machine (the fast
 * path reads a few hundred pages a second), or the first worker could take every chunk before the
 * second one asks.
 */
const CFILE_PAGES = 600;
const CHUNK_PAGES = 20;

type Role = 'api' | 'worker';
type Child = {
  name: string;
  role: Role;
  url: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  dataDir: string;
};

const enabled = testPostgresUrl !== undefined && testRedisUrl !== undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!enabled)('[REPLICAS] two API processes and two workers', () => {
  const children: Child[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>> | undefined;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let pool: pg.Pool | undefined;
  let api1: Child;
  let api2: Child;
  const suiteStarted = Date.now();
  /** This run's own counters in the shared Redis, so other runs cannot meet them. */
  const redisPrefix = `muster-rl-replicas-${randomBytes(6).toString('hex')}:`;

  /** Starts `node --import tsx server.ts` with the shared settings and its own port and DATA_DIR. */
  async function start(name: string, role: Role, shared: Record<string, string>) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), `muster-${name}-`));
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      cwd: REPO_ROOT,
      env: {
        // No settings are inherited from this process: only the shared ones below, and the system
        // folders where the workers find pdftotext.
        PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
        HOME: dataDir,
        ...shared,
        ROLE: role,
        API_PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const keep = (chunk: Buffer) => {
      output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (output.length > 200) output.splice(0, output.length - 200);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const started: Child = {
      name,
      role,
      url: `http://127.0.0.1:${port}`,
      process: child,
      output,
      exited,
      dataDir,
    };
    children.push(started);
    return started;
  }

  /** Waits until the process answers 200 on /ready (database reachable, migrations applied). */
  async function ready(child: Child, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    void child.exited.then((code) => (exitCode = code ?? -1));
    while (Date.now() < deadline) {
      if (exitCode !== undefined) break;
      const status = await fetch(`${child.url}/ready`)
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) return;
      await sleep(200);
    }
    throw new Error(
      `${child.name} is not ready${exitCode !== undefined ? ` (exited ${exitCode})` : ''}:\n${child.output.slice(-30).join('\n')}`,
    );
  }

  async function call(
    child: Child,
    method: string,
    route: string,
    options: { token?: string; body?: unknown } = {},
  ) {
    const response = await fetch(`${child.url}${route}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      json: text ? (JSON.parse(text) as unknown) : null,
      text,
    };
  }

  /** The one-time-code sign-in, all on `child`; the code is read from the mail outbox. */
  async function signIn(child: Child, email: string) {
    const sent = await call(child, 'POST', '/auth/email-otp/send-verification-otp', {
      body: { email, type: 'sign-in' },
    });
    expect(sent.status, sent.text).toBe(200);
    const outbox = outboxSchema.parse((await call(child, 'GET', '/dev/outbox')).json);
    const otp = outbox.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (!otp) throw new Error(`no code mailed to ${email}`);
    const signedIn = await call(child, 'POST', '/auth/sign-in/email-otp', {
      body: { email, otp },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const body = signedIn.json as { token: string; user: { id: string } };
    return { token: body.token, userId: body.user.id };
  }

  /** Uploads `bytes` through `child` into the bucket: grant, signed PUT to s3rver, complete. */
  async function upload(
    child: Child,
    token: string,
    kind: 'c-file' | 'decision-letter',
    filename: string,
    bytes: Uint8Array,
  ) {
    const granted = await call(child, 'POST', '/uploads', {
      token,
      body: { kind, filename, content_type: 'application/pdf', size: bytes.length },
    });
    expect(granted.status, granted.text).toBe(201);
    const grant = uploadGrantSchema.parse(granted.json);
    expect(grant.method).toBe('single');
    // The signed URL points at the bucket itself, not at the API.
    expect(grant.url!.startsWith(s3!.env.S3_ENDPOINT)).toBe(true);
    const put = await fetch(grant.url!, {
      method: 'PUT',
      body: bytes,
      headers: { ...grant.headers, 'content-length': String(bytes.length) },
    });
    expect(put.status).toBe(200);
    const completed = await call(child, 'POST', `/uploads/${grant.file_id}/complete`, {
      token,
      body: {},
    });
    expect(completed.status, completed.text).toBe(200);
    return grant.file_id;
  }

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(testPostgresUrl!);
    s3 = await startS3Server();
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const shared: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratch.url,
      REDIS_URL: testRedisUrl!,
      // Every process encrypts and decrypts the same rows and files: one key for all.
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      RATE_LIMIT_REDIS_PREFIX: redisPrefix,
      CONTACT_RATE_LIMIT_MAX: String(CONTACT_MAX),
      CFILE_CHUNK_PAGES: String(CHUNK_PAGES),
      ...s3.env,
    };
    api1 = await start('api-1', 'api', shared);
    api2 = await start('api-2', 'api', shared);
    await start('worker-1', 'worker', shared);
    await start('worker-2', 'worker', shared);
    await Promise.all(children.map((child) => ready(child)));
    console.log(
      `[REPLICAS] four processes ready in ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`,
    );
  }, 150_000);

  afterAll(async () => {
    const stopping = Date.now();
    await Promise.all(
      children.map(async (child) => {
        if (child.process.exitCode !== null || child.process.signalCode !== null) return;
        child.process.kill('SIGTERM');
        const stopped = await Promise.race([child.exited.then(() => true), sleep(12_000)]);
        if (!stopped) {
          child.process.kill('SIGKILL');
          await child.exited;
        }
      }),
    );
    const stopSeconds = ((Date.now() - stopping) / 1000).toFixed(1);
    for (const child of children) rmSync(child.dataDir, { recursive: true, force: true });
    await pool?.end();
    await scratch?.drop();
    // Only this run's counters are removed; nothing else in Redis is touched.
    const redis = new Redis(testRedisUrl!, { maxRetriesPerRequest: 1 });
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${redisPrefix}*`, count: 100 }))
      keys.push(...(batch as string[]));
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await s3?.close();
    console.log(
      `[REPLICAS] processes stopped in ${stopSeconds} s; whole suite ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`,
    );
  }, 60_000);

  it('[REPLICAS]: a session signed in on one replica works on the other, and sign-out ends it on both', async () => {
    const email = `replicas.session.${randomBytes(4).toString('hex')}@example.com`;
    const { token, userId } = await signIn(api1, email);

    const onOther = await call(api2, 'GET', `/users/${userId}`, { token });
    expect(onOther.status, onOther.text).toBe(200);
    expect(userProfileSchema.parse(onOther.json)).toMatchObject({ id: userId, email });
    // api-1 has read the session too (and may keep it in its short session cache).
    expect((await call(api1, 'GET', `/users/${userId}`, { token })).status).toBe(200);

    const out = await call(api2, 'POST', '/auth/sign-out', { token, body: {} });
    expect(out.status, out.text).toBe(200);
    const signedOutAt = Date.now();
    const here = await call(api2, 'GET', `/users/${userId}`, { token });
    expect(here.status).toBe(401);
    expect(errorEnvelopeSchema.parse(here.json).code).toBe(ERR.AUTH_FAILED);

    // The other replica may answer a read from its session cache for at most its lifetime, then
    // refuses the token too.
    let there = await call(api1, 'GET', `/users/${userId}`, { token });
    while (there.status === 200 && Date.now() - signedOutAt < SESSION_CACHE_TTL_MS + 1000) {
      await sleep(200);
      there = await call(api1, 'GET', `/users/${userId}`, { token });
    }
    expect(there.status, there.text).toBe(401);
    expect(errorEnvelopeSchema.parse(there.json).code).toBe(ERR.AUTH_FAILED);
    console.log(
      `[REPLICAS] signed-out token refused by the other replica after ${Date.now() - signedOutAt} ms`,
    );
    // A change is never answered from the cache: refused at once.
    const change = await call(api1, 'PATCH', `/users/${userId}`, {
      token,
      body: { first_name: 'Gone' },
    });
    expect(change.status, change.text).toBe(401);
  });

  it('[REPLICAS]: a job queued through one replica is run by a worker and read through the other', async () => {
    const email = `replicas.jobs.${randomBytes(4).toString('hex')}@example.com`;
    const { token } = await signIn(api1, email);
    const fileId = await upload(
      api1,
      token,
      'decision-letter',
      'decision.pdf',
      await textPdf(LETTER),
    );
    const made = await call(api1, 'POST', '/decision-letters', {
      token,
      body: { file_id: fileId },
    });
    expect(made.status, made.text).toBe(202);
    const { id } = made.json as { id: string };

    const started = Date.now();
    let letter: DecisionLetter | undefined;
    while (Date.now() - started < 30_000) {
      const read = await call(api2, 'GET', `/decision-letters/${id}`, { token });
      expect(read.status, read.text).toBe(200);
      letter = decisionLetterSchema.parse(read.json);
      if (letter.status === 'complete' || letter.status === 'failed') break;
      await sleep(250);
    }
    expect(letter).toMatchObject({ status: 'complete', source: 'upload', error: null });
    expect(letter!.decisions.length).toBeGreaterThan(0);
    console.log(
      `[REPLICAS] decision letter read in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  it('[REPLICAS]: rate limits count across replicas through Redis', async () => {
    const statuses: number[] = [];
    const codes: (number | null)[] = [];
    const replicas = [api1, api2, api1, api2, api1, api2];
    for (const [index, replica] of replicas.entries()) {
      const sent = await call(replica, 'POST', '/contact', {
        body: {
          name: 'Replica Test',
          email: 'replicas.contact@example.com',
          message: `Message number ${index + 1} through ${replica.name}.`,
        },
      });
      statuses.push(sent.status);
      codes.push(sent.status === 429 ? errorEnvelopeSchema.parse(sent.json).code : null);
    }
    // Four in all were allowed, two on each replica; the fifth and sixth are refused wherever
    // they land.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(codes.slice(CONTACT_MAX)).toEqual([ERR.RATE_LIMITED, ERR.RATE_LIMITED]);
  });

  it('[REPLICAS]: a C-file uploaded through one replica is read by both workers, chunk by chunk', async () => {
    const email = `replicas.cfile.${randomBytes(4).toString('hex')}@example.com`;
    const { token } = await signIn(api1, email);
    const { bytes } = await generateCfilePdf({ textPages: CFILE_PAGES, scannedPages: 0 });
    const fileId = await upload(api1, token, 'c-file', 'C-file.pdf', bytes);
    const made = await call(api1, 'POST', '/cfiles', { token, body: { file_id: fileId } });
    expect(made.status, made.text).toBe(202);
    const { id } = made.json as { id: string };

    const started = Date.now();
    let status = 'queued';
    while (Date.now() - started < 120_000) {
      const read = await call(api2, 'GET', `/cfiles/${id}`, { token });
      expect(read.status, read.text).toBe(200);
      const cfile = cfileSchema.parse(read.json);
      status = cfile.status;
      if (status === 'complete' || status === 'failed') break;
      await sleep(250);
    }
    const seconds = (Date.now() - started) / 1000;
    expect(status).toBe('complete');

    const [row] = (
      await pool!.query<{ pages_total: number; pages_done: number }>(
        'select pages_total, pages_done from cfiles where id = $1',
        [id],
      )
    ).rows;
    expect(row).toEqual({ pages_total: CFILE_PAGES, pages_done: CFILE_PAGES });
    // Each chunk keeps the mark of the worker that read it: `<worker>:<run>` in lease_owner.
    const chunks = (
      await pool!.query<{ first_page: number; status: string; worker: string | null }>(
        `select first_page, status, split_part(lease_owner, ':', 1) as worker
           from cfile_chunks where cfile_id = $1 order by first_page`,
        [id],
      )
    ).rows;
    expect(chunks).toHaveLength(CFILE_PAGES / CHUNK_PAGES);
    expect(chunks.every((chunk) => chunk.status === 'done' && chunk.worker)).toBe(true);
    const perWorker = new Map<string, number>();
    for (const chunk of chunks)
      perWorker.set(chunk.worker!, (perWorker.get(chunk.worker!) ?? 0) + 1);
    console.log(
      `[REPLICAS] C-file of ${CFILE_PAGES} pages complete in ${seconds.toFixed(1)} s; chunks per worker: ${JSON.stringify(Object.fromEntries(perWorker))}`,
    );
    // Only the two worker processes run jobs, and each read at least one chunk.
    expect(perWorker.size).toBe(2);
    for (const count of perWorker.values()) expect(count).toBeGreaterThanOrEqual(1);

    const medications = await call(api2, 'GET', `/cfiles/${id}/medications`, { token });
    expect(medications.status, medications.text).toBe(200);
    expect(cfileMedicationsSchema.parse(medications.json).results.length).toBeGreaterThan(0);
  }, 150_000);
});
