import type { PageMeta, PageQuery, Paged } from '@muster/contract/common';

/** SQL offset and limit for a page query (pages start at 1). */
export function pageWindow(query: PageQuery): { offset: number; limit: number } {
  return { offset: (query.page - 1) * query.page_size, limit: query.page_size };
}

/** The `{results, meta}` body of every list endpoint. */
export function toPaged<T>(results: T[], query: PageQuery, total: number): Paged<T> {
  const meta: PageMeta = { page: query.page, page_size: query.page_size, total };
  return { results, meta };
}

/** Number of pages for a total (at least 1, so an empty list still has page 1). */
export function pageCount(meta: PageMeta): number {
  return Math.max(1, Math.ceil(meta.total / meta.page_size));
}
