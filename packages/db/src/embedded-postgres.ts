import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { isProcessAlive, lockDataDir } from './data-dir-lock.ts';
import { PgliteWireServer } from './pglite-wire-server.ts';

export type EmbeddedPostgres = {
  /** node-postgres connection settings for the in-process server (a Unix socket, never TCP). */
  connection: { host: string; port: number; user: string; database: string };
  pglite: PGlite;
  stop(): Promise<void>;
};

/** The port number only names the socket file (`.s.PGSQL.<port>`); nothing listens on TCP. */
const SOCKET_PORT = 5432;
const SOCKET_DIR_PREFIX = 'muster-pg-';

function isRecent(dir: string): boolean {
  try {
    return Date.now() - statSync(dir).mtimeMs < 5 * 60_000;
  } catch {
    return true;
  }
}

/** Whether anything still answers on a Unix socket (an embedded database of a live process). */
function socketAnswers(file: string): Promise<boolean> {
  if (!existsSync(file)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect(file);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(true));
  });
}

/**
 * Removes socket folders left in the temp folder by embedded databases whose process died without
 * stopping (kill -9). Folders are named after their process id, and those of live processes stay;
 * folders named before that rule are removed when they are a few minutes old and nothing answers
 * on their socket.
 */
export async function removeStaleSocketDirs(root = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of entries) {
    if (!name.startsWith(SOCKET_DIR_PREFIX)) continue;
    const dir = path.join(root, name);
    const pid = /^muster-pg-(\d+)-/.exec(name)?.[1];
    if (pid) {
      if (Number(pid) === process.pid || isProcessAlive(Number(pid))) continue;
    } else if (isRecent(dir) || (await socketAnswers(path.join(dir, `.s.PGSQL.${SOCKET_PORT}`)))) {
      // A folder made a moment ago may belong to a process that has not started listening yet.
      continue;
    }
    rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Runs PGlite (PostgreSQL in WASM) in this process and exposes it on a private Unix socket, so
 * Drizzle, pg-boss and the auth library all use the ordinary `pg` driver, exactly as they do
 * against a real PostgreSQL server. See docs/decisions/0006-pglite-through-an-in-process-socket.md.
 *
 * `dataDir` persists the database and is locked for this process (a second process on it fails
 * at once); `loadDataDir` starts from a dump (tests use a migrated dump).
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string | undefined;
  loadDataDir?: Blob | undefined;
  maxConnections: number;
}): Promise<EmbeddedPostgres> {
  await removeStaleSocketDirs();
  let unlock: (() => void) | undefined;
  if (options.dataDir) {
    mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
    unlock = lockDataDir(path.resolve(options.dataDir));
  }
  let pglite: PGlite | undefined;
  let socketDir: string | undefined;
  try {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    socketDir = mkdtempSync(path.join(tmpdir(), `${SOCKET_DIR_PREFIX}${process.pid}-`));
    const server = new PgliteWireServer({
      pglite,
      path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      maxConnections: options.maxConnections,
    });
    await server.start();
    const engine = pglite;
    const dir = socketDir;
    let stopped = false;
    return {
      connection: { host: dir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
      pglite: engine,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await server.stop();
          await engine.close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
          unlock?.();
        }
      },
    };
  } catch (error) {
    await pglite?.close().catch(() => undefined);
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
    unlock?.();
    throw error;
  }
}
