import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns every row that owns a background job carries (a decision letter under analysis, a C-file
 * being processed, a statement being generated). The jobs module writes status, progress and the
 * last error here, so the UI reads job state from the resource itself and nothing lives only in memory.
 */
export function jobStateColumns() {
  return {
    jobStatus: text('job_status', {
      enum: ['queued', 'processing', 'complete', 'failed', 'canceled'],
    }),
    jobProgress: integer('job_progress').notNull().default(0),
    jobError: text('job_error'),
    jobUpdatedAt: timestamp('job_updated_at', { withTimezone: true }),
  };
}
