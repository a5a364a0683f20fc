import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

type Received = { from: string; to: string[]; subject: string; text: string; html: string };

/** Sign-in codes over real SMTP to a server on loopback (smtp-server), parsed with mailparser. */
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let app: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  app = await buildTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}?tls=off`, MAIL_FROM: 'Muster <codes@muster.test>' },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('[AUTH][SMTP]', () => {
  it('[AUTH]: the code goes out over SMTP in a branded HTML and text mail, and signs in', async () => {
    const email = 'smtp.vet@example.com';
    const sent = await app.inject({
      method: 'POST',
      url: '/auth/email-otp/send-verification-otp',
      payload: { email, type: 'sign-in' },
    });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    const mail = received[0]!;
    expect(mail).toMatchObject({
      from: 'codes@muster.test',
      to: [email],
      subject: 'Your Muster sign-in code',
    });
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('MUSTER');
    expect(mail.text).toContain('expires in 10 minutes');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/auth/sign-in/email-otp',
      payload: { email, otp: code },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('[AUTH]: with SMTP configured there is no outbox', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });
});
