/**
 * `npm run bench`: prints throughput and latency numbers; never a pass/fail test.
 * - HTTP: autocannon against the real API (PGlite, embedded defaults; PostgreSQL when
 *   BENCH_DATABASE_URL is set) on loopback: /health, /ready (one database round trip), an unknown
 *   path (the error envelope), and signed-in reads: the sidebar's latest threads and the palette's
 *   search, for a user with 1,000 threads.
 * - CPU: AES-256-GCM encrypt+decrypt and storage URL signing per second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parseConfig } from '../apps/api/src/config/env.ts';
import { decrypt, encrypt, loadKeyRing } from '../apps/api/src/lib/crypto.ts';
import { createTokenSigner } from '../apps/api/src/modules/storage/signed-token.ts';
import { startApi } from '../apps/api/src/server.ts';
import { threads } from '../packages/db/src/schema/index.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 50;

function perSecond(label: string, iterations: number, fn: () => void) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`${label.padEnd(40)} ${Math.round(iterations / seconds).toLocaleString('en-US')} ops/s`);
}

/** Signs a bench user in through the email-code flow (outbox) and gives them 1,000 threads. */
async function signInForBench(app: Awaited<ReturnType<typeof startApi>>): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  await app.inject({ method: 'POST', url: '/auth/email-otp/send-verification-otp', payload: { email, type: 'sign-in' } });
  const mails = (await app.inject({ method: 'GET', url: '/dev/outbox' })).json<{ to: string; text: string }[]>();
  const otp = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  const signedIn = await app.inject({ method: 'POST', url: '/auth/sign-in/email-otp', payload: { email, otp } });
  const { token, user } = signedIn.json<{ token: string; user: { id: string } }>();
  const topics = ['knee', 'back', 'tinnitus', 'PTSD', 'sleep apnea'];
  await app.database.db.insert(threads).values(
    Array.from({ length: 1000 }, (_, i) => ({ userId: user.id, title: `${topics[i % topics.length]} question ${i}` })),
  );
  return token;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-bench-'));
try {
  const config = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    ROLE: 'api',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
  });
  const app = await startApi(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const bearerToken = await signInForBench(app);
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`HTTP, ${CONNECTIONS} connections, ${DURATION_S} s each, ${database}:`);
  const runs: { url: string; signedIn: boolean }[] = [
    { url: '/health', signedIn: false },
    { url: '/ready', signedIn: false },
    { url: '/no-such-route', signedIn: false },
    { url: '/threads?page_size=8', signedIn: true },
    { url: '/search?q=knee', signedIn: true },
  ];
  for (const { url, signedIn } of runs) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${url}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: signedIn ? { authorization: `Bearer ${bearerToken}` } : {},
    });
    console.log(
      `  GET ${url.padEnd(22)} ${Math.round(result.requests.average).toLocaleString('en-US').padStart(8)} req/s  ` +
        `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${result.errors}  non-2xx ${result.non2xx}`,
    );
  }
  await app.close();

  const ring = loadKeyRing({ encryptionKey: undefined, dataDir });
  const secret = 'x'.repeat(200);
  console.log('CPU:');
  perSecond('  AES-256-GCM encrypt+decrypt (200 B)', 50_000, () => decrypt(ring, encrypt(ring, secret)));
  const signer = createTokenSigner(ring);
  const token = signer.sign({ op: 'put', key: 'u/user/file', size: 1000, exp: Math.floor(Date.now() / 1000) + 3600 });
  perSecond('  storage URL sign', 100_000, () => signer.sign({ op: 'get', key: 'u/a/b', filename: 'f.pdf', contentType: 'application/pdf', exp: 2e9 }));
  perSecond('  storage URL verify', 100_000, () => signer.verify(token));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
