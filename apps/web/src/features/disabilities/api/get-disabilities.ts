import { disabilityPageSchema, type DisabilityPage } from '@muster/contract/disabilities';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** Every disability query starts with this key: lists, then one disability by id. */
export const DISABILITIES_QUERY_KEY = QUERY_KEYS.disabilities;

/** A page of the list, narrowed to titles containing `q` (empty: every disability). */
export type DisabilityListParams = { q: string; page: number; pageSize: number };

/** `GET /disabilities/`: the user's disabilities, newest first. */
export function getDisabilities(
  params: DisabilityListParams,
  signal?: AbortSignal,
): Promise<DisabilityPage> {
  return api.get('/disabilities', disabilityPageSchema, {
    query: {
      ...(params.q ? { q: params.q } : {}),
      page: params.page,
      page_size: params.pageSize,
    },
    signal,
  });
}

export function disabilitiesQueryOptions(params: DisabilityListParams) {
  return queryOptions({
    queryKey: [...DISABILITIES_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getDisabilities(params, signal),
  });
}

/** One page of the list; the page shows a failure itself (error panel with Retry). */
export function useDisabilities(params: DisabilityListParams) {
  return useQuery({
    ...disabilitiesQueryOptions(params),
    throwOnError: false,
    // A new search or page keeps the current one on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}

/**
 * The newest few, for the sidebar and the dashboard: both ask for the same page, so they share one
 * request. Callers show failures themselves.
 */
export function useLatestDisabilities(limit: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...disabilitiesQueryOptions({ q: '', page: 1, pageSize: limit }),
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    throwOnError: false,
    meta: { errorToast: false },
  });
}
