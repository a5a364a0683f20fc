import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veteranSchema, type Veteran } from '@muster/contract/veterans';
import { user, userProfiles, veterans } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { testDatabaseKind } from '../../helpers/config.ts';
import {
  FULL_RECORD,
  FULL_RECORD_SECRETS,
  createVeteran,
  getVeteran,
  listVeterans,
  primaries,
} from './veteran-fixtures.ts';

/**
 * What the records look like where nobody reads them through the API: the database rows, the
 * logs, the account export, after the account is gone, and under concurrent writes.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ captureLogs: true });
});
afterAll(async () => app.close());

type Raw = Record<string, unknown>;
async function rawRows(userId: string): Promise<Raw[]> {
  return (await app.database.pool.query<Raw>('SELECT * FROM veterans WHERE user_id = $1', [userId]))
    .rows;
}

const IDENTIFYING_COLUMNS = [
  'first_name',
  'middle_name',
  'last_name',
  'ssn',
  'va_file_number',
  'date_of_birth',
  'address',
  'phone',
  'email',
  'service_periods',
  'deployments',
  'notes',
];

async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** Runs the account erasure as if the grace period had passed. */
async function eraseAccount(userId: string) {
  await app.database.db
    .update(userProfiles)
    .set({ isDeleted: true, deletionScheduledFor: new Date(Date.now() - 1000) })
    .where(eq(userProfiles.id, userId));
  await app.jobDefinitions.eraseAccount.handler({
    payload: { user_id: userId },
    jobId: 'test',
    attempt: 0,
    signal: new AbortController().signal,
    db: app.database.db,
    progress: async () => undefined,
  });
}

describe('[VETERANS][AT REST]', () => {
  it('[VETERANS][AT REST]: no identifying plaintext is stored; every such column holds ciphertext', async () => {
    const me = await signIn(app, 'rest.rows@example.com');
    const made = await createVeteran(app, me.token, FULL_RECORD);
    await createVeteran(app, me.token, { first_name: 'Quillon', last_name: 'Brandywynne' });
    const rows = await rawRows(me.userId);
    expect(rows).toHaveLength(2);
    const full = rows.find((row) => row.id === made.id)!;
    for (const column of IDENTIFYING_COLUMNS) {
      expect(full[column], column).toMatch(/^enc:v1:\d+:[A-Za-z0-9+/]+=*$/);
    }
    // Nothing the veteran typed appears anywhere in the rows, in any column.
    const text = JSON.stringify(rows);
    for (const secret of [...FULL_RECORD_SECRETS, 'Quillon', 'Brandywynne']) {
      expect(text, secret).not.toContain(secret);
    }
    // Only the canonical branch names and the primary flag are plain.
    expect(full.branches).toEqual(['Marine Corps', 'Army']);
    expect(full.is_primary).toBe(true);
    // Changed values are sealed again, not stored in the clear.
    const patched = await app.inject({
      method: 'PATCH',
      url: `/veterans/${made.id}`,
      headers: bearer(me.token),
      payload: { notes: 'Zephyrine tinnitus since Fallujah', ssn: '345-67-8912' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = JSON.stringify(await rawRows(me.userId));
    for (const secret of ['Zephyrine', 'Fallujah', '345678912', '345-67-8912']) {
      expect(after, secret).not.toContain(secret);
    }
    // And they open again through the API.
    expect((await getVeteran(app, me.token, made.id, '?reveal=true')).ssn).toBe('345-67-8912');
  });

  it('[VETERANS][LOGS]: identifiers never reach the log, whatever the answer', async () => {
    const me = await signIn(app, 'rest.logs@example.com');
    const before = app.logLines.length;
    const made = await createVeteran(app, me.token, FULL_RECORD, '?reveal=true');
    await getVeteran(app, me.token, made.id, '?reveal=true');
    await listVeterans(app, me.token, '?reveal=true');
    // Refused input carrying the same identifiers.
    await app.inject({
      method: 'POST',
      url: '/veterans',
      headers: bearer(me.token),
      payload: { ...FULL_RECORD, date_of_birth: '2999-01-01' },
    });
    await app.inject({
      method: 'PATCH',
      url: `/veterans/${made.id}`,
      headers: bearer(me.token),
      payload: { ...FULL_RECORD, branches: ['Rosalind Diazmontoya 123-45-6789'] },
    });
    const log = app.logLines.slice(before).join('\n');
    expect(app.logLines.length - before).toBeGreaterThan(4);
    expect(log).toContain('/veterans');
    for (const secret of FULL_RECORD_SECRETS) expect(log, secret).not.toContain(secret);
  });
});

describe('[VETERANS][ACCOUNT]', () => {
  it('[VETERANS][ACCOUNT]: the export holds every record in full', async () => {
    const me = await signIn(app, 'account.export@example.com');
    const other = await signIn(app, 'account.export.other@example.com');
    const primary = await createVeteran(app, me.token, FULL_RECORD);
    const second = await createVeteran(app, me.token, { first_name: 'Helper', last_name: 'Vet' });
    await createVeteran(app, other.token, { first_name: 'Not', last_name: 'Mine' });
    const response = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}/export`,
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    const exported = veteranSchema
      .array()
      .parse(JSON.parse(entries.get('veterans.json')!.toString()));
    expect(exported).toEqual([
      { ...primary, ssn: '123-45-6789', va_file_number: 'C23456789' },
      second,
    ]);
  });

  it('[VETERANS][ACCOUNT]: erasing the account removes its records, and only its own', async () => {
    const leaving = await signIn(app, 'account.erase@example.com');
    const staying = await signIn(app, 'account.erase.stays@example.com');
    await createVeteran(app, leaving.token, FULL_RECORD);
    await createVeteran(app, leaving.token, { first_name: 'Second', last_name: 'Record' });
    const kept = await createVeteran(app, staying.token, { first_name: 'Kept', last_name: 'Vet' });
    expect(await rawRows(leaving.userId)).toHaveLength(2);

    await eraseAccount(leaving.userId);
    expect(
      await app.database.db.select().from(user).where(eq(user.id, leaving.userId)),
    ).toHaveLength(0);
    expect(await rawRows(leaving.userId)).toHaveLength(0);
    expect((await listVeterans(app, staying.token)).results).toEqual([kept]);
  });

  it('[VETERANS][ACCOUNT]: deleting the user row cascades to the records', async () => {
    const me = await signIn(app, 'account.cascade@example.com');
    await createVeteran(app, me.token, { first_name: 'Cascade', last_name: 'Vet' });
    await app.database.db.delete(user).where(eq(user.id, me.userId));
    expect(
      await app.database.db.select().from(veterans).where(eq(veterans.userId, me.userId)),
    ).toHaveLength(0);
  });
});

describe(`[VETERANS][CONCURRENCY] on ${testDatabaseKind}`, () => {
  /** Sends all at once and waits for every answer. */
  const together = <T>(count: number, send: (index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, index) => send(index)));

  it('[VETERANS][CONCURRENCY]: the database refuses a second primary, whoever writes it', async () => {
    const me = await signIn(app, 'conc.index@example.com');
    await createVeteran(app, me.token, { first_name: 'One', last_name: 'Vet' });
    await expect(
      app.database.pool.query(
        "INSERT INTO veterans (user_id, is_primary, first_name, last_name, service_periods, deployments) VALUES ($1, true, 'x', 'y', '[]', '[]')",
        [me.userId],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('[VETERANS][CONCURRENCY]: records created at once leave exactly one primary', async () => {
    const me = await signIn(app, 'conc.create@example.com');
    // Each round starts with no record, so every create races to be the first.
    for (let round = 0; round < 5; round += 1) {
      await app.database.db.delete(veterans).where(eq(veterans.userId, me.userId));
      const answers = await together(12, (i) =>
        app.inject({
          method: 'POST',
          url: '/veterans',
          headers: bearer(me.token),
          payload: { first_name: `Racer${round}-${i}`, last_name: 'Vet' },
        }),
      );
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join('\n'),
      ).toEqual(Array(12).fill(201));
      const made = answers.map((a) => veteranSchema.parse(a.json()));
      expect(made.filter((v) => v.is_primary)).toHaveLength(1);
      expect((await listVeterans(app, me.token)).meta.total).toBe(12);
      expect(await primaries(app, me.token)).toEqual([made.find((v) => v.is_primary)!.id]);
    }
  });

  it('[VETERANS][CONCURRENCY]: moving the primary to many records at once leaves exactly one', async () => {
    const me = await signIn(app, 'conc.move@example.com');
    const made: Veteran[] = [];
    for (let i = 0; i < 8; i += 1) {
      made.push(await createVeteran(app, me.token, { first_name: `Mover${i}`, last_name: 'Vet' }));
    }
    const answers = await together(8, (i) =>
      app.inject({
        method: 'PATCH',
        url: `/veterans/${made[i]!.id}`,
        headers: bearer(me.token),
        payload: { is_primary: true },
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await primaries(app, me.token)).toHaveLength(1);
  });

  it('[VETERANS][CONCURRENCY]: deleting many at once, the primary among them, leaves the survivor primary', async () => {
    const me = await signIn(app, 'conc.delete@example.com');
    for (let round = 0; round < 4; round += 1) {
      await app.database.db.delete(veterans).where(eq(veterans.userId, me.userId));
      const made: Veteran[] = [];
      for (let i = 0; i < 7; i += 1) {
        made.push(
          await createVeteran(app, me.token, {
            first_name: `Goner${round}-${i}`,
            last_name: 'Vet',
          }),
        );
      }
      // The primary (the oldest) goes together with every newer record, each of which it would
      // promote; only the second oldest survives and must end up the primary.
      const survivor = made[1]!;
      const doomed = made.filter((v) => v.id !== survivor.id);
      const answers = await together(doomed.length, (i) =>
        app.inject({
          method: 'DELETE',
          url: `/veterans/${doomed[i]!.id}`,
          headers: bearer(me.token),
        }),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(doomed.length).fill(204));
      expect(await primaries(app, me.token)).toEqual([survivor.id]);
    }
  });

  it('[VETERANS][CONCURRENCY]: creates, moves and deletes mixed leave exactly one primary while records remain', async () => {
    const me = await signIn(app, 'conc.mixed@example.com');
    for (let round = 0; round < 3; round += 1) {
      const existing = (await listVeterans(app, me.token, '?page_size=100')).results;
      const answers = await Promise.all([
        ...existing.map((v, i) =>
          app.inject({
            method: i % 2 === 0 ? 'DELETE' : 'PATCH',
            url: `/veterans/${v.id}`,
            headers: bearer(me.token),
            ...(i % 2 === 0 ? {} : { payload: { is_primary: true } }),
          }),
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: '/veterans',
            headers: bearer(me.token),
            payload: { first_name: `Mixed${round}-${i}`, last_name: 'Vet' },
          }),
        ),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);
      const remaining = await listVeterans(app, me.token, '?page_size=100');
      expect(remaining.meta.total).toBeGreaterThan(0);
      expect(await primaries(app, me.token)).toHaveLength(1);
    }
  });
});
