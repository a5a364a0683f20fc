/**
 * `npm run bench`: prints throughput and latency numbers; never a pass/fail test.
 * - HTTP: autocannon against the real API (PGlite, embedded defaults) on loopback: /health,
 *   /ready (one database round trip) and an unknown path (the error envelope).
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

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 50;

function perSecond(label: string, iterations: number, fn: () => void) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`${label.padEnd(40)} ${Math.round(iterations / seconds).toLocaleString('en-US')} ops/s`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-bench-'));
try {
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', ROLE: 'api' });
  const app = await startApi(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  console.log(`HTTP, ${CONNECTIONS} connections, ${DURATION_S} s each, PGlite:`);
  for (const url of ['/health', '/ready', '/no-such-route']) {
    const result = await autocannon({ url: `http://127.0.0.1:${port}${url}`, connections: CONNECTIONS, duration: DURATION_S });
    console.log(
      `  GET ${url.padEnd(16)} ${Math.round(result.requests.average).toLocaleString('en-US').padStart(8)} req/s  ` +
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
