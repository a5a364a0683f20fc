import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { signInLockouts, userProfiles, verification } from '@muster/db/schema/index';
import { requireSession, requireUser, currentUser } from '#src/modules/auth/require-user.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { bearer, latestCode, signIn } from '../../helpers/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    captureLogs: true,
    beforeReady: (instance) => {
      instance.get('/__probe/me', { preHandler: requireUser }, async (request) => ({
        id: currentUser(request).id,
      }));
      instance.get('/__probe/session', { preHandler: requireSession }, async (request) => ({
        anonymous: currentUser(request).isAnonymous,
      }));
    },
  });
});
afterAll(async () => app.close());

const send = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/email-otp/send-verification-otp',
    payload: { email, type: 'sign-in' },
  });
const verify = (email: string, otp: string) =>
  app.inject({ method: 'POST', url: '/auth/sign-in/email-otp', payload: { email, otp } });

describe('[AUTH][EMAIL-CODE]', () => {
  it('[AUTH]: a mailed 6-digit code signs a new veteran up and in, with a bearer token', async () => {
    const email = 'new.vet@example.com';
    const sent = await send(email);
    expect(sent.statusCode).toBe(200);
    const outbox = (await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
      to: string;
      subject: string;
      html: string;
    }[];
    expect(outbox[0]).toMatchObject({ to: email, subject: 'Your Muster sign-in code' });
    expect(outbox[0]!.html).toContain('MUSTER');
    const otp = await latestCode(app, email);
    const response = await verify(email, otp);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; user: { id: string; email: string } };
    expect(body.user.email).toBe(email);
    expect(response.headers['set-auth-token']).toBeDefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    const me = await app.inject({ method: 'GET', url: '/__probe/me', headers: bearer(body.token) });
    expect(me.json()).toEqual({ id: body.user.id });
    const [profile] = await app.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, body.user.id));
    expect(profile).toMatchObject({
      email,
      firstName: 'Veteran',
      lastName: 'Tango',
      isDeleted: false,
    });
  });

  it('[AUTH]: a code works once', async () => {
    const email = 'once@example.com';
    await send(email);
    const otp = await latestCode(app, email);
    expect((await verify(email, otp)).statusCode).toBe(200);
    const again = await verify(email, otp);
    expect(again.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(again.json())).toMatchObject({
      code: ERR.INVALID_INPUT,
      sign_in: { code_expired: true },
    });
  });

  it('[AUTH]: a code expires after 10 minutes', async () => {
    const email = 'late@example.com';
    await send(email);
    const otp = await latestCode(app, email);
    await app.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `sign-in-otp-${email}`));
    const response = await verify(email, otp);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      detail: 'The code has expired',
      fields: { otp: 'This code has expired. Send a new code to sign in.' },
      sign_in: { code_expired: true },
    });
    expect(errorEnvelopeSchema.parse(response.json()).sign_in).toEqual({ code_expired: true });
    // Trying the same code again (the library cleared it) still says to send a new one, and is
    // not counted as a wrong guess.
    const again = await verify(email, otp);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { otp: 'This code has expired or was already used. Send a new code to sign in.' },
      sign_in: { code_expired: true },
    });
    await send(email);
    const fresh = await latestCode(app, email);
    const wrong = await verify(email, fresh === '000000' ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({
      fields: { otp: 'Invalid code' },
      sign_in: { attempts_left: 4 },
    });
  });

  it('[AUTH]: the form rules of section 5', async () => {
    const badEmail = await send('not-an-email');
    expect(badEmail.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      validation: true,
      fields: { email: 'Invalid email address' },
    });
    const short = await verify('a@b.co', '123');
    expect(short.json()).toMatchObject({ code: ERR.INVALID_INPUT, fields: { otp: 'Required' } });
    const long = await verify('a@b.co', '1234567');
    expect(long.json()).toMatchObject({ code: ERR.INVALID_INPUT, fields: { otp: 'OTP too long' } });
    const missing = await app.inject({
      method: 'POST',
      url: '/auth/sign-in/email-otp',
      payload: {},
    });
    expect(missing.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { email: 'Required', otp: 'Required' },
    });
  });

  it('[AUTH]: five wrong codes void the code and lock the email for 15 minutes (403 / 1006)', async () => {
    const email = 'locked@example.com';
    await send(email);
    const otp = await latestCode(app, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await verify(email, wrong));
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 403, 403]);
    // Each wrong code says how many are left; the one before the last warns in words.
    expect(
      answers
        .slice(0, 4)
        .map((answer) => errorEnvelopeSchema.parse(answer.json()).sign_in?.attempts_left),
    ).toEqual([4, 3, 2, 1]);
    expect(answers[0]!.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { otp: 'Invalid code' },
    });
    expect(answers[3]!.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { otp: 'Invalid code. 1 try left before sign-in is locked for 15 minutes.' },
    });
    // The fifth wrong code answers with the lock itself and when it ends.
    const locked = errorEnvelopeSchema.parse(answers[4]!.json());
    expect(locked).toMatchObject({
      code: ERR.ACCOUNT_LOCKED,
      detail: 'Too many wrong codes. Try again in 15 minutes.',
    });
    const lockedUntil = Date.parse(locked.sign_in?.locked_until ?? '');
    expect(lockedUntil - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(lockedUntil - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(errorEnvelopeSchema.parse(answers[5]!.json()).sign_in?.locked_until).toBe(
      locked.sign_in?.locked_until,
    );
    const right = await verify(email, otp);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: ERR.ACCOUNT_LOCKED,
      message: 'Account temporarily locked',
      sign_in: { locked_until: locked.sign_in?.locked_until },
    });
    const resend = await send(email);
    expect(resend.json()).toMatchObject({ code: ERR.ACCOUNT_LOCKED });
    // After the lock lapses a new code works.
    await app.database.db.update(signInLockouts).set({ lockedUntil: new Date(Date.now() - 1000) });
    await send(email);
    expect((await verify(email, await latestCode(app, email))).statusCode).toBe(200);
  });

  it('[AUTH]: sending is rate-limited per email (429 / 3004)', async () => {
    const email = 'flood@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await send(email);
    expect(limited.json()).toMatchObject({ code: ERR.RATE_LIMITED });
    // Another email is unaffected.
    expect((await send('other.flood@example.com')).statusCode).toBe(200);
  });
});

describe('[AUTH][SESSIONS]', () => {
  it('[AUTH]: protected routes answer 401 with 1004 / 1001 / 1002', async () => {
    expect((await app.inject({ method: 'GET', url: '/__probe/me' })).json()).toMatchObject({
      code: ERR.LOGIN_REQUIRED,
      message: 'Please log in to continue',
    });
    const garbage = await app.inject({
      method: 'GET',
      url: '/__probe/me',
      headers: bearer('not-a-real-token'),
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ code: ERR.AUTH_FAILED });
    const { token } = await signIn(app, 'expiring@example.com');
    const { session } = await import('@muster/db/schema/index');
    await app.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    const expired = await app.inject({ method: 'GET', url: '/__probe/me', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: ERR.SESSION_EXPIRED, message: 'Session expired' });
  });

  it('[AUTH]: sign-out ends the session', async () => {
    const { token } = await signIn(app, 'leaving@example.com');
    const out = await app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/__probe/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('[AUTH]: an anonymous session reaches nothing that belongs to a user', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/sign-in/anonymous',
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = response.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    expect(
      (await app.inject({ method: 'GET', url: '/__probe/session', headers: bearer(token) })).json(),
    ).toEqual({ anonymous: true });
    const denied = await app.inject({ method: 'GET', url: '/__probe/me', headers: bearer(token) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: ERR.FORBIDDEN });
    const profiles = await app.database.db.select().from(userProfiles);
    expect(profiles.every((p) => !p.email.endsWith('anonymous.muster.local'))).toBe(true);
  });

  it('[AUTH]: errors of the library leave in the envelope', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/auth-bridge/exchange',
      payload: { code: 'x'.repeat(32) },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: ERR.AUTH_FAILED });
    const unknown = await app.inject({
      method: 'POST',
      url: '/auth/no-such-endpoint',
      payload: {},
    });
    expect(errorEnvelopeSchema.safeParse(unknown.json()).success).toBe(true);
    expect(unknown.statusCode).toBe(404);
  });

  it('[AUTH]: providers are hidden unless configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/auth/providers' })).json()).toEqual({
      google: false,
      discord: false,
    });
    expect(
      (await app.inject({ method: 'GET', url: '/auth-bridge/oauth/google/start' })).statusCode,
    ).toBe(404);
  });

  it('[AUTH]: no code, token or email reaches the log', () => {
    const log = app.logLines.join('\n');
    // Six digits standing alone (not inside a number, a timing like 12.345678 or a hex id).
    const leaked = app.logLines.filter((line) => /(?<![\w.])\d{6}(?![\w.])/.test(line));
    expect(leaked).toEqual([]);
    expect(log).not.toContain('@example.com');
  });
});
