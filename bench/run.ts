/**
 * `npm run bench:http` (and the first part of `npm run bench`): prints throughput and latency
 * numbers; never a pass/fail test.
 * - HTTP: the real API (PGlite, embedded defaults; PostgreSQL when BENCH_DATABASE_URL is set, in a
 *   scratch database created for the run and dropped after it) on loopback, each route beside a
 *   bare Fastify baseline started in the same run: `/health` beside a hello-world, and the
 *   sidebar's `GET /threads?page_size=8` (a user with 1,000 threads) beside a bare route running
 *   the same indexed query (the 8 latest of those rows) on the same table and database through its
 *   own pool of the same size, and each feature's list (disabilities, veterans, nexus letters, lay
 *   statements, VSO shares: 100 rows each, created through the API) beside a bare route reading
 *   the same page of the same table. Also /ready, an unknown path and the palette's search.
 *   The load generator (autocannon) runs in a child process of its own, so it never shares the
 *   servers' event loop. Each line gives req/s, p50, p99, SQL statements per request (the API's
 *   pool only) and the ratio of req/s to its baseline.
 * - CPU: AES-256-GCM encrypt+decrypt and storage URL signing per second.
 * BENCH_DURATION_S (default 5) sets the seconds per route; BENCH_ROUNDS (default 3) how many
 * times each route is measured, alternating with its baseline (the table gives medians, and each
 * ratio is the median of the rounds' ratios against the baseline measured just before); BENCH_ONLY=
 * pattern (a regular expression) runs only the routes whose label matches it (to profile one).
 * The machine's load average is printed before and after: other work on it skews every number.
 * BENCH_REDIS_URL=redis://… counts rate limits in that Redis, as a multi-replica deployment does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { parseConfig } from '../apps/api/src/config/env.ts';
import { decrypt, encrypt, loadKeyRing } from '../apps/api/src/lib/crypto.ts';
import { createTokenSigner } from '../apps/api/src/modules/storage/signed-token.ts';
import { startApi } from '../apps/api/src/server.ts';
import { threads } from '../packages/db/src/schema/index.ts';
import { reportSummary, type SummaryRow } from './summary.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 50;
/** BENCH_ROUNDS (default 3): how many times every route and its baseline are measured, alternating. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** The API's own pool size (packages/db client default); the baseline gets as many connections. */
const POOL_SIZE = 10;
const AUTOCANNON = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
};

function perSecond(label: string, iterations: number, fn: () => void) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `${label.padEnd(40)} ${Math.round(iterations / seconds).toLocaleString('en-US')} ops/s`,
  );
}

/** Runs autocannon in its own process against `url` and reads its JSON summary. */
function load(
  url: string,
  options: { headers?: Record<string, string>; durationS: number },
): Promise<LoadResult> {
  const args = ['-c', String(CONNECTIONS), '-d', String(options.durationS), '-j', '-n'];
  for (const [name, value] of Object.entries(options.headers ?? {}))
    args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(AUTOCANNON, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`autocannon exited ${code}: ${err.trim()}`));
      resolve(JSON.parse(line) as LoadResult);
    });
  });
}

/** Signs a bench user in through the email-code flow (outbox) and gives them 1,000 threads. */
async function signInForBench(app: Awaited<ReturnType<typeof startApi>>) {
  const email = `bench-${Date.now()}@example.com`;
  await app.inject({
    method: 'POST',
    url: '/auth/email-otp/send-verification-otp',
    payload: { email, type: 'sign-in' },
  });
  const mails = (await app.inject({ method: 'GET', url: '/dev/outbox' })).json<
    { to: string; text: string }[]
  >();
  const otp = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  const signedIn = await app.inject({
    method: 'POST',
    url: '/auth/sign-in/email-otp',
    payload: { email, otp },
  });
  const { token, user } = signedIn.json<{ token: string; user: { id: string } }>();
  const topics = ['knee', 'back', 'tinnitus', 'PTSD', 'sleep apnea'];
  await app.database.db.insert(threads).values(
    Array.from({ length: 1000 }, (_, i) => ({
      userId: user.id,
      title: `${topics[i % topics.length]} question ${i}`,
    })),
  );
  return { token, userId: user.id };
}

/** Rows of each feature's list the bench user holds (the API's default page shows 20 of them). */
const FEATURE_ROWS = 100;
const PAGE_SIZE = 20;

/**
 * Each feature's list route, beside a bare route that runs one indexed query for the same page of
 * the same table (the newest 20 of the user's rows, or all of them for a list the API does not
 * page); the API's route adds auth, validation, the total count and decryption of the fields it
 * keeps encrypted.
 */
const FEATURE_LISTS: readonly { label: string; route: string; table: string; rows: number }[] = [
  { label: 'disabilities', route: '/disabilities', table: 'disabilities', rows: PAGE_SIZE },
  { label: 'veterans', route: '/veterans', table: 'veterans', rows: PAGE_SIZE },
  { label: 'nexus letters', route: '/nexus-letters', table: 'nexus_letters', rows: PAGE_SIZE },
  {
    label: 'lay statements',
    route: '/layman-statements',
    table: 'layman_statements',
    rows: PAGE_SIZE,
  },
  // Shares are listed whole, never paged (every live link stays in reach to be revoked): the
  // baseline reads all of them too.
  { label: 'VSO shares', route: '/vso-shares', table: 'vso_shares', rows: FEATURE_ROWS },
];

/** Gives the bench user FEATURE_ROWS rows of every feature list, created through the API. */
async function seedFeatures(app: Awaited<ReturnType<typeof startApi>>, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const create = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode !== 201) {
      throw new Error(`seeding ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json<{ id: string }>().id;
  };
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (let i = 0; i < FEATURE_ROWS; i++) {
    const disabilityId = await create('/disabilities', { title: `Condition ${i}` });
    await create('/veterans', { first_name: `Bench${i}`, last_name: 'Veteran' });
    await create(`/disabilities/${disabilityId}/nexus-letters`, {});
    await create('/layman-statements', {
      disability_id: disabilityId,
      name: `Witness ${i}`,
      relationship: 'friend',
      witnessed: 'What they saw',
    });
    await create('/vso-shares', {
      items: [{ kind: 'disability', id: disabilityId }],
      expires_at: expiresAt,
    });
  }
}

/**
 * Bare Fastify baselines in this process: a hello-world, and the thread list's indexed query
 * (the 8 latest of a user's rows) through a plain pool; no auth, hooks or schemas.
 */
async function startBaseline(connection: string | pg.ClientConfig, userId: string) {
  const pool = new pg.Pool({
    ...(typeof connection === 'string' ? { connectionString: connection } : connection),
    max: POOL_SIZE,
  });
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  bare.get('/threads', async () => {
    const { rows } = await pool.query(
      'select id, title, created_at, updated_at from threads where user_id = $1 order by created_at desc, id desc limit 8',
      [userId],
    );
    return { results: rows };
  });
  for (const list of FEATURE_LISTS) {
    bare.get(`/lists/${list.table}`, async () => {
      const { rows } = await pool.query(
        `select * from ${list.table} where user_id = $1 order by created_at desc, id desc limit ${list.rows}`,
        [userId],
      );
      return { results: rows };
    });
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (route: string) => `http://127.0.0.1:${port}${route}`,
    async close() {
      await bare.close();
      await pool.end();
    },
  };
}

/** A scratch database on the PostgreSQL server of `url`, dropped by `drop()`. */
async function scratchDatabase(url: string) {
  const name = `muster_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-bench-'));
const scratch = process.env.BENCH_DATABASE_URL
  ? await scratchDatabase(process.env.BENCH_DATABASE_URL)
  : undefined;
try {
  const config = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    ROLE: 'api',
    DATABASE_URL: scratch?.url,
    // BENCH_REDIS_URL: rate-limit counters in Redis (as with several replicas), under a prefix of
    // this run's own so nothing else's counters are touched.
    REDIS_URL: process.env.BENCH_REDIS_URL,
    RATE_LIMIT_REDIS_PREFIX: `muster-bench-${process.pid}:`,
  });
  const app = await startApi(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const apiUrl = (route: string) => `http://127.0.0.1:${port}${route}`;

  // Statements sent through the API's pool (what the app and the auth library run): each client
  // is wrapped the first time the pool hands it out.
  let statements = 0;
  const wrapped = new WeakSet<pg.PoolClient>();
  app.database.pool.on('acquire', (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements++;
      return original(...args);
    };
  });

  const { token, userId } = await signInForBench(app);
  await seedFeatures(app, token);
  const baseline = await startBaseline(app.database.connection, userId);
  const auth = { authorization: `Bearer ${token}` };

  const database = `${scratch ? 'PostgreSQL' : 'PGlite'}${
    process.env.BENCH_REDIS_URL ? ', rate limits in Redis' : ''
  }`;
  const loadBefore = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `HTTP, ${CONNECTIONS} connections, ${DURATION_S} s each, ${database}, load from a separate process:`,
  );
  console.log(
    `  ${'route'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'SQL/req'.padStart(8)} ${'CPU µs'.padStart(7)}  ratio`,
  );
  const runs: {
    label: string;
    url: string;
    headers?: Record<string, string>;
    baseline?: string;
  }[] = [
    { label: 'bare hello-world', url: baseline.url('/hello') },
    { label: 'GET /health', url: apiUrl('/health'), baseline: 'bare hello-world' },
    { label: 'bare 8 latest of 1,000 rows', url: baseline.url('/threads') },
    {
      label: 'GET /threads?page_size=8',
      url: apiUrl('/threads?page_size=8'),
      headers: auth,
      baseline: 'bare 8 latest of 1,000 rows',
    },
    ...FEATURE_LISTS.flatMap((list) => [
      { label: `bare ${list.label}`, url: baseline.url(`/lists/${list.table}`) },
      {
        label: `GET ${list.route}`,
        url: apiUrl(list.route),
        headers: auth,
        baseline: `bare ${list.label}`,
      },
    ]),
    { label: 'GET /ready', url: apiUrl('/ready') },
    { label: 'GET /no-such-route', url: apiUrl('/no-such-route') },
    { label: 'GET /search?q=knee', url: apiUrl('/search?q=knee'), headers: auth },
  ];
  type Sample = {
    reqPerS: number;
    p50: number;
    p99: number;
    sqlPerReq: number;
    cpuUs: number;
    errors: number;
    non2xx: number;
  };
  const samples = new Map<string, Sample[]>();
  // BENCH_ONLY=pattern runs only the routes whose label matches it (to profile one route).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  const selected = runs.filter((r) => !only || only.test(r.label));
  // Rounds alternate every route with its baseline, so a burst of load from elsewhere on the
  // machine hits both sides of a ratio rather than one; the table gives medians over the rounds.
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of selected) {
      // A short warm-up first (JIT, pool connections), not counted.
      await load(run.url, { headers: run.headers, durationS: 1 });
      // Requests the warm-up left in flight finish before counting starts.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = statements;
      const startedUs = process.hrtime.bigint() / 1000n;
      const cpuBefore = process.cpuUsage();
      const result = await load(run.url, { headers: run.headers, durationS: DURATION_S });
      const cpu = process.cpuUsage(cpuBefore);
      const total = Math.max(1, result.requests.total);
      // With --cpu-prof, the measured span in the profile's clock (monotonic microseconds).
      if (process.execArgv.some((arg) => arg.startsWith('--cpu-prof'))) {
        console.error(
          `profile window ${run.label}: ${startedUs} ${process.hrtime.bigint() / 1000n}`,
        );
      }
      const list = samples.get(run.label) ?? [];
      list.push({
        reqPerS: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        sqlPerReq: (statements - before) / total,
        cpuUs: (cpu.user + cpu.system) / total,
        errors: result.errors,
        non2xx: result.non2xx,
      });
      samples.set(run.label, list);
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  /** Errors and non-2xx answers over all rounds (expected on the unknown route: 404). */
  const problemsOf = (list: Sample[]) => {
    const errors = list.reduce((sum, s) => sum + s.errors, 0);
    const non2xx = list.reduce((sum, s) => sum + s.non2xx, 0);
    return errors || non2xx ? `  errors ${errors}  non-2xx ${non2xx}` : '';
  };
  const summary: SummaryRow[] = [];
  for (const run of selected) {
    const list = samples.get(run.label) ?? [];
    const base = run.baseline ? samples.get(run.baseline) : undefined;
    // Each round's ratio is taken against the baseline measured just before it.
    const ratios = base ? list.map((s, i) => s.reqPerS / (base[i]?.reqPerS ?? NaN)) : [];
    const ratio = ratios.length
      ? `${median(ratios).toFixed(2)} of ${run.baseline}${
          ratios.length > 1 ? ` (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})` : ''
        }`
      : '';
    const perRequest = run.label.startsWith('bare')
      ? '-'
      : median(list.map((s) => s.sqlPerReq)).toFixed(2);
    if (!run.label.startsWith('bare')) {
      summary.push({
        section: `HTTP, ${database}`,
        measure: run.label,
        value: `${fmt(median(list.map((s) => s.reqPerS)))} req/s, p99 ${median(list.map((s) => s.p99))} ms`,
        ...(ratios.length ? { against: `${median(ratios).toFixed(2)} × ${run.baseline}` } : {}),
      });
    }
    console.log(
      `  ${run.label.padEnd(30)} ${fmt(median(list.map((s) => s.reqPerS))).padStart(8)} ${`${median(list.map((s) => s.p50))}`.padStart(6)} ${`${median(list.map((s) => s.p99))}`.padStart(6)} ${perRequest.padStart(8)} ${fmt(median(list.map((s) => s.cpuUs))).padStart(7)}  ${ratio}${problemsOf(list)}`,
    );
  }
  console.log(
    `  (medians of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}; req/s average; p50, p99 in ms; SQL/req: statements on the API pool per request;`,
  );
  console.log(
    "  CPU µs: this process's CPU time per request: the servers, and the database too when it is PGlite)",
  );
  console.log(
    `  load average before ${loadBefore}, after ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  reportSummary(summary);
  await baseline.close();
  await app.close();

  const ring = loadKeyRing({ encryptionKey: undefined, dataDir });
  const secret = 'x'.repeat(200);
  console.log('CPU:');
  perSecond('  AES-256-GCM encrypt+decrypt (200 B)', 50_000, () =>
    decrypt(ring, encrypt(ring, secret)),
  );
  const signer = createTokenSigner(ring);
  const signed = signer.sign({
    op: 'put',
    key: 'u/user/file',
    size: 1000,
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  perSecond('  storage URL sign', 100_000, () =>
    signer.sign({
      op: 'get',
      key: 'u/a/b',
      filename: 'f.pdf',
      contentType: 'application/pdf',
      exp: 2e9,
    }),
  );
  perSecond('  storage URL verify', 100_000, () => signer.verify(signed));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
