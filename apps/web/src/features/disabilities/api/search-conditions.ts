import {
  conditionSearchResultSchema,
  type ConditionSearchResult,
} from '@muster/contract/conditions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** How many suggestions the title box lists at most. */
export const CONDITION_SUGGESTIONS = 8;

/** `GET /conditions?q=`: catalogue conditions matching everyday words, best first. */
export function searchConditions(q: string, signal?: AbortSignal): Promise<ConditionSearchResult> {
  return api.get('/conditions', conditionSearchResultSchema, {
    query: { q, limit: CONDITION_SUGGESTIONS },
    signal,
  });
}

export function conditionSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['conditions', 'search', q],
    queryFn: ({ signal }) => searchConditions(q, signal),
    // The catalogue changes only with a release.
    staleTime: Infinity,
  });
}

/**
 * Suggestions for `q` (already debounced by the caller); nothing is asked for an empty query. A
 * failure only leaves the box without suggestions: free text is always accepted.
 */
export function useConditionSearch(q: string) {
  return useQuery({
    ...conditionSearchQueryOptions(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    throwOnError: false,
    meta: { errorToast: false },
  });
}
