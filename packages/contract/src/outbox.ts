import { z } from 'zod';

/**
 * One mail kept by the API's embedded outbox (development only: `GET /dev/outbox`, newest first).
 * The API answers it, the app's outbox page reads it, and tests read sign-in codes from it.
 */
export const outboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxSchema = z.array(outboxEmailSchema);
