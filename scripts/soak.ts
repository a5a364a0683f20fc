/**
 * `npm run test:soak`: a long check outside `npm test` and CI. The real API runs as a child
 * process, bundled as the container runs it (`npm run build:api`, then node on
 * apps/api/dist/server.mjs; ROLE=all: HTTP and job workers; embedded PGlite in a temporary
 * DATA_DIR, or PostgreSQL in a scratch database created for the run and dropped after it when
 * SOAK_DATABASE_URL is set).
 * A pool of users is signed in and given a disability and a thread; then a load process of its own
 * runs a mixed load (sign-in, lists, creates, search, the offline assistant, decision letters)
 * with 50 connections: 30 s of warm-up, then SOAK_SECONDS (default 60) measured.
 * The goals: no 5xx answer at all, and the memory the API still holds after the load within 10 % of
 * what it held before. Both readings are taken once the jobs have drained and the process has idled
 * a few seconds, then again right after the full garbage collection V8 runs when memory is short
 * (scripts/lib/memory-probe.ts, loaded into the API for the run only): V8 keeps freed heap pages
 * for reuse, so resident memory read without it follows the heap's last high-water mark (it moved
 * by a third or more either way between runs, with the same heap in use), and only the reading
 * after it shows what a leak grows. Both are printed; the goal is judged on the second.
 * It prints a table per request kind and exits 1 when a goal is missed.
 * Rate limits are raised for the run so the load measures the server, not the limiter; any 429
 * is still counted. SOAK_WARMUP_SECONDS, SOAK_CONNECTIONS, SOAK_USERS and SOAK_DRAIN_SECONDS change
 * the rest.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchPostgresDatabase } from '../packages/db/src/testing.ts';
import {
  createClient,
  signIn,
  type LoadPlan,
  type LoadReport,
  type SoakUser,
} from './lib/soak-load.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
/**
 * The warm-up brings the API to its steady state before the first reading: code compiled, pools and
 * caches filled, and the native allocator at the size this load keeps it. Ten seconds were too few:
 * on PostgreSQL, memory held after 60 s and after 240 s of load (7 times the requests) grew by the
 * same 32 MB of native memory, a size reached once rather than a leak (the JS heap stayed flat).
 */
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
/** As many users as connections, so each virtual user has a user (and a thread) of its own. */
const USERS = Number(process.env.SOAK_USERS ?? CONNECTIONS);
/** The memory goal: resident memory after the load within this share of before. */
const MEMORY_GOAL = 0.1;
/** Idle time before each memory reading, so in-flight work and timers settle. */
const IDLE_MS = 7_000;
/** The longest wait for the decision letters of the load to be read (one worker reads them). */
const DRAIN_SECONDS = Number(process.env.SOAK_DRAIN_SECONDS ?? 300);
const LETTER_TEXT = readFileSync(
  path.join(ROOT, 'packages/domain/src/decision-letters/fixtures/01-ama-ptsd-increase-hearing.txt'),
  'utf8',
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The child's resident memory in kB (Linux /proc). */
function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(/^VmRSS:\s+(\d+) kB/m);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** The median of five readings a second apart. */
async function settledRssKb(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssKb(pid));
    await sleep(1000);
  }
  return readings.sort((a, b) => a - b)[2]!;
}

/** What the API's memory probe answers: `process.memoryUsage()` after a memory-reducing collection. */
type CollectedMemory = { rss: number; heapUsed: number };

/** Asks the API to collect its garbage as when memory is short, and answers its memory then (bytes). */
function collectedMemory(child: ChildProcess): Promise<CollectedMemory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('the API did not answer the memory probe within 60 s'));
    }, 60_000);
    function onMessage(message: unknown) {
      const answer = message as { type?: string; usage?: CollectedMemory };
      if (answer.type !== 'memory' || !answer.usage) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer.usage);
    }
    child.on('message', onMessage);
    child.send({ type: 'collect' });
  });
}

/** Runs the load process for `seconds` and reads its one JSON line. */
function runLoadProcess(plan: LoadPlan, planFile: string): Promise<LoadReport> {
  writeFileSync(planFile, JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts/lib/soak-load.ts'), planFile],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`the load exited ${code}: ${err.trim()}`));
      resolve(JSON.parse(line) as LoadReport);
    });
  });
}

/** SIGTERM, then SIGKILL when it has not exited within 20 s. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

// The bundle the container runs, built from this checkout.
const built = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(ROOT, 'scripts/build-api.ts')],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
if (built.status !== 0) {
  console.error('soak failed: npm run build:api did not build the API');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-soak-'));
const logFile = path.join(tmpdir(), `muster-soak-${process.pid}.log`);
const scratch = process.env.SOAK_DATABASE_URL
  ? await createScratchPostgresDatabase(process.env.SOAK_DATABASE_URL)
  : undefined;
let api: ChildProcess | undefined;
let failed = false;
try {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const huge = '100000000';
  // Only what the run needs: no outside services from the caller's environment.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ROLE: 'all',
    HOST: '127.0.0.1',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    RATE_LIMIT_MAX: huge,
    CALCULATOR_RATE_LIMIT_MAX: huge,
    CONTACT_RATE_LIMIT_MAX: huge,
    ANONYMOUS_SIGN_IN_RATE_LIMIT_MAX: huge,
    SIGN_IN_CODE_RATE_LIMIT_MAX: huge,
  };
  const log = createWriteStream(logFile);
  api = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--expose-gc',
      '--import',
      path.join(ROOT, 'scripts/lib/memory-probe.ts'),
      path.join(ROOT, 'apps/api/dist/server.mjs'),
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  api.stdout!.pipe(log);
  api.stderr!.pipe(log);
  const pid = api.pid!;

  const client = createClient(baseUrl, 10);
  const startedAt = Date.now();
  for (;;) {
    if (api.exitCode !== null) throw new Error(`the API exited ${api.exitCode}; see ${logFile}`);
    const health = await client.request('GET', '/health').catch(() => undefined);
    if (health?.status === 200) break;
    if (Date.now() - startedAt > 120_000) throw new Error(`the API did not start; see ${logFile}`);
    await sleep(250);
  }
  const database = scratch ? 'PostgreSQL (scratch database)' : 'PGlite (embedded)';
  console.log(`API pid ${pid} on ${baseUrl} (bundled), ${database}, ROLE=all; log ${logFile}`);

  // The pool: signed in, each with a disability and a thread holding a message, ten at a time.
  const tag = `${process.pid}-${Date.now()}`;
  const users: SoakUser[] = [];
  for (let start = 0; start < USERS; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, USERS - start) }, async (_, i) => {
        const { token } = await signIn(client.request, `soak-pool-${tag}-${start + i}@example.com`);
        const disability = await client.request('POST', '/disabilities', {
          token,
          body: { title: 'Tinnitus' },
        });
        const thread = await client.request('POST', '/threads', {
          token,
          body: { title: 'Knee claim' },
        });
        if (disability.status !== 201 || thread.status !== 201)
          throw new Error(`setting up a user answered ${disability.status}, ${thread.status}`);
        const threadId = (JSON.parse(thread.body) as { id: string }).id;
        return { token, threadId };
      }),
    );
    users.push(...batch);
  }
  console.log(`${users.length} users signed in, each with a disability and a thread`);

  /**
   * Waits (at most SOAK_DRAIN_SECONDS, default 300) until no user of the pool has a decision letter
   * still queued or being read; answers how many are left.
   */
  async function drainJobs() {
    const until = Date.now() + DRAIN_SECONDS * 1000;
    for (;;) {
      let pending = 0;
      for (const user of users) {
        const page = await client.request('GET', '/decision-letters?page_size=100', {
          token: user.token,
        });
        const { results } = JSON.parse(page.body) as { results: { status: string }[] };
        pending += results.filter((r) => r.status === 'queued' || r.status === 'processing').length;
      }
      if (pending === 0 || Date.now() >= until) return pending;
      await sleep(1000);
    }
  }

  const planFile = path.join(dataDir, 'soak-plan.json');
  const plan = (seconds: number): LoadPlan => ({
    baseUrl,
    seconds,
    connections: CONNECTIONS,
    users,
    letterText: LETTER_TEXT,
    tag,
  });

  const rssStart = rssKb(pid);
  console.log(`warm-up: ${WARMUP_SECONDS} s of the same mix`);
  const warmup = await runLoadProcess(plan(WARMUP_SECONDS), planFile);
  await drainJobs();
  await sleep(IDLE_MS);
  const before = await settledRssKb(pid);
  const beforeCollected = await collectedMemory(api);

  // Peak memory during the measured load, read every second.
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // The process is gone; the load reports the failures.
    }
  }, 1000);
  const loadBefore = loadavg()[0]!.toFixed(2);
  console.log(`load: ${SECONDS} s, ${CONNECTIONS} connections, from a separate process`);
  const report = await runLoadProcess(plan(SECONDS), planFile);
  clearInterval(sampler);
  const loadAfter = loadavg()[0]!.toFixed(2);
  const drainStarted = Date.now();
  const pendingLetters = await drainJobs();
  const drainS = (Date.now() - drainStarted) / 1000;
  await sleep(IDLE_MS);
  const after = await settledRssKb(pid);
  const afterCollected = await collectedMemory(api);
  client.close();

  // The table.
  const rows = Object.entries(report.operations);
  console.log(
    `\n  ${'operation'.padEnd(22)} ${'requests'.padStart(9)} ${'2xx'.padStart(7)} ${'4xx'.padStart(6)} ${'429'.padStart(5)} ${'5xx'.padStart(5)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
  );
  for (const [label, op] of rows) {
    const streams = op.failedStreams ? `  failed streams ${op.failedStreams}` : '';
    console.log(
      `  ${label.padEnd(22)} ${fmt(op.requests).padStart(9)} ${fmt(op.s2xx).padStart(7)} ${fmt(op.s4xx).padStart(6)} ${fmt(op.s429).padStart(5)} ${fmt(op.s5xx).padStart(5)} ${fmt(op.errors).padStart(6)} ${String(op.p50).padStart(7)} ${String(op.p99).padStart(7)}${streams}`,
    );
  }
  const sum = (key: 'requests' | 's5xx' | 's429' | 's4xx' | 'errors' | 'failedStreams') =>
    rows.reduce((total, [, op]) => total + op[key], 0);
  const total = sum('requests');
  const fiveXx = sum('s5xx');
  const tooMany = sum('s429');
  const errors = sum('errors');
  const failedStreams = sum('failedStreams');
  const warmupTotal = Object.values(warmup.operations).reduce((t, op) => t + op.requests, 0);
  const warmup5xx = Object.values(warmup.operations).reduce((t, op) => t + op.s5xx, 0);
  const change = (from: number, to: number) => (to - from) / from;
  const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;
  const growth = change(beforeCollected.rss, afterCollected.rss);
  console.log(
    `\n  total ${fmt(total)} requests in ${report.elapsedS.toFixed(1)} s: ${fmt(total / report.elapsedS)} req/s; 4xx ${fmt(sum('s4xx'))} (429: ${tooMany}), network errors ${errors}, failed chat streams ${failedStreams}`,
  );
  console.log(
    `  warm-up: ${fmt(warmupTotal)} requests, 5xx ${warmup5xx}; letters queued or being read ${drainS.toFixed(0)} s after the load: ${pendingLetters}`,
  );
  const bytes = (n: number) => mb(n / 1024);
  console.log(
    `  API resident memory (VmRSS) as it stood: at start ${mb(rssStart)}, before ${mb(before)}, peak during ${mb(peak)}, after ${mb(after)} (${percent(change(before, after))})`,
  );
  console.log(
    `  after a memory-reducing garbage collection: resident ${bytes(beforeCollected.rss)} before, ${bytes(afterCollected.rss)} after (${percent(growth)}); JS heap in use ${bytes(beforeCollected.heapUsed)} before, ${bytes(afterCollected.heapUsed)} after (${percent(change(beforeCollected.heapUsed, afterCollected.heapUsed))})`,
  );
  console.log('  (the embedded PGlite, when used, counts in resident memory, not in the JS heap)');
  console.log(`  load average (1 min): before ${loadBefore}, after ${loadAfter}`);
  if (report.problems.length) {
    console.log('  first problems seen by the load:');
    for (const line of report.problems) console.log(`    ${line}`);
  }
  const memoryOk = growth <= MEMORY_GOAL;
  const problemsOk = fiveXx === 0 && failedStreams === 0;
  console.log(
    `\n  5xx: ${fiveXx} (goal 0)${failedStreams ? `, failed chat streams: ${failedStreams} (goal 0)` : ''} ${problemsOk ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `  memory held after the load: ${percent(growth)} (goal within ${MEMORY_GOAL * 100} %) ${memoryOk ? 'ok' : 'MISSED'}`,
  );
  if (!problemsOk || !memoryOk) failed = true;
} catch (error) {
  console.error(`soak failed: ${(error as Error).message}`);
  failed = true;
} finally {
  if (api) await stop(api);
  // Errors the API logged (pino level 50 and above), whatever the answers said.
  const logged = (() => {
    try {
      return readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => /"level":(5|6)\d/.test(line));
    } catch {
      return [];
    }
  })();
  console.log(`  errors in the API log: ${logged.length}`);
  for (const line of logged.slice(0, 5)) console.log(`    ${line.slice(0, 400)}`);
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
  // The API's log stays when something went wrong, for the request ids of the errors.
  if (failed) console.log(`API log kept: ${logFile}`);
  else rmSync(logFile, { force: true });
}
process.exit(failed ? 1 : 0);
