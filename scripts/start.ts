/**
 * `npm start`: one process serving the API (:3001), the app (:3000) and the site (:3002) with the
 * embedded defaults. Builds the app and site when their builds are missing or older than their
 * sources, applies migrations, and prints the three URLs.
 */
import './require-node.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOnSignals, configOrExit, startApi } from '../apps/api/src/server.ts';
import { createWebHosts } from '../apps/api/src/static-host.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

function buildIfStale(workspace: string, dir: string) {
  const index = path.join(dir, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(dir),
    newestMtime(path.join(repo, 'packages', 'contract', 'src')),
    newestMtime(path.join(repo, 'packages', 'domain', 'src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: repo,
    stdio: 'inherit',
    // Always a production build, whatever NODE_ENV the server runs with (a test server runs
    // with NODE_ENV=test, which would otherwise give React's development build and no update
    // notice).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`Build of ${workspace} failed`);
    process.exit(1);
  }
}

const started = Date.now();
const config = configOrExit();
const webDir = path.join(repo, 'apps', 'web');
const siteDir = path.join(repo, 'apps', 'site');
buildIfStale('@muster/web', webDir);
buildIfStale('@muster/site', siteDir);

const api = await startApi(config).catch((error: unknown) => {
  // One line, no stack: the usual causes (the data folder is in use by another process, a
  // database that cannot be reached) are explained by the message itself.
  console.error(`Muster could not start: ${(error as Error).message}`);
  process.exit(1);
});
const web = await createWebHosts(config, {
  app: path.join(webDir, 'dist'),
  site: path.join(siteDir, 'dist'),
});

closeOnSignals(
  async () => {
    await web.close();
    await api.close();
  },
  (msg) => console.log(msg),
);

await api.listen({ port: config.ports.api, host: config.host });
await web.listen();

const mode = [
  config.databaseUrl ? 'PostgreSQL' : `PGlite (${path.join(config.dataDir, 'pglite')})`,
  config.s3 ? `S3 bucket ${config.s3.bucket}` : `files in ${path.join(config.dataDir, 'files')}`,
  config.redisUrl ? 'Redis rate limits' : 'memory rate limits',
].join(', ');
console.log(`
Muster is running (${((Date.now() - started) / 1000).toFixed(1)} s; ${mode})
  App:  ${config.urls.app}
  API:  ${config.urls.api}   (docs ${config.urls.api}/docs)
  Site: ${config.urls.site}
Press Ctrl+C to stop.
`);
