import { searchResultSchema, type SearchResult } from '@muster/contract/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** `GET /search?q=`: the owner's disabilities, documents and threads matching `q`. */
export function search(q: string, signal?: AbortSignal): Promise<SearchResult> {
  return api.get('/search', searchResultSchema, { query: { q }, signal });
}

export function searchQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...QUERY_KEYS.search, q],
    queryFn: ({ signal }) => search(q, signal),
    staleTime: 30_000,
  });
}

/** Results for the palette; failures show inside it, never as a toast. */
export function useSearch(q: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...searchQueryOptions(q),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorToast: false },
  });
}
