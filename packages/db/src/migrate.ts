import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../migrations',
);

/** Any fixed 64-bit number; every replica that starts takes the same lock. */
const MIGRATION_LOCK_KEY = 72_617_001;

type Journal = { entries: { tag: string; when: number }[] };

function readJournal(folder: string): Journal {
  return JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
}

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so replicas starting together apply
 * them once. The lock and the migrations run on one dedicated connection. `folder` holds the
 * migrations: this package's own by default; the API passes the one it finds, which its bundle,
 * running from another folder, could not find from here.
 */
export async function runMigrations(
  pool: pg.Pool,
  folder: string = MIGRATIONS_FOLDER,
): Promise<{ applied: number }> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const before = await countApplied(client);
      await migrate(drizzle(client), { migrationsFolder: folder });
      const after = await countApplied(client);
      return { applied: after - before };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function countApplied(client: pg.PoolClient | pg.Pool): Promise<number> {
  const exists = await client.query<{ present: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!exists.rows[0]?.present) return 0;
  const result = await client.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations',
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** `applied` when every committed migration (of `folder`) is recorded in the database. */
export async function migrationState(
  pool: pg.Pool,
  folder: string = MIGRATIONS_FOLDER,
): Promise<'applied' | 'pending'> {
  const expected = readJournal(folder).entries.length;
  const applied = await countApplied(pool);
  return applied >= expected ? 'applied' : 'pending';
}
