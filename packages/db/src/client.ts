import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
export type PgConnection = string | pg.ClientConfig;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** How other libraries (pg-boss, the auth library) reach the same database. */
  connection: PgConnection;
  kind: 'postgres' | 'pglite';
  /** The embedded engine, when there is one (tests dump it). */
  pglite?: PGlite | undefined;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** `postgres://…` → PostgreSQL; unset → embedded PGlite. */
  url?: string | undefined;
  /** Where PGlite persists its files (`$DATA_DIR/pglite`). Unset with no url → in memory. */
  pgliteDir?: string | undefined;
  /** Start PGlite from a dump instead of (or before) its data dir; tests use a migrated dump. */
  pgliteDump?: Blob | undefined;
  poolSize?: number;
};

const DEFAULT_POOL_SIZE = 10;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  let embedded: EmbeddedPostgres | undefined;
  let connection: PgConnection;
  if (options.url) {
    connection = options.url;
  } else {
    // pg-boss opens its own small pool beside ours; leave room for it.
    embedded = await startEmbeddedPostgres({
      dataDir: options.pgliteDir,
      loadDataDir: options.pgliteDump,
      maxConnections: poolSize + 20,
    });
    connection = embedded.connection;
  }
  const pool = new pg.Pool({
    ...(typeof connection === 'string' ? { connectionString: connection } : connection),
    max: poolSize,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    pool,
    connection,
    kind: embedded ? 'pglite' : 'postgres',
    pglite: embedded?.pglite,
    async close() {
      if (closed) return;
      closed = true;
      if (!pool.ended) await pool.end();
      await embedded?.stop();
    },
  };
}

export { schema };
