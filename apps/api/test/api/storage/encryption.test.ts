import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { findEncryptedColumns } from '@muster/db/encryption';
import { JobQueue } from '@muster/db/jobs';
import * as schema from '@muster/db/schema/index';
import { buildApp } from '#src/app.ts';
import { parseConfig } from '#src/config/env.ts';
import { registerJobs } from '#src/jobs/registry.ts';
import { parseKeyRing } from '#src/lib/crypto.ts';
import { enqueueEncryptionSweepIfNeeded } from '#src/modules/security/jobs/rotate-encryption.job.ts';
import { FILE_MAGIC, parseHeader } from '#src/modules/storage/file-encryption.ts';
import { completeUpload, createUpload } from '#src/modules/storage/storage.service.ts';
import { pdfOfSize } from '../../fixtures/files.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  // Newest first: apps sharing a database close before the one that owns it.
  for (const item of open.splice(0).reverse()) await item.close();
});

const contact = {
  name: 'Rosalind Okafor',
  email: 'rosalind.okafor@example.com',
  topic: 'question',
  message: 'My PTSD nightmares started after the 2011 convoy blast; how do I describe them?',
};

type Raw = Record<string, string | null>;
async function raw(app: FastifyInstance, query: string): Promise<Raw[]> {
  return (await app.database.pool.query<Raw>(query)).rows;
}

/** Every stored value of every encrypted column, as the database holds it. */
async function allEncryptedValues(app: FastifyInstance): Promise<{ at: string; value: string }[]> {
  const values: { at: string; value: string }[] = [];
  for (const c of findEncryptedColumns(schema)) {
    const rows = await raw(
      app,
      `SELECT "${c.columnName}" AS v FROM "${c.tableName}" WHERE "${c.columnName}" IS NOT NULL`,
    );
    for (const row of rows) values.push({ at: `${c.tableName}.${c.columnName}`, value: row.v! });
  }
  return values;
}

async function uploadLocal(app: TestApp, ownerId: string, bytes: Buffer) {
  const grant = await createUpload({
    db: app.database.db,
    storage: app.storage,
    ownerId,
    input: {
      kind: 'document',
      filename: 'letter.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    },
  });
  const put = await app.inject({
    method: 'PUT',
    url: new URL(grant.url!).pathname,
    headers: grant.headers,
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  await completeUpload({
    db: app.database.db,
    storage: app.storage,
    ownerId,
    fileId: grant.file_id,
    input: {},
  });
  return `u/${ownerId}/${grant.file_id}`;
}

async function waitForJob(jobs: JobQueue, name: string, id: string) {
  for (;;) {
    const state = await jobs.state(name, id);
    if (state === 'completed') return;
    if (state === 'failed' || state === 'cancelled') throw new Error(`job ${name} ended ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('[ENCRYPTION]', () => {
  it('[ENCRYPTION]: contact messages, outbox mail and names are stored as ciphertext and read back as plaintext', async () => {
    const app = await buildTestApp();
    open.push(app);
    expect(
      (await app.inject({ method: 'POST', url: '/contact', payload: contact })).json(),
    ).toEqual({ received: true });
    const [stored] = await raw(app, 'SELECT name, email, topic, message FROM contact_messages');
    expect(stored!.topic).toBe('question');
    for (const [column, plain] of [
      ['name', contact.name],
      ['email', contact.email],
      ['message', contact.message],
    ] as const) {
      expect(stored![column]).toMatch(/^enc:v1:1:[A-Za-z0-9+/]+=*$/);
      expect(stored![column]).not.toContain(plain.slice(0, 8));
    }
    const [read] = await app.database.db.select().from(schema.contactMessages);
    expect(read).toMatchObject({
      name: contact.name,
      email: contact.email,
      message: contact.message,
    });

    // Signing in mails a code: the outbox holds it only as ciphertext; the dev outbox still shows it.
    const me = await signIn(app, 'encrypted.names@example.com');
    const mail = await raw(
      app,
      `SELECT "to", subject, text, html FROM outbox_emails WHERE "to" = 'encrypted.names@example.com'`,
    );
    expect(mail).toHaveLength(1);
    for (const column of ['subject', 'text', 'html']) {
      expect(mail[0]![column]).toMatch(/^enc:v1:1:/);
      expect(mail[0]![column]).not.toMatch(/\b\d{6}\b|sign-in/i);
    }

    const patched = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { first_name: 'Rosalind', last_name: 'Okafor' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [profile] = await raw(
      app,
      `SELECT p.first_name, p.last_name, u.name FROM user_profiles p JOIN "user" u ON u.id = p.id WHERE p.id = '${me.userId}'`,
    );
    for (const value of Object.values(profile!)) {
      expect(value).toMatch(/^enc:v1:1:/);
      expect(value).not.toMatch(/Rosalind|Okafor/);
    }
    const profileRead = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
    });
    expect(profileRead.json()).toMatchObject({
      first_name: 'Rosalind',
      last_name: 'Okafor',
      full_name: 'Rosalind Okafor',
    });
    // Sessions still resolve the (encrypted) name through the auth library.
    const session = await app.inject({
      method: 'GET',
      url: '/auth/get-session',
      headers: bearer(me.token),
    });
    expect(session.json()).toMatchObject({ user: { name: 'Rosalind Okafor' } });
  });

  it('[ENCRYPTION]: rotating the key re-encrypts every encrypted column and local file in a job, plaintext rows too', async () => {
    const k1 = randomBytes(32).toString('base64');
    const k2 = randomBytes(32).toString('base64');
    const a = await buildTestApp({ env: { ENCRYPTION_KEY: k1 } });
    open.push(a);

    // Written under key 1.
    await a.inject({ method: 'POST', url: '/contact', payload: contact });
    const me = await signIn(a, 'rotation.owner@example.com');
    await a.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { first_name: 'Marcus', last_name: 'Reyes' },
    });
    const pdf = pdfOfSize(150_000);
    const uploadedKey = await uploadLocal(a, me.userId, pdf);
    // Written before encryption existed: a plaintext row and a plaintext file.
    const legacyMessage = 'Legacy plaintext: knee pain after the 2006 parachute landing.';
    await a.database.db.execute(
      sql`INSERT INTO contact_messages (id, name, email, topic, message) VALUES (${randomUUID()}, 'Legacy Writer', 'legacy@example.com', 'other', ${legacyMessage})`,
    );
    const legacyKey = `u/${me.userId}/${randomUUID()}`;
    const legacyFile = path.join(a.dataDir, 'files', legacyKey);
    mkdirSync(path.dirname(legacyFile), { recursive: true });
    writeFileSync(legacyFile, pdf);
    await a.database.db.insert(schema.files).values({
      id: legacyKey.split('/')[2]!,
      ownerId: me.userId,
      kind: 'document',
      storageKey: legacyKey,
      filename: 'old.pdf',
      declaredType: 'application/pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      status: 'ready',
    });
    const before = await allEncryptedValues(a);
    expect(before.filter((v) => v.value.startsWith('enc:v1:1:')).length).toBeGreaterThanOrEqual(8);
    expect(
      before
        .filter((v) => !v.value.startsWith('enc:'))
        .map((v) => v.at)
        .sort(),
    ).toEqual(['contact_messages.email', 'contact_messages.message', 'contact_messages.name']);

    // The same database and files, restarted with the ring `2:<new>,1:<old>`.
    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: a.dataDir,
      ENCRYPTION_KEY: `2:${k2},1:${k1}`,
    });
    const b = await buildApp({
      config,
      database: a.database,
      keyRing: parseKeyRing(config.encryptionKey!),
    });
    open.push(b);
    await b.ready();
    const jobs = new JobQueue({
      connection: a.database.connection,
      db: a.database.db,
      logger: b.log,
      pollingIntervalSeconds: 0.5,
    });
    registerJobs(jobs, b.jobDefinitions);
    await jobs.start({ work: true });
    open.push({ close: () => jobs.stop({ graceful: false }) });
    const sweep = {
      db: b.database.db,
      jobs,
      definition: b.jobDefinitions.rotateEncryption,
      keyRing: b.keyRing,
      storage: b.storage,
    };
    const jobId = await enqueueEncryptionSweepIfNeeded(sweep);
    expect(jobId).not.toBeNull();
    await waitForJob(jobs, 'security.rotate-encryption', jobId!);

    const after = await allEncryptedValues(b);
    expect(after).toHaveLength(before.length);
    expect(after.filter((v) => !v.value.startsWith('enc:v1:2:'))).toEqual([]);
    const messages = await b.database.db.select().from(schema.contactMessages);
    expect(messages.map((m) => m.message).sort()).toEqual([legacyMessage, contact.message].sort());
    const outbox = (await b.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
      to: string;
      text: string;
    }[];
    expect(outbox.find((m) => m.to === 'rotation.owner@example.com')?.text).toMatch(/\b\d{6}\b/);
    for (const key of [uploadedKey, legacyKey]) {
      const onDisk = readFileSync(path.join(a.dataDir, 'files', key));
      expect(onDisk.subarray(0, 8)).toEqual(FILE_MAGIC);
      expect(parseHeader(onDisk)!.keyId).toBe(2);
      expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
      expect(await b.storage.size(key)).toBe(pdf.length);
      expect(await b.storage.readStart(key, pdf.length)).toEqual(pdf);
    }
    const [recorded] = await b.database.db.select().from(schema.encryptionSweeps);
    expect(recorded).toMatchObject({ keyId: 2, valuesRewritten: before.length, filesRewritten: 2 });

    // Done once: the next start enqueues nothing, and running the sweep again changes nothing.
    expect(await enqueueEncryptionSweepIfNeeded(sweep)).toBeNull();
    await b.jobDefinitions.rotateEncryption.handler({
      payload: { key_id: 2, columns_hash: recorded!.columnsHash },
      jobId: 'again',
      attempt: 1,
      signal: new AbortController().signal,
      db: b.database.db,
      progress: async () => undefined,
    });
    expect(await allEncryptedValues(b)).toEqual(after);

    // Key 1 is no longer needed: a ring holding only key 2 reads everything.
    await b.close();
    const onlyNew = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: a.dataDir,
      ENCRYPTION_KEY: `2:${k2}`,
    });
    const c = await buildApp({
      config: onlyNew,
      database: a.database,
      keyRing: parseKeyRing(onlyNew.encryptionKey!),
    });
    open.push(c);
    await c.ready();
    const [profile] = await c.database.db.select().from(schema.userProfiles);
    expect(profile).toMatchObject({ firstName: 'Marcus', lastName: 'Reyes' });
    expect(await c.storage.readStart(uploadedKey, 8)).toEqual(pdf.subarray(0, 8));
  });
});
