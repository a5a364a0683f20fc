import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { userProfileSchema } from '@muster/contract/users';
import { files, subscriptions, threads, user, userProfiles } from '@muster/db/schema/index';
import { completeUpload, createUpload } from '#src/modules/storage/storage.service.ts';
import { PDF_BYTES } from '../../fixtures/files.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';

let app: TestApp;
let url: string;
beforeAll(async () => {
  ({ app, url } = await startTestServer({ withJobs: true }));
});
afterAll(async () => app.close());

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

describe('[USERS]', () => {
  it('[USERS]: the profile of section 3, and 404 for anyone else', async () => {
    const me = await signIn(app, 'profile.owner@example.com');
    const other = await signIn(app, 'profile.other@example.com');
    const response = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(200);
    const profile = userProfileSchema.parse(response.json());
    expect(profile).toMatchObject({
      id: me.userId,
      email: 'profile.owner@example.com',
      first_name: 'Veteran',
      last_name: 'Tango',
      has_name: false,
      is_deleted: false,
      subscription_status: null,
      served_branches: [],
    });
    const theirs = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: ERR.NOT_FOUND });
    const patchTheirs = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(other.token),
      payload: { first_name: 'Mallory' },
    });
    expect(patchTheirs.statusCode).toBe(404);
    expect(
      (await app.database.db.select().from(userProfiles).where(eq(userProfiles.id, me.userId)))[0]!
        .firstName,
    ).toBe('Veteran');
  });

  it('[USERS]: PATCH normalises branches and refuses unknown ones without saving anything', async () => {
    const me = await signIn(app, 'branches@example.com');
    const ok = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: {
        first_name: 'Rosa',
        last_name: 'Diaz',
        served_branches: [{ branch: 'USMC' }, { branch: 'marines' }, { branch: 'U.S. Army' }],
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Diaz',
      full_name: 'Rosa Diaz',
      has_name: true,
      served_branches: [{ branch: 'Marine Corps' }, { branch: 'Army' }],
    });
    // The sign-in identity's name follows the profile.
    const session = await app.inject({
      method: 'GET',
      url: '/auth/get-session',
      headers: bearer(me.token),
    });
    expect(session.json()).toMatchObject({ user: { name: 'Rosa Diaz' } });
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { last_name: 'Reyes' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(
      (
        await app.database.db.select({ name: user.name }).from(user).where(eq(user.id, me.userId))
      )[0],
    ).toEqual({ name: 'Rosa Reyes' });
    const bad = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { first_name: 'Changed', served_branches: [{ branch: 'Starfleet' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { served_branches: 'Starfleet is not a recognized military branch' },
    });
    const after = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
    });
    expect(after.json()).toMatchObject({ first_name: 'Rosa' });
    const empty = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('[USERS]: has_name stays false until a real first name replaces the sign-up placeholder', async () => {
    const me = await signIn(app, 'has.name@example.com');
    const lastOnly = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { last_name: 'Doe' },
    });
    expect(lastOnly.json()).toMatchObject({
      first_name: 'Veteran',
      last_name: 'Doe',
      has_name: false,
    });
    const named = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { first_name: 'Ana' },
    });
    expect(named.json()).toMatchObject({ full_name: 'Ana Doe', has_name: true });
    const read = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
    });
    expect(userProfileSchema.parse(read.json()).has_name).toBe(true);
  });

  it('[USERS]: deletion signs out everywhere, can be undone after signing in again, and the job erases everything', async () => {
    const me = await signIn(app, 'leaving.vet@example.com');
    const second = await signIn(app, 'leaving.vet@example.com');
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: me.userId,
      input: {
        kind: 'document',
        filename: 'dd214.pdf',
        content_type: 'application/pdf',
        size: PDF_BYTES.length,
      },
    });
    await fetch(grant.url!, { method: 'PUT', body: PDF_BYTES });
    await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: me.userId,
      fileId: grant.file_id,
      input: {},
    });
    await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(me.token),
      payload: { title: 'Knee flare-ups' },
    });

    const requested = await app.inject({
      method: 'POST',
      url: `/users/${me.userId}/request-deletion`,
      headers: bearer(me.token),
    });
    expect(requested.statusCode).toBe(200);
    const body = requested.json() as { is_deleted: boolean; deletion_scheduled_for: string };
    expect(body.is_deleted).toBe(true);
    const days = (new Date(body.deletion_scheduled_for).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    for (const token of [me.token, second.token]) {
      expect(
        (await app.inject({ method: 'GET', url: `/users/${me.userId}`, headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
    }

    const back = await signIn(app, 'leaving.vet@example.com');
    const profile = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}`,
      headers: bearer(back.token),
    });
    expect(profile.json()).toMatchObject({ is_deleted: true });
    const undo = await app.inject({
      method: 'POST',
      url: `/users/${me.userId}/cancel-deletion`,
      headers: bearer(back.token),
    });
    expect(undo.json()).toEqual({ is_deleted: false, deletion_scheduled_for: null });

    // Delete again and run the erasure as if the grace period had passed.
    await app.inject({
      method: 'POST',
      url: `/users/${me.userId}/request-deletion`,
      headers: bearer(back.token),
    });
    await app.database.db
      .update(userProfiles)
      .set({ deletionScheduledFor: new Date(Date.now() - 1000) })
      .where(eq(userProfiles.id, me.userId));
    await app.jobDefinitions.eraseAccount.handler({
      payload: { user_id: me.userId },
      jobId: 'test',
      attempt: 0,
      signal: new AbortController().signal,
      db: app.database.db,
      progress: async () => undefined,
    });
    expect(await app.database.db.select().from(user).where(eq(user.id, me.userId))).toHaveLength(0);
    expect(
      await app.database.db.select().from(files).where(eq(files.ownerId, me.userId)),
    ).toHaveLength(0);
    expect(
      await app.database.db.select().from(threads).where(eq(threads.userId, me.userId)),
    ).toHaveLength(0);
    expect(await app.storage.size(`u/${me.userId}/${grant.file_id}`)).toBeNull();
  });

  it('[USERS]: the erase job does nothing for a canceled deletion', async () => {
    const me = await signIn(app, 'stays@example.com');
    await app.jobDefinitions.eraseAccount.handler({
      payload: { user_id: me.userId },
      jobId: 'test',
      attempt: 0,
      signal: new AbortController().signal,
      db: app.database.db,
      progress: async () => undefined,
    });
    expect(await app.database.db.select().from(user).where(eq(user.id, me.userId))).toHaveLength(1);
  });

  it('[USERS]: export is a zip of JSON and files, for any plan status', async () => {
    const me = await signIn(app, 'exporter@example.com');
    await app.database.db.insert(subscriptions).values({
      userId: me.userId,
      plan: 'PRO_MONTHLY',
      priceId: 'price_pro_monthly',
      status: 'canceled',
      provider: 'stripe',
    });
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: me.userId,
      input: {
        kind: 'document',
        filename: 'rating decision.pdf',
        content_type: 'application/pdf',
        size: PDF_BYTES.length,
      },
    });
    await fetch(grant.url!, { method: 'PUT', body: PDF_BYTES });
    await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: me.userId,
      fileId: grant.file_id,
      input: {},
    });
    await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(me.token),
      payload: { title: 'Tinnitus evidence' },
    });
    const response = await fetch(`${url}/users/${me.userId}/export`, { headers: bearer(me.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.json',
        'cfiles.json',
        'claims.json',
        'deadlines.json',
        'decision-letters.json',
        'disabilities.json',
        'documents.json',
        `files/${grant.file_id}-rating decision.pdf`,
        'files.json',
        'intent-to-file.json',
        'layman-statements.json',
        'nexus-letters.json',
        'nexus-provider-requests.json',
        'messages.json',
        'personal-statements.json',
        'profile.json',
        'subscription.json',
        'threads.json',
        'usage.json',
        'va-526-submissions.json',
        'veterans.json',
        'vso.json',
      ].sort(),
    );
    expect(JSON.parse(entries.get('threads.json')!.toString())).toEqual([
      expect.objectContaining({ title: 'Tinnitus evidence' }),
    ]);
    expect(JSON.parse(entries.get('profile.json')!.toString())).toMatchObject({
      email: 'exporter@example.com',
    });
    expect(entries.get(`files/${grant.file_id}-rating decision.pdf`)).toEqual(PDF_BYTES);
    const other = await signIn(app, 'nosy@example.com');
    expect(
      (await fetch(`${url}/users/${me.userId}/export`, { headers: bearer(other.token) })).status,
    ).toBe(404);
  });

  it('[USERS][DELETION]: an account pending deletion reads and exports, but every change answers 403 until it is kept', async () => {
    const me = await signIn(app, 'pending.vet@example.com');
    const created = await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(me.token),
      payload: { title: 'Before' },
    });
    const threadId = created.json<{ id: string }>().id;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/users/${me.userId}/request-deletion`,
          headers: bearer(me.token),
        })
      ).statusCode,
    ).toBe(200);
    const back = await signIn(app, 'pending.vet@example.com');
    const as = bearer(back.token);

    // Writes that are not the signed-in user's to block: sign-in and sign-out, public forms and
    // calculators, signature-authorized callbacks, and keeping the account (checked last).
    const open = new Set([
      'POST /auth/email-otp/send-verification-otp',
      'POST /auth/sign-in/email-otp',
      'POST /auth-bridge/exchange',
      'POST /auth/sign-out',
      'POST /auth/sign-in/anonymous',
      'POST /stripe/webhook',
      'PUT /storage/local/:token',
      'POST /calculator/combined-rating',
      'POST /calculator/compensation',
      'POST /contact',
      'POST /users/:userId/cancel-deletion',
    ]);
    const writes = app.routeTable.filter(
      (r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.url.startsWith('/docs'),
    );
    const blocked = writes.filter((r) => !open.has(`${r.method} ${r.url}`));
    expect(blocked.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /threads',
        'DELETE /threads/:id',
        'PATCH /users/:userId',
        'POST /users/:userId/request-deletion',
      ]),
    );
    expect(writes.filter((r) => open.has(`${r.method} ${r.url}`))).toHaveLength(open.size);
    for (const route of blocked) {
      const target = route.url
        .replace(':userId', me.userId)
        .replace(':id', route.url.startsWith('/threads') ? threadId : me.userId);
      const response = await app.inject({
        method: route.method as 'POST',
        url: target,
        headers: as,
        ...(route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const key = `${route.method} ${route.url}`;
      expect(response.statusCode, key).toBe(403);
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.code, key).toBe(ERR.FORBIDDEN);
      expect(body.detail, key).toMatch(/scheduled for deletion.*Keep my account/);
    }
    // Nothing changed; reads and the export still work.
    expect(
      await app.database.db.select().from(threads).where(eq(threads.userId, me.userId)),
    ).toHaveLength(1);
    const profile = await app.inject({ method: 'GET', url: `/users/${me.userId}`, headers: as });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ is_deleted: true, first_name: 'Veteran' });
    expect((await app.inject({ method: 'GET', url: '/threads', headers: as })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/search?q=Before', headers: as })).statusCode,
    ).toBe(200);
    expect((await fetch(`${url}/users/${me.userId}/export`, { headers: as })).status).toBe(200);

    // "Keep my account" lifts the block.
    const kept = await app.inject({
      method: 'POST',
      url: `/users/${me.userId}/cancel-deletion`,
      headers: as,
    });
    expect(kept.json()).toEqual({ is_deleted: false, deletion_scheduled_for: null });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/threads',
          headers: as,
          payload: { title: 'After' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('[USERS][DELETION]: a deletion requested but not yet flagged blocks changes too', async () => {
    const me = await signIn(app, 'half.deleted@example.com');
    await app.database.db
      .update(userProfiles)
      .set({ deletionRequestedAt: new Date() })
      .where(eq(userProfiles.id, me.userId));
    const response = await app.inject({
      method: 'PATCH',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
      payload: { first_name: 'Changed' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ERR.FORBIDDEN });
  });
});
