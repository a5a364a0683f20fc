/**
 * The bundled API, built and started as the container image runs it (`npm test` runs this after the
 * app and site builds, which it serves too). Builds apps/api/dist/server.mjs, starts it with
 * `node` from an empty folder with the embedded defaults (PGlite in a fresh DATA_DIR, the outbox,
 * no network) and SERVE_WEB=true, then checks, over HTTP:
 * - /health, and /ready (the database answers and the migrations, read from disk, are applied);
 * - a sign-in through the outbox code (database writes and reads through better-auth);
 * - the 526 checked against VA's schema and its summary PDF filled on VA's blank form, both read
 *   from apps/api/assets;
 * - the app and the site answered on their ports, the API's URL filled into the app's page;
 * - SIGTERM ends it with exit code 0.
 * Then starts it again on the same folder with ROLE=worker (jobs only: it serves no pages) and stops
 * it the same way. Exits 1 with the reason on the first failure; the server's output is printed
 * then.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(repo, 'apps', 'api', 'dist', 'server.mjs');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

type Server = { child: ChildProcess; api: string };
/** What the servers printed, shown when a check fails. */
const serverOutput: string[] = [];

/** Starts the bundle with only the variables given (nothing leaks in from this environment). */
async function start(env: Record<string, string>, cwd: string): Promise<Server> {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: cwd, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()));
  const server = { child, api: `http://127.0.0.1:${env.API_PORT}` };
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      check(child.exitCode === null, `the bundle exited with ${child.exitCode} while starting`);
      const health = await fetch(`${server.api}/health`).catch(() => undefined);
      if (health?.ok) return server;
      check(Date.now() < deadline, `/health did not answer within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Runs the checks against a started bundle, then stops it with SIGTERM (SIGKILL if they fail). */
async function withServer(
  env: Record<string, string>,
  cwd: string,
  checks: (server: Server) => Promise<void>,
): Promise<void> {
  const started = Date.now();
  const server = await start(env, cwd);
  console.log(
    `bundle started (ROLE=${env.ROLE}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  try {
    await checks(server);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  await stop(server);
  console.log(`bundle (ROLE=${env.ROLE}) stopped on SIGTERM with exit code 0`);
}

async function stop(server: Server): Promise<void> {
  const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  const [code, signal] = await exited;
  clearTimeout(timer);
  check(code === 0, `SIGTERM ended the bundle with ${code ?? signal}, not exit code 0`);
}

async function json(response: Response, what: string): Promise<unknown> {
  const body = await response.text();
  check(response.ok, `${what}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as unknown;
}

async function signIn(api: string, email: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${api}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(
    await post('/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }),
    'sending a sign-in code',
  );
  const outbox = (await json(await fetch(`${api}/dev/outbox`), 'the outbox')) as {
    to: string;
    text: string;
  }[];
  const otp = outbox.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  check(otp, `no sign-in code for ${email} in the outbox`);
  const session = (await json(
    await post('/auth/sign-in/email-otp', { email, otp }),
    'signing in with the code',
  )) as { token?: string };
  check(session.token, 'signing in gave no token');
  return session.token;
}

async function checkAll(): Promise<void> {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-api.ts'], {
    cwd: repo,
    stdio: 'inherit',
  });
  check(built.status === 0, 'npm run build:api failed');
  for (const build of ['apps/web/dist', 'apps/site/dist']) {
    check(existsSync(path.join(repo, build, 'index.html')), `${build} is missing: npm run build`);
  }

  const folder = mkdtempSync(path.join(tmpdir(), 'muster-bundle-'));
  try {
    const [apiPort, appPort, sitePort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATA_DIR: path.join(folder, 'data'),
      API_PORT: String(apiPort),
      APP_PORT: String(appPort),
      SITE_PORT: String(sitePort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      SERVE_WEB: 'true',
    };
    await withServer({ ...env, ROLE: 'all' }, folder, async ({ api }) => {
      const ready = (await json(await fetch(`${api}/ready`), '/ready')) as {
        migrations?: string;
      };
      check(ready.migrations === 'applied', `/ready says migrations ${ready.migrations}`);

      const authorization = `Bearer ${await signIn(api, 'bundle-smoke@example.com')}`;
      const validated = (await json(
        await fetch(`${api}/va-forms/526ez/validate`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: '{}',
        }),
        'checking the 526 against VA’s schema',
      )) as { errors?: object };
      check(validated.errors, 'the 526 check answered no errors object');
      const pdf = await fetch(`${api}/va-forms/526ez/pdf`, { headers: { authorization } });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      check(pdf.ok, `the 526 summary PDF: ${pdf.status} ${bytes.toString().slice(0, 300)}`);
      check(bytes.subarray(0, 5).toString() === '%PDF-', 'the 526 summary is not a PDF');

      const page = await fetch(`http://127.0.0.1:${appPort}/dashboard`);
      const html = await page.text();
      check(page.ok && html.includes(api), `the app's page: ${page.status}, API URL filled in`);
      const site = await fetch(`http://127.0.0.1:${sitePort}/`);
      check(site.ok, `the site's landing page: ${site.status}`);
    });
    await withServer({ ...env, ROLE: 'worker' }, folder, async () => {
      const page = await fetch(`http://127.0.0.1:${appPort}/`).catch(() => undefined);
      check(page === undefined, 'a worker served the app');
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const began = Date.now();
try {
  await checkAll();
  console.log(`bundle smoke test passed in ${((Date.now() - began) / 1000).toFixed(1)} s`);
} catch (error) {
  if (serverOutput.length > 0) console.error(`The server printed:\n${serverOutput.join('')}`);
  console.error(`bundle smoke test failed: ${(error as Error).message}`);
  process.exit(1);
}
