import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { outboxSchema } from '@muster/contract/outbox';

/** The newest code mailed to `email`, read from the outbox as a developer would. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
  const mail = outboxSchema.parse(response.json()).find((m) => m.to === email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Signs a user in through the real one-time-code flow; returns the bearer token and user id. */
export async function signIn(
  app: FastifyInstance,
  email: string,
): Promise<{ token: string; userId: string }> {
  const sent = await app.inject({
    method: 'POST',
    url: '/auth/email-otp/send-verification-otp',
    payload: { email, type: 'sign-in' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = await latestCode(app, email);
  const response = await app.inject({
    method: 'POST',
    url: '/auth/sign-in/email-otp',
    payload: { email, otp },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
