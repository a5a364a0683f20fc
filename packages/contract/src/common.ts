import { z } from 'zod';
import { safeText } from './text.ts';

/** Job statuses shared by every long-running resource (analysis, OCR, generation, deletion). */
export const JOB_STATUSES = ['queued', 'processing', 'complete', 'failed', 'canceled'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query for every list endpoint: `?page=1&page_size=20`. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageMetaSchema = z.object({
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Every list answers `{results, meta: {page, page_size, total}}`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), meta: pageMetaSchema });
}
export type Paged<T> = { results: T[]; meta: PageMeta };

export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export const uuidSchema = z.uuid();
/** better-auth user ids are opaque text. */
export const userIdSchema = safeText({ min: 1, max: 64, trim: false });
/**
 * An id in a path that is looked up rather than parsed: any short text is accepted, and one that
 * names nothing of the caller's answers 404.
 */
export const pathIdSchema = safeText({ min: 1, max: 100, trim: false });
