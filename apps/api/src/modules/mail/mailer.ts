import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { OutboxEmail } from '@muster/contract/outbox';
import type { Db } from '@muster/db/client';
import { outboxEmails } from '@muster/db/schema/index';

export type Mail = { to: string; subject: string; text: string; html: string };

/** How mail leaves: SMTP when SMTP_URL is set, else the embedded outbox table. */
export type Mailer = {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
}): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transporter = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      // `?tls=off` for a local relay without STARTTLS (tests, sidecar relays).
      ignoreTLS: url.searchParams.get('tls') === 'off',
      ...(url.username
        ? {
            auth: {
              user: decodeURIComponent(url.username),
              pass: decodeURIComponent(url.password),
            },
          }
        : {}),
    });
    return {
      transport: 'smtp',
      async send(mail) {
        await transporter.sendMail({ from: options.from, ...mail });
      },
      async close() {
        transporter.close();
      },
    };
  }
  return {
    transport: 'outbox',
    async send(mail) {
      await options.db.insert(outboxEmails).values({ id: randomUUID(), ...mail });
    },
    async close() {},
  };
}

/** The outbox, newest first (development only). */
export async function findOutboxEmails(db: Db, limit = 50): Promise<OutboxEmail[]> {
  const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.sentAt)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    sentAt: row.sentAt.toISOString(),
  }));
}
