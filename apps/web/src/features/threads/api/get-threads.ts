import { threadPageSchema, type ThreadPage } from '@muster/contract/threads';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** `GET /threads`: the user's threads, newest first. */
export function getThreads(
  page: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ThreadPage> {
  return api.get('/threads', threadPageSchema, {
    query: { page: page.page, page_size: page.pageSize },
    signal,
  });
}

export function threadsQueryOptions(page: { page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...QUERY_KEYS.threads, 'list', page],
    queryFn: ({ signal }) => getThreads(page, signal),
    staleTime: 30_000,
  });
}

/** The latest threads; callers show failures themselves (the sidebar shows a Retry). */
export function useLatestThreads(limit: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...threadsQueryOptions({ page: 1, pageSize: limit }),
    enabled: options.enabled ?? true,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/** A page of the veteran's threads, newest first; the page shows a failure itself. */
export function useThreads(page: { page: number; pageSize: number }) {
  return useQuery({ ...threadsQueryOptions(page), throwOnError: false });
}
