import { z } from 'zod';
import { safeText } from './text.ts';

/** The palette shows at most this many threads. */
export const SEARCH_THREAD_LIMIT = 10;
export const SEARCH_GROUP_LIMIT = 20;

export const SEARCH_QUERY_MAX = 200;

export const searchQuerySchema = z.object({ q: safeText({ max: SEARCH_QUERY_MAX }).default('') });

export const searchResultSchema = z.object({
  disabilities: z.array(
    z.object({ id: z.string(), title: z.string(), diagnosis: z.string().nullable() }),
  ),
  documents: z.array(z.object({ id: z.string(), name: z.string(), extension: z.string() })),
  threads: z.array(
    z.object({ id: z.string(), title: z.string().nullable(), created_at: z.string() }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
