/**
 * `npm run bench:chat`: the assistant's speed, printed; never a pass/fail test.
 * - Time to first streamed byte through the API minus the provider's own delay: a fake
 *   OpenAI-compatible model (its own process) waits PROVIDER_DELAY_MS before its first piece. The
 *   load generator (its own process) times a run from the request to the first `delta` event, and,
 *   as the baseline in the same round, a completion asked of the model directly to its first piece.
 *   The difference is what Muster adds: reading the thread, retrieval, the prompt, the stream.
 * - Offline answers per second: in this process (the engine alone, over the evaluation set) and
 *   through the API (message + streamed run, the load generator in its own process).
 * BENCH_ROUNDS (default 3) rounds, medians printed; BENCH_CHAT_RUNS (default 100) runs per round;
 * BENCH_CHAT_CONCURRENCY (default 10) runs at once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseConfig } from '../apps/api/src/config/env.ts';
import { startApi } from '../apps/api/src/server.ts';
import { answerOffline } from '../packages/domain/src/knowledge/offline-engine.ts';
import { loadQuestionSet } from '../packages/domain/src/knowledge/question-set.ts';
import { reportSummary } from './summary.ts';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const RUNS = Math.max(10, Number(process.env.BENCH_CHAT_RUNS ?? 100));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CHAT_CONCURRENCY ?? 10));
const PROVIDER_DELAY_MS = 200;
const QUESTION = 'What disability rating does VA give for tinnitus?';
const TSX = ['--import', 'tsx'];

type ClientResult = { first: number[]; total: number[]; errors: number };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const median = (values: number[]) => percentile(values, 50);
const ms = (n: number) => `${n.toFixed(1)} ms`;

function client(job: object): Promise<ClientResult & { seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...TSX, path.join(import.meta.dirname, 'chat-client.ts'), JSON.stringify(job)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`client exited ${code}`));
      resolve({
        ...(JSON.parse(line) as ClientResult),
        seconds: (performance.now() - started) / 1000,
      });
    });
  });
}

async function startProvider() {
  const child = spawn(
    process.execPath,
    [...TSX, path.join(import.meta.dirname, 'chat-provider.ts'), String(PROVIDER_DELAY_MS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  const url = String(first.value);
  return { url, stop: () => child.kill() };
}

// The engine alone: every question of the evaluation set, after a warm-up pass.
const questions = loadQuestionSet().questions.map((q) => q.question);
for (const question of questions) answerOffline(question);
const engineStart = performance.now();
let answered = 0;
while (performance.now() - engineStart < 3000) {
  for (const question of questions) answerOffline(question);
  answered += questions.length;
}
const engineRate = answered / ((performance.now() - engineStart) / 1000);

const provider = await startProvider();
const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-bench-chat-'));
console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
try {
  const app = await startApi(
    parseConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000000',
      ROLE: 'api',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: provider.url,
      AI_API_KEY: 'bench-key',
      AI_MODEL: 'bench-model',
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  /** A member with one thread per lane, who has chosen `consent`. */
  async function member(consent: 'provider' | 'offline') {
    const email = `bench-chat-${consent}-${Date.now()}@example.com`;
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
    const token = signedIn.json<{ token: string }>().token;
    const headers = { authorization: `Bearer ${token}` };
    await app.inject({
      method: 'PATCH',
      url: '/ai/settings',
      headers,
      payload: { consent },
    });
    const threads: string[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const made = await app.inject({ method: 'POST', url: '/threads', headers, payload: {} });
      threads.push(made.json<{ id: string }>().id);
    }
    return { token, threads };
  }

  const online = await member('provider');
  const offline = await member('offline');
  const base = { count: RUNS, concurrency: CONCURRENCY, question: QUESTION };
  const rows: { direct: number[]; api: number[]; directP99: number[]; apiP99: number[] } = {
    direct: [],
    api: [],
    directP99: [],
    apiP99: [],
  };
  const offlineRates: number[] = [];
  let errors = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const direct = await client({ ...base, mode: 'provider', url: provider.url });
    const api = await client({ ...base, mode: 'api', url, ...online });
    const local = await client({ ...base, count: RUNS * 2, mode: 'api', url, ...offline });
    errors += direct.errors + api.errors + local.errors;
    rows.direct.push(median(direct.first));
    rows.directP99.push(percentile(direct.first, 99));
    rows.api.push(median(api.first));
    rows.apiP99.push(percentile(api.first, 99));
    offlineRates.push(local.first.length / local.seconds);
    console.log(
      `round ${round}: model first piece p50 ${ms(median(direct.first))}, through the API p50 ${ms(median(api.first))} (adds ${ms(median(api.first) - median(direct.first))}); offline ${(local.first.length / local.seconds).toFixed(0)} answers/s`,
    );
  }
  await app.close();
  console.log(
    `\nChat (${RUNS} runs per round, ${CONCURRENCY} at once, medians of ${ROUNDS} rounds; model delay ${PROVIDER_DELAY_MS} ms)`,
  );
  console.log(
    `time to first streamed byte, model alone     p50 ${ms(median(rows.direct))}  p99 ${ms(median(rows.directP99))}`,
  );
  console.log(
    `time to first streamed byte, through the API p50 ${ms(median(rows.api))}  p99 ${ms(median(rows.apiP99))}`,
  );
  console.log(
    `added by Muster                               p50 ${ms(median(rows.api) - median(rows.direct))}  p99 ${ms(median(rows.apiP99) - median(rows.directP99))}`,
  );
  console.log(
    `offline answers per second, through the API   ${median(offlineRates).toFixed(0)} (message + streamed run)`,
  );
  console.log(
    `offline answers per second, engine alone      ${engineRate.toFixed(0)} (${questions.length} questions of the evaluation set)`,
  );
  console.log(`errors: ${errors}`);
  reportSummary([
    {
      section: 'Documents',
      measure: 'chat, time to first streamed byte',
      value: `p50 ${ms(median(rows.api))}, p99 ${ms(median(rows.apiP99))}`,
      against: `adds p50 ${ms(median(rows.api) - median(rows.direct))} to the model's ${ms(median(rows.direct))}`,
    },
    {
      section: 'Documents',
      measure: 'chat, offline answers through the API',
      value: `${median(offlineRates).toFixed(0)} answers/s`,
      against: `engine alone ${engineRate.toFixed(0)}/s; errors ${errors}`,
    },
  ]);
} finally {
  provider.stop();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}
