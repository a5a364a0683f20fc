import type { Db } from '@muster/db/client';
import { contactMessages } from '@muster/db/schema/index';

export async function insertContactMessage(options: {
  db: Db;
  id: string;
  message: { name: string; email: string; topic: string; message: string };
}): Promise<void> {
  const { name, email, topic, message } = options.message;
  await options.db.insert(contactMessages).values({ id: options.id, name, email, topic, message });
}
