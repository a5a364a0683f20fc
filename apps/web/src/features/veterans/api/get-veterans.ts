import { veteranPageSchema, type VeteranPage } from '@muster/contract/veterans';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every veteran-record query starts with this key: lists, then one record by id. */
export const VETERANS_QUERY_KEY = ['veterans'] as const;

export type VeteranListPage = { page: number; pageSize: number };

/** `GET /veterans`: the user's records, the primary first, then newest first; numbers masked. */
export function getVeterans(page: VeteranListPage, signal?: AbortSignal): Promise<VeteranPage> {
  return api.get('/veterans', veteranPageSchema, {
    query: { page: page.page, page_size: page.pageSize },
    signal,
  });
}

export function veteransQueryOptions(page: VeteranListPage) {
  return queryOptions({
    queryKey: [...VETERANS_QUERY_KEY, 'list', page],
    queryFn: ({ signal }) => getVeterans(page, signal),
  });
}

/** One page of records; the page shows a failure itself (error panel with Retry). */
export function useVeterans(page: VeteranListPage) {
  return useQuery({
    ...veteransQueryOptions(page),
    throwOnError: false,
    // Moving between pages keeps the current page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}
