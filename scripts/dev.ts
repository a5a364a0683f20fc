/**
 * `npm run dev`: the API under `node --watch` (restarts on change) and the Vite dev servers for the
 * app and the site, with their output prefixed. Ctrl+C stops all three.
 */
import './require-node.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

function start(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => {
    process.stdout.write(`[${name}] exited (${code})\n`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

start(
  'api',
  process.execPath,
  ['--import', 'tsx', '--watch', 'src/server.ts'],
  path.join(repo, 'apps/api'),
  {
    // Same data folder as `npm start`, whichever folder the API runs from.
    DATA_DIR: process.env.DATA_DIR ?? path.join(repo, 'data'),
  },
);
start(
  'app',
  'npx',
  ['vite', '--port', process.env.APP_PORT ?? '3000', '--strictPort'],
  path.join(repo, 'apps/web'),
);
start(
  'site',
  'npx',
  ['vite', '--port', process.env.SITE_PORT ?? '3002', '--strictPort'],
  path.join(repo, 'apps/site'),
);
