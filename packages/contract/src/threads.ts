import { z } from 'zod';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { safeText } from './text.ts';

/** Shown wherever a thread has no title yet. */
export const UNNAMED_THREAD_TITLE = 'Unnamed thread';

export const THREAD_TITLE_MAX = 200;

export const threadSchema = z.object({
  id: z.uuid(),
  /** Null until the thread is named (the chat names it from its first message). */
  title: z.string().nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Thread = z.infer<typeof threadSchema>;

/** `GET /threads`: newest first. */
export const threadListQuerySchema = pageQuerySchema;
export const threadPageSchema = pagedSchema(threadSchema);
export type ThreadPage = z.infer<typeof threadPageSchema>;

export const createThreadInputSchema = z.object({
  title: safeText({ min: 1, max: THREAD_TITLE_MAX }).nullable().optional(),
});
export type CreateThreadInput = z.infer<typeof createThreadInputSchema>;

/** The title to show for a thread. */
export function threadTitle(thread: { title: string | null }): string {
  return thread.title?.trim() || UNNAMED_THREAD_TITLE;
}
