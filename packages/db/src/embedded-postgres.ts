import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type EmbeddedPostgres = {
  /** node-postgres connection settings for the in-process server (a Unix socket, never TCP). */
  connection: { host: string; port: number; user: string; database: string };
  pglite: PGlite;
  stop(): Promise<void>;
};

/** The port number only names the socket file (`.s.PGSQL.<port>`); nothing listens on TCP. */
const SOCKET_PORT = 5432;

/**
 * Runs PGlite (PostgreSQL in WASM) in this process and exposes it on a private Unix socket, so
 * Drizzle, pg-boss and the auth library all use the ordinary `pg` driver, exactly as they do
 * against a real PostgreSQL server. See docs/decisions/0006-pglite-for-dev-and-tests.md.
 *
 * `dataDir` persists the database; `loadDataDir` starts from a dump (tests use a migrated dump).
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  maxConnections: number;
}): Promise<EmbeddedPostgres> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const socketDir = mkdtempSync(path.join(tmpdir(), 'muster-pg-'));
  const server = new PGLiteSocketServer({
    db: pglite,
    path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections: options.maxConnections,
  });
  await server.start();
  let stopped = false;
  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    pglite,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await pglite.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
