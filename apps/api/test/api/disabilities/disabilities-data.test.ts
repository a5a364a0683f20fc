import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_STEPS } from '@muster/contract/disabilities';
import { user, userProfiles } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { testDatabaseKind } from '../../helpers/config.ts';
import {
  FULL_ANSWERS,
  FULL_RECORDS,
  SECRETS,
  call,
  collectionUrl,
  createDisability,
  createFullDisability,
} from './disability-fixtures.ts';

/**
 * What disabilities look like where nobody reads them through the API: the database rows, the
 * logs, the account export, and after a delete or the account's erasure.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ captureLogs: true });
});
afterAll(async () => app.close());

/** The tables a disability's data lives in, with the columns that must hold ciphertext. */
const TABLES: Record<string, string[]> = {
  disabilities: ['diagnosis'],
  disability_answers: ['answers'],
  disability_records: ['details'],
  disability_secondary_connections: ['explanation'],
  disability_dsm_criteria: ['answers'],
};
const SEALED = /^enc:v1:\d+:[A-Za-z0-9+/]+=*$/;

type Raw = Record<string, unknown>;
async function rawRows(table: string, userId: string): Promise<Raw[]> {
  const result = await app.database.pool.query<Raw>(`SELECT * FROM ${table} WHERE user_id = $1`, [
    userId,
  ]);
  return result.rows;
}

async function countAll(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.keys(TABLES)) counts[table] = (await rawRows(table, userId)).length;
  const primaries = await app.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM disability_secondary_primaries p
       JOIN disability_secondary_connections c ON c.id = p.connection_id WHERE c.user_id = $1`,
    [userId],
  );
  counts.disability_secondary_primaries = primaries.rows[0]!.n;
  return counts;
}

/** A full disability, a second one it rests on, and their secondary connection. */
async function createEverything(token: string) {
  const full = await createFullDisability(app, token, 'Right knee');
  const primary = await createDisability(app, token, { title: 'Left hip' });
  const connection = await call(
    app,
    token,
    'POST',
    `/disabilities/${full.disability.id}/secondary-disabilities`,
    {
      primary_ids: [primary.id],
      explanation: 'Favouring the Gravenstock hip wore the knee down.',
    },
  );
  expect(connection.status, connection.text).toBe(201);
  return { ...full, primary, connectionId: connection.body!.id as string };
}

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

describe(`[DISABILITIES][AT REST] on ${testDatabaseKind}`, () => {
  it('[DISABILITIES][AT REST]: no narrative plaintext is stored; every narrative column holds ciphertext', async () => {
    const me = await signIn(app, 'rest.disabilities@example.com');
    const { disability, ids } = await createEverything(me.token);
    for (const [table, columns] of Object.entries(TABLES)) {
      const rows = await rawRows(table, me.userId);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        for (const column of columns) {
          if (row[column] !== null) expect(row[column], `${table}.${column}`).toMatch(SEALED);
        }
      }
      const text = JSON.stringify(rows);
      for (const secret of [...SECRETS, 'Gravenstock', 'Patellar tendinitis']) {
        expect(text, `${table}: ${secret}`).not.toContain(secret);
      }
    }
    // The title stays plain (lists and the palette search it); the diagnosis does not.
    const [row] = (await rawRows('disabilities', me.userId)).filter((r) => r.id === disability.id);
    expect(row).toMatchObject({ title: 'Right knee' });
    expect(row!.diagnosis).toMatch(SEALED);
    // Changed values are sealed again, and still open through the API.
    const treatmentUrl = `${collectionUrl('treatments', disability.id)}/${ids.treatments}`;
    await call(app, me.token, 'PATCH', treatmentUrl, { notes: 'Zyzzogeton physiotherapy' });
    await call(app, me.token, 'PUT', `/disabilities/${disability.id}/answers/flare-ups`, {
      triggers: 'Xanthelasmic weather',
    });
    await call(app, me.token, 'PATCH', `/disabilities/${disability.id}`, {
      diagnosis: 'Quokkanitis',
    });
    for (const table of Object.keys(TABLES)) {
      const text = JSON.stringify(await rawRows(table, me.userId));
      for (const secret of ['Zyzzogeton', 'Xanthelasmic', 'Quokkanitis']) {
        expect(text, `${table}: ${secret}`).not.toContain(secret);
      }
    }
    expect((await call(app, me.token, 'GET', treatmentUrl)).body).toMatchObject({
      notes: 'Zyzzogeton physiotherapy',
    });
    expect((await call(app, me.token, 'GET', `/disabilities/${disability.id}`)).body).toMatchObject(
      { diagnosis: 'Quokkanitis' },
    );
  });

  it('[DISABILITIES][LOGS]: narrative answers never reach the log, whatever the answer', async () => {
    const me = await signIn(app, 'logs.disabilities@example.com');
    const before = app.logLines.length;
    const { disability, ids } = await createEverything(me.token);
    await call(app, me.token, 'GET', `/disabilities/${disability.id}/answers`);
    // Refused input carrying the same words.
    await call(app, me.token, 'POST', collectionUrl('exposures', disability.id), {
      ...FULL_RECORDS.exposures,
      start_date: '2999-01-01',
    });
    await call(
      app,
      me.token,
      'PATCH',
      `${collectionUrl('treatments', disability.id)}/${ids.treatments}`,
      { ...FULL_RECORDS.treatments, end_date: '1900-01-01' },
    );
    await call(app, me.token, 'PUT', `/disabilities/${disability.id}/answers/flare-ups`, {
      ...FULL_ANSWERS['flare-ups'],
      severity: 11,
    });
    const log = app.logLines.slice(before).join('\n');
    expect(app.logLines.length - before).toBeGreaterThan(10);
    expect(log).toContain('/disabilities');
    for (const secret of SECRETS) expect(log, secret).not.toContain(secret);
  });
});

describe('[DISABILITIES][DELETE]', () => {
  it('[DISABILITIES][DELETE]: deleting a disability deletes everything under it, and nothing else', async () => {
    const me = await signIn(app, 'cascade.disabilities@example.com');
    const doomed = await createEverything(me.token);
    const kept = await createFullDisability(app, me.token, 'Kept');
    const before = await countAll(me.userId);
    expect(before).toEqual({
      disabilities: 3,
      disability_answers: 2 * ANSWER_STEPS.length,
      disability_records: 2 * 7,
      disability_secondary_connections: 1,
      disability_dsm_criteria: 2,
      disability_secondary_primaries: 1,
    });
    const response = await call(app, me.token, 'DELETE', `/disabilities/${doomed.disability.id}`);
    expect(response.status).toBe(204);
    expect(await countAll(me.userId)).toEqual({
      disabilities: 2,
      disability_answers: ANSWER_STEPS.length,
      disability_records: 7,
      disability_secondary_connections: 0,
      disability_dsm_criteria: 1,
      disability_secondary_primaries: 0,
    });
    // The other disabilities, and everything under the kept one, are untouched.
    expect((await call(app, me.token, 'GET', `/disabilities/${doomed.primary.id}`)).status).toBe(
      200,
    );
    const keptAnswers = await call(
      app,
      me.token,
      'GET',
      `/disabilities/${kept.disability.id}/answers`,
    );
    expect(
      (keptAnswers.body!.results as { answers: unknown }[]).every((step) => step.answers !== null),
    ).toBe(true);
  });

  it('[DISABILITIES][DELETE]: the delete is one transaction: a failure inside it leaves everything', async () => {
    const me = await signIn(app, 'cascade.rollback@example.com');
    const { primary } = await createEverything(me.token);
    const before = await countAll(me.userId);
    // Deleting the primary first removes it (its link to the connection goes by cascade), then
    // the connection it leaves without a primary. A trigger fails that second statement.
    await app.database.pool.query(`
      CREATE FUNCTION muster_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$;
      CREATE TRIGGER muster_test_refuse BEFORE DELETE ON disability_secondary_connections
        FOR EACH ROW EXECUTE FUNCTION muster_test_refuse();
    `);
    try {
      const response = await call(app, me.token, 'DELETE', `/disabilities/${primary.id}`);
      expect(response.status).toBe(500);
    } finally {
      await app.database.pool.query(`
        DROP TRIGGER muster_test_refuse ON disability_secondary_connections;
        DROP FUNCTION muster_test_refuse();
      `);
    }
    expect(await countAll(me.userId)).toEqual(before);
    expect((await call(app, me.token, 'GET', `/disabilities/${primary.id}`)).status).toBe(200);
    // Without the failure, the same delete takes the primary and the connection together.
    expect((await call(app, me.token, 'DELETE', `/disabilities/${primary.id}`)).status).toBe(204);
    expect(await countAll(me.userId)).toMatchObject({
      disabilities: before.disabilities! - 1,
      disability_secondary_connections: 0,
      disability_secondary_primaries: 0,
    });
  });
});

describe('[DISABILITIES][ACCOUNT]', () => {
  it('[DISABILITIES][ACCOUNT]: the export holds every disability with its answers and records, in full', async () => {
    const me = await signIn(app, 'export.disabilities@example.com');
    const other = await signIn(app, 'export.disabilities.other@example.com');
    const { disability, ids, primary, connectionId } = await createEverything(me.token);
    await call(app, me.token, 'PATCH', `/disabilities/${disability.id}`, {
      wizard_step: 'trauma-criteria',
    });
    await createDisability(app, other.token, { title: 'Not mine' });
    const response = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}/export`,
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    const exported = JSON.parse(entries.get('disabilities.json')!.toString()) as Record<
      string,
      unknown
    >[];
    expect(exported.map((entry) => entry.title)).toEqual(['Left hip', 'Right knee']);
    const full = exported.find((entry) => entry.id === disability.id)!;
    expect(full).toMatchObject({
      title: 'Right knee',
      diagnosis: 'Patellar tendinitis',
      wizard_step: 'trauma-criteria',
    });
    expect(full.answers).toEqual(
      ANSWER_STEPS.map((step) => ({
        step,
        answers: FULL_ANSWERS[step],
        updated_at: expect.any(String),
      })),
    );
    expect(full.secondary_disabilities).toEqual([
      expect.objectContaining({
        id: connectionId,
        primary_ids: [primary.id],
        explanation: 'Favouring the Gravenstock hip wore the knee down.',
      }),
    ]);
    expect(full.exposures).toEqual([
      expect.objectContaining({ id: ids.exposures, ...FULL_RECORDS.exposures }),
    ]);
    expect(full.treatments).toEqual([
      expect.objectContaining({ id: ids.treatments, notes: FULL_RECORDS.treatments.notes }),
    ]);
    const [condition] = full.mental_health_conditions as Record<string, unknown>[];
    expect(condition).toMatchObject({
      id: ids['mental-health-conditions'],
      ...FULL_RECORDS['mental-health-conditions'],
      traumatic_events: [
        expect.objectContaining({
          id: ids['traumatic-events'],
          ...FULL_RECORDS['traumatic-events'],
        }),
      ],
      behavior_changes: [expect.objectContaining(FULL_RECORDS['behavior-changes'])],
      official_reports: [expect.objectContaining(FULL_RECORDS['official-reports'])],
      evidence_sources: [expect.objectContaining(FULL_RECORDS['evidence-sources'])],
      dsm_criteria: [
        expect.objectContaining({
          criterion: 'B',
          answers: { met: 'yes', items: ['nightmares'], explanation: 'Karbalith dreams nightly.' },
        }),
      ],
    });
    expect(exported.find((entry) => entry.id === primary.id)).toMatchObject({
      answers: [],
      exposures: [],
      mental_health_conditions: [],
    });
  });

  it('[DISABILITIES][ACCOUNT]: erasing the account erases its disabilities and all under them, only its own', async () => {
    const leaving = await signIn(app, 'erase.disabilities@example.com');
    const staying = await signIn(app, 'erase.disabilities.stays@example.com');
    await createEverything(leaving.token);
    const kept = await createFullDisability(app, staying.token, 'Staying');
    const stayingBefore = await countAll(staying.userId);

    await app.database.db
      .update(userProfiles)
      .set({ isDeleted: true, deletionScheduledFor: new Date(Date.now() - 1000) })
      .where(eq(userProfiles.id, leaving.userId));
    await app.jobDefinitions.eraseAccount.handler({
      payload: { user_id: leaving.userId },
      jobId: 'test',
      attempt: 0,
      signal: new AbortController().signal,
      db: app.database.db,
      progress: async () => undefined,
    });
    expect(
      await app.database.db.select().from(user).where(eq(user.id, leaving.userId)),
    ).toHaveLength(0);
    expect(Object.values(await countAll(leaving.userId))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await countAll(staying.userId)).toEqual(stayingBefore);
    expect(
      (await call(app, staying.token, 'GET', `/disabilities/${kept.disability.id}`)).status,
    ).toBe(200);
  });
});
