import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from './client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';

/**
 * Throwaway databases for tests. With `postgresUrl` (TEST_DATABASE_URL) each call creates a fresh
 * database on that server, migrates it and drops it on close. Without, each call starts PGlite from
 * a migrated dump, made once per migration set and cached in the temp folder (initdb + migrate is
 * seconds; loading the dump is well under one).
 */
export async function createTestDatabase(options: { postgresUrl?: string | undefined } = {}) {
  if (options.postgresUrl) return createPostgresTestDatabase(options.postgresUrl);
  const dump = await migratedPgliteDump();
  const database = await createDatabase({ pgliteDump: dump, poolSize: 5 });
  return database;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

let dumpPromise: Promise<Blob> | undefined;

export function migratedPgliteDump(): Promise<Blob> {
  dumpPromise ??= (async () => {
    const file = path.join(tmpdir(), `muster-pglite-template-${migrationsHash()}.tgz`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await createDatabase({ poolSize: 2 });
    try {
      await runMigrations(database.pool);
      const dump = await database.pglite!.dumpDataDir('gzip');
      writeFileAtomic(file, new Uint8Array(await dump.arrayBuffer()));
      return dump;
    } finally {
      await database.close();
    }
  })();
  return dumpPromise;
}

async function createPostgresTestDatabase(serverUrl: string): Promise<Database> {
  const scratch = await createScratchPostgresDatabase(serverUrl);
  const database = await createDatabase({ url: scratch.url, poolSize: 5 });
  try {
    await runMigrations(database.pool);
  } catch (error) {
    await database.close();
    await scratch.drop();
    throw error;
  }
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await scratch.drop();
    },
  };
}

export function writeFileAtomic(file: string, data: Uint8Array) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** A new empty database on a PostgreSQL server (no migrations), dropped by `drop()`. */
export async function createScratchPostgresDatabase(serverUrl: string) {
  const name = `muster_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
