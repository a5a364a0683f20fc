import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/client.ts';
import { migrationState, runMigrations } from '../src/migrate.ts';
import { user, userProfiles } from '../src/schema/index.ts';
import { createTestDatabase } from '../src/testing.ts';
import { testPostgresUrl } from './config.ts';

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

describe.each(testPostgresUrl ? ['pglite', 'postgres'] : ['pglite'])('database on %s', (kind) => {
  const make = async () => {
    const database = await createTestDatabase({
      postgresUrl: kind === 'postgres' ? testPostgresUrl : undefined,
    });
    open.push(database);
    return database;
  };

  it('[DB]: starts migrated, with user_profiles defaults from the spec', async () => {
    const { db, pool } = await make();
    expect(await migrationState(pool)).toBe('applied');
    await db.insert(user).values({ id: 'user_1', name: 'Vet', email: 'vet@example.com' });
    const [row] = await db
      .insert(userProfiles)
      .values({ id: 'user_1', email: 'vet@example.com' })
      .returning();
    expect(row).toMatchObject({
      firstName: 'Veteran',
      lastName: 'Doe',
      isDeleted: false,
      themeEnabled: false,
      servedBranches: [],
      isVaAuthenticated: { benefit_claims: false, veteran_verification: false },
    });
  });

  it('[DB]: migrating again applies nothing', async () => {
    const { pool } = await make();
    expect(await runMigrations(pool)).toEqual({ applied: 0 });
  });

  it('[DB]: concurrent migrations on many connections apply once (advisory lock)', async () => {
    const { pool } = await make();
    const results = await Promise.all([runMigrations(pool), runMigrations(pool), runMigrations(pool)]);
    expect(results.map((r) => r.applied)).toEqual([0, 0, 0]);
  });

  it('[DB]: a transaction on one connection is not seen by another until commit', async () => {
    const { db } = await make();
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id: 'tx_user', name: 'Tx', email: 'tx@example.com' });
      await tx.insert(userProfiles).values({ id: 'tx_user', email: 'tx@example.com' });
      const inside = await tx.select().from(userProfiles).where(eq(userProfiles.id, 'tx_user'));
      expect(inside).toHaveLength(1);
    });
    const count = await db.execute(sql`select count(*)::int as n from user_profiles`);
    expect(count.rows[0]).toEqual({ n: 1 });
  });
});

describe('embedded PGlite', () => {
  it('[DB]: persists to its data dir across restarts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-db-'));
    try {
      const first = await createDatabase({ pgliteDir: path.join(dir, 'pglite') });
      await runMigrations(first.pool);
      await first.db.insert(user).values({ id: 'kept', name: 'Kept', email: 'kept@example.com' });
      await first.db.insert(userProfiles).values({ id: 'kept', email: 'kept@example.com' });
      await first.close();
      const second = await createDatabase({ pgliteDir: path.join(dir, 'pglite') });
      try {
        expect(await migrationState(second.pool)).toBe('applied');
        const rows = await second.db.select().from(userProfiles);
        expect(rows.map((r) => r.id)).toEqual(['kept']);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
