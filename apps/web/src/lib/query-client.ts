import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

import { QUERY_GC_TIME_MS } from '@/config/constants';
import { isApiError } from '@/lib/api-client';

/** Attempts after the first failure; a 4xx answer will not change on retry, so it gets none. */
const MAX_QUERY_RETRIES = 2;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export const queryConfig = {
  queries: {
    gcTime: QUERY_GC_TIME_MS,
    retry: shouldRetryQuery,
    refetchOnWindowFocus: false,
    // Queries without data to show throw to the nearest error boundary (route errorElement or a local
    // <ErrorBoundary>); a failed background refetch keeps showing the data it has.
    throwOnError: (_error, query) => query.state.data === undefined,
  },
  mutations: {
    // Mutations report through `toastError` in their own `onError`; they are never retried blindly.
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

export const queryClient = createQueryClient();
