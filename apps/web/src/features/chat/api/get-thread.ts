import { threadSchema, type Thread } from '@muster/contract/threads';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** Where a thread lives; its messages and runs are under it. */
export function threadPath(threadId: string): string {
  return `/threads/${encodeURIComponent(threadId)}`;
}

/** `GET /threads/{id}`: one of the veteran's threads (404 for anyone else's). */
export function getThread(threadId: string, signal?: AbortSignal): Promise<Thread> {
  return api.get(threadPath(threadId), threadSchema, { signal });
}

export function threadQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: [...QUERY_KEYS.threads, 'detail', threadId],
    queryFn: ({ signal }) => getThread(threadId, signal),
  });
}

/** The thread a conversation page shows; the page shows a failure itself. */
export function useThread(threadId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...threadQueryOptions(threadId),
    enabled: options.enabled ?? true,
    throwOnError: false,
  });
}
