import { randomUUID } from 'node:crypto';
import type { ContactInput } from '@muster/contract/contact';
import type { Db } from '@muster/db/client';
import type { Mailer } from '#src/modules/mail/mailer.ts';
import { contactMail } from '#src/modules/mail/templates.ts';
import * as repository from './contact.repository.ts';

/**
 * Stores the message and emails it to the team. A filled honeypot field is accepted silently and
 * dropped. A mail failure is reported through `onMailError` and not to the sender: the message is
 * stored either way, and the team reads the table if mail is down.
 */
export async function sendContactMessage(options: {
  db: Db;
  mailer: Mailer;
  teamEmail: string;
  input: ContactInput;
  onMailError: (error: unknown, contactId: string) => void;
}): Promise<{ received: true }> {
  const { input } = options;
  if (input.website) return { received: true };
  const id = randomUUID();
  await repository.insertContactMessage({ db: options.db, id, message: input });
  try {
    await options.mailer.send(contactMail({ to: options.teamEmail, from: input, id }));
  } catch (error) {
    options.onMailError(error, id);
  }
  return { received: true };
}
