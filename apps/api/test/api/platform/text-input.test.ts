import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { contactMessages, threads, userProfiles } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * Text that the database cannot store (NUL) or that has no place in a field (other control
 * characters, unbounded length) is refused by the contract with 400 (2001) naming the field,
 * never passed on to fail as a 500.
 */
let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp({ env: { CONTACT_RATE_LIMIT_MAX: '1000' } });
  me = await signIn(app, 'text.input@example.com');
});
afterAll(async () => app.close());

type Case = {
  name: string;
  method: 'POST' | 'PATCH' | 'GET';
  url: () => string;
  payload?: unknown;
  field: string;
  auth?: boolean;
};

const contact = {
  name: 'Rosa Diaz',
  email: 'rosa@example.com',
  topic: 'question',
  message: 'How do I add a buddy statement?',
};
const CASES: Case[] = [
  {
    name: 'thread title with NUL',
    method: 'POST',
    url: () => '/threads',
    payload: { title: 'Knee\u0000pain' },
    field: 'title',
    auth: true,
  },
  {
    name: 'thread title with a line break',
    method: 'POST',
    url: () => '/threads',
    payload: { title: 'Knee\npain' },
    field: 'title',
    auth: true,
  },
  {
    name: 'thread title with an escape character',
    method: 'POST',
    url: () => '/threads',
    payload: { title: '\u001b[31mKnee' },
    field: 'title',
    auth: true,
  },
  {
    name: 'first name with NUL',
    method: 'PATCH',
    url: () => `/users/${me.userId}`,
    payload: { first_name: 'Ro\u0000sa' },
    field: 'first_name',
    auth: true,
  },
  {
    name: 'last name with NUL',
    method: 'PATCH',
    url: () => `/users/${me.userId}`,
    payload: { last_name: '\u0000' },
    field: 'last_name',
    auth: true,
  },
  {
    name: 'served branch with NUL',
    method: 'PATCH',
    url: () => `/users/${me.userId}`,
    payload: { served_branches: [{ branch: 'Army\u0000' }] },
    field: 'served_branches.0.branch',
    auth: true,
  },
  {
    name: 'contact name with NUL',
    method: 'POST',
    url: () => '/contact',
    payload: { ...contact, name: 'Rosa\u0000' },
    field: 'name',
  },
  {
    name: 'contact message with NUL',
    method: 'POST',
    url: () => '/contact',
    payload: { ...contact, message: 'Hello there\u0000, team' },
    field: 'message',
  },
  {
    name: 'contact message with a bell character',
    method: 'POST',
    url: () => '/contact',
    payload: { ...contact, message: 'Hello there\u0007, team' },
    field: 'message',
  },
  {
    name: 'contact email with NUL',
    method: 'POST',
    url: () => '/contact',
    payload: { ...contact, email: 'rosa\u0000@example.com' },
    field: 'email',
  },
  {
    name: 'contact honeypot with NUL',
    method: 'POST',
    url: () => '/contact',
    payload: { ...contact, website: '\u0000' },
    field: 'website',
  },
  { name: 'search with NUL', method: 'GET', url: () => '/search?q=%00', field: 'q', auth: true },
  {
    name: 'search with NUL inside words',
    method: 'GET',
    url: () => '/search?q=knee%00pain',
    field: 'q',
    auth: true,
  },
  {
    name: 'search too long',
    method: 'GET',
    url: () => `/search?q=${'a'.repeat(201)}`,
    field: 'q',
    auth: true,
  },
  {
    name: 'sign-in code request, email with NUL',
    method: 'POST',
    url: () => '/auth/email-otp/send-verification-otp',
    payload: { email: 'vet\u0000@example.com', type: 'sign-in' },
    field: 'email',
  },
  {
    name: 'sign-in, code with NUL',
    method: 'POST',
    url: () => '/auth/sign-in/email-otp',
    payload: { email: 'vet@example.com', otp: '12\u00003456'.slice(0, 6) },
    field: 'otp',
  },
  {
    name: 'OAuth hand-off code with NUL',
    method: 'POST',
    url: () => '/auth-bridge/exchange',
    payload: { code: 'abcdefghij\u0000' },
    field: 'code',
  },
];

describe('[INPUT][TEXT]: control characters and unbounded text answer 400, never 500', () => {
  it.each(CASES)(
    '[INPUT]: $name → 400 / 2001 with the field',
    async ({ method, url, payload, field, auth }) => {
      const response = await app.inject({
        method,
        url: url(),
        headers: auth ? bearer(me.token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.code).toBe(ERR.INVALID_INPUT);
      expect(body.validation).toBe(true);
      expect(Object.keys(body.fields ?? {})).toContain(field);
    },
  );

  it('[INPUT]: nothing was stored by the refused requests, and clean text still is', async () => {
    expect(
      await app.database.db.select().from(threads).where(eq(threads.userId, me.userId)),
    ).toHaveLength(0);
    expect(await app.database.db.select().from(contactMessages)).toHaveLength(0);
    const [profile] = await app.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, me.userId));
    expect(profile).toMatchObject({ firstName: 'Veteran', lastName: 'Tango' });

    const thread = await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(me.token),
      payload: { title: '  Knee pain, 100% – “flare-ups”  ' },
    });
    expect(thread.statusCode).toBe(201);
    expect(thread.json()).toMatchObject({ title: 'Knee pain, 100% – “flare-ups”' });
    const message = await app.inject({
      method: 'POST',
      url: '/contact',
      payload: { ...contact, message: 'Line one\r\n\tLine two' },
    });
    expect(message.statusCode).toBe(200);
    const [stored] = await app.database.db.select().from(contactMessages);
    expect(stored?.message).toBe('Line one\r\n\tLine two');
  });

  it('[INPUT]: JSON nested deeper than the bound answers 400 / 2001 on any route, the auth passthrough included', async () => {
    const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    for (const url of ['/threads', '/auth/sign-out', '/auth/update-user', '/contact']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(me.token), 'content-type': 'application/json' },
        payload: deep(20_000),
      });
      expect(response.statusCode, url).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).code, url).toBe(ERR.INVALID_INPUT);
    }
    // Nesting inside strings does not count, and ordinary bodies are untouched.
    const nested = await app.inject({
      method: 'POST',
      url: '/threads',
      headers: bearer(me.token),
      payload: { title: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' },
    });
    expect(nested.statusCode).toBe(201);
  });

  it('[INPUT]: a bearer token with control characters is refused as failed authentication', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/threads',
      headers: { authorization: 'Bearer abc\u0000def' },
    });
    expect(response.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.AUTH_FAILED);
  });
});
