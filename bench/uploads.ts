/**
 * `npm run bench:uploads`: upload throughput (MB/s) of one 200 MB file, printed; never a test.
 * The client (its own process) does what the browser does: a grant, 16 MB parts PUT to their
 * signed URLs three at a time, then the finish step (size check, content sniff, the PDF's trailer).
 * - local driver: the API's own storage routes, encrypting each part as it streams to disk;
 * - S3 driver: the parts go to an S3-compatible server on loopback (s3rver), the API only signs
 *   and finishes;
 * - baseline, measured in the same run: a bare Node server that writes the same parts to disk as
 *   they come, without checks or encryption. Each driver's figure is also given as a ratio to it.
 * BENCH_UPLOAD_MB (default 200) sets the size; BENCH_ROUNDS (default 3) the rounds (medians).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseConfig } from '../apps/api/src/config/env.ts';
import { startApi } from '../apps/api/src/server.ts';
import { startS3Server } from '../apps/api/test/helpers/s3-server.ts';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SIZE = SIZE_MB * 1024 * 1024;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PARALLEL = 3;

type ClientResult = { seconds: number; finishSeconds: number; status: string };

function client(job: object): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'upload-client.ts'), JSON.stringify(job)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`client exited ${code}`));
      resolve(JSON.parse(line) as ClientResult);
    });
  });
}

/** A bare server writing each PUT body to its own file: the disk and loopback, nothing else. */
async function startBare(directory: string) {
  const server = createServer((request, response) => {
    const name = path.join(directory, `part-${Date.now()}-${Math.random()}`);
    pipeline(request, createWriteStream(name)).then(
      () => response.writeHead(200).end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function startApiWith(env: Record<string, string>, dataDir: string) {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const app = await startApi(
    parseConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000000',
      ROLE: 'api',
      API_PORT: String(port),
      API_URL: `http://127.0.0.1:${port}`,
      ...env,
    }),
  );
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const email = `bench-upload-${Date.now()}@example.com`;
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
  return { app, url, token: signedIn.json<{ token: string }>().token };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mbps = (seconds: number) => SIZE_MB / seconds;

const scratch = mkdtempSync(path.join(tmpdir(), 'muster-bench-uploads-'));
console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const s3 = await startS3Server('muster-bench');
try {
  const bare = await startBare(scratch);
  const local = await startApiWith({}, path.join(scratch, 'local'));
  const remote = await startApiWith(s3.env, path.join(scratch, 's3'));
  const rows = { bare: [] as number[], local: [] as number[], s3: [] as number[] };
  for (let round = 1; round <= ROUNDS; round++) {
    const job = { size: SIZE, parallel: PARALLEL };
    const base = await client({ ...job, mode: 'bare', url: bare.url });
    const viaLocal = await client({ ...job, mode: 'api', url: local.url, token: local.token });
    const viaS3 = await client({ ...job, mode: 'api', url: remote.url, token: remote.token });
    for (const [name, result] of [
      ['local', viaLocal],
      ['s3', viaS3],
    ] as const) {
      if (result.status !== 'ok') throw new Error(`${name}: ${result.status}`);
    }
    rows.bare.push(mbps(base.seconds));
    rows.local.push(mbps(viaLocal.seconds));
    rows.s3.push(mbps(viaS3.seconds));
    console.log(
      `round ${round}: bare ${mbps(base.seconds).toFixed(0)} MB/s, local driver ${mbps(viaLocal.seconds).toFixed(0)} MB/s (finish ${viaLocal.finishSeconds.toFixed(2)} s), S3 driver ${mbps(viaS3.seconds).toFixed(0)} MB/s (finish ${viaS3.finishSeconds.toFixed(2)} s)`,
    );
  }
  const base = median(rows.bare);
  console.log(
    `\nUpload of one ${SIZE_MB} MB file (16 MB parts, ${PARALLEL} at a time; medians of ${ROUNDS} rounds)`,
  );
  console.log(`baseline (bare server writing to disk)  ${base.toFixed(0)} MB/s`);
  console.log(
    `local driver (encrypted as it streams)  ${median(rows.local).toFixed(0)} MB/s  (${(median(rows.local) / base).toFixed(2)} of baseline)`,
  );
  console.log(
    `S3 driver (s3rver on loopback)          ${median(rows.s3).toFixed(0)} MB/s  (${(median(rows.s3) / base).toFixed(2)} of baseline)`,
  );
  await local.app.close();
  await remote.app.close();
  await bare.close();
} finally {
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}
