import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/client.ts';
import {
  countStaleEncryptedValues,
  registerFieldCipher,
  rotateEncryptedColumns,
} from '../src/encryption.ts';
import { migrationState, runMigrations } from '../src/migrate.ts';
import * as schema from '../src/schema/index.ts';
import { user, userProfiles } from '../src/schema/index.ts';
import { createTestDatabase } from '../src/testing.ts';
import { testPostgresUrl } from './config.ts';
import { testFieldCipher } from './field-cipher.ts';

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

const oldKey = randomBytes(32);
let unregister: () => void;
beforeAll(() => {
  unregister = registerFieldCipher(testFieldCipher(new Map([[1, oldKey]])));
});
afterAll(() => unregister());

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

  it('[DB]: encrypted columns hold an envelope, read back as plaintext, and re-seal under a new key', async () => {
    const { db, pool } = await make();
    await db
      .insert(user)
      .values({ id: 'enc_user', name: 'Marcus Reyes', email: 'marcus@example.com' });
    await db
      .insert(userProfiles)
      .values({ id: 'enc_user', email: 'marcus@example.com', firstName: 'Marcus' });
    await pool.query(
      `INSERT INTO contact_messages (id, name, email, topic, message) VALUES ('legacy', 'Old', 'old@example.com', 'other', 'written before encryption')`,
    );
    const rawRow = async () =>
      (
        await pool.query<{ name: string; first_name: string; last_name: string; message: string }>(
          `SELECT u.name, p.first_name, p.last_name, (SELECT message FROM contact_messages) AS message
         FROM "user" u JOIN user_profiles p ON p.id = u.id WHERE u.id = 'enc_user'`,
        )
      ).rows[0]!;
    const before = await rawRow();
    expect(before.name).toMatch(/^enc:v1:1:/);
    expect(before.first_name).toMatch(/^enc:v1:1:/);
    expect(before.last_name).toMatch(/^enc:v1:1:/); // the app-side default is sealed too
    expect(before.message).toBe('written before encryption');
    expect(JSON.stringify(before)).not.toMatch(/Marcus|Reyes/);
    const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.id, 'enc_user'));
    expect(profile).toMatchObject({ firstName: 'Marcus', lastName: 'Doe' });

    expect(await countStaleEncryptedValues(db, schema)).toBe(3); // the legacy plaintext row
    const rotated = registerFieldCipher(
      testFieldCipher(
        new Map([
          [2, randomBytes(32)],
          [1, oldKey],
        ]),
      ),
    );
    try {
      const result = await rotateEncryptedColumns(db, schema, { batchSize: 1 });
      expect(result.reduce((sum, c) => sum + c.rewritten, 0)).toBe(6); // 3 sealed under key 1 + 3 legacy plaintext
      const after = await rawRow();
      for (const value of Object.values(after)) expect(value).toMatch(/^enc:v1:2:/);
      expect((await db.select().from(schema.contactMessages))[0]!.message).toBe(
        'written before encryption',
      );
      expect(await countStaleEncryptedValues(db, schema)).toBe(0);
      expect(await rotateEncryptedColumns(db, schema)).toSatisfy((r: { rewritten: number }[]) =>
        r.every((c) => c.rewritten === 0),
      );
    } finally {
      rotated();
    }
  });

  it('[DB]: migrating again applies nothing', async () => {
    const { pool } = await make();
    expect(await runMigrations(pool)).toEqual({ applied: 0 });
  });

  it('[DB]: concurrent migrations on many connections apply once (advisory lock)', async () => {
    const { pool } = await make();
    const results = await Promise.all([
      runMigrations(pool),
      runMigrations(pool),
      runMigrations(pool),
    ]);
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
