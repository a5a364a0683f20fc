/**
 * Query keys that more than one feature touches (features may not import each other). A feature
 * that changes data another shows updates or invalidates it through these.
 */
export const QUERY_KEYS = {
  /** The palette's `GET /search` results: `[...search, q]`. */
  search: ['search'] as const,
  /** Every thread query: lists `[...threads, 'list', page]`, one thread `[...threads, 'detail', id]`. */
  threads: ['threads'] as const,
  /**
   * Claim readiness: one disability `[...readiness, 'detail', id]`, every disability
   * `[...readiness, 'summary']`. Writing or deleting a personal statement changes it.
   */
  readiness: ['readiness'] as const,
  /**
   * Every disability query: lists `[...disabilities, 'list', …]`, one `[...disabilities, 'detail',
   * id]`. A decision letter's condition can be added as a disability.
   */
  disabilities: ['disabilities'] as const,
  /**
   * Every vault query: documents, storage use, generated documents. A claim packet, a signed
   * letter or an attachment lands in the vault.
   */
  vault: ['vault'] as const,
};
