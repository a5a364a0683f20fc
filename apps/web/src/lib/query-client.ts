import {
  MutationCache,
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type Mutation,
  type Query,
} from '@tanstack/react-query';

import { QUERY_GC_TIME_MS } from '@/config/constants';
import { isApiError, toApiError, type ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast';

/**
 * What a query or mutation says about its own errors. By default, failed mutations and failed
 * background refetches go to the global error toaster (`toastError`); `errorToast: false` opts out
 * (the caller shows the failure itself), and a function decides per error.
 */
export type ErrorMeta = {
  errorToast?: boolean | ((error: ApiError) => boolean);
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/** Attempts after the first failure; a 4xx answer will not change on retry, so it gets none. */
const MAX_QUERY_RETRIES = 2;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

function wantsToast(meta: ErrorMeta | undefined, error: unknown): boolean {
  const setting = meta?.errorToast ?? true;
  return typeof setting === 'function' ? setting(toApiError(error)) : setting;
}

/**
 * The global error rule: a query that already shows data and fails to refresh
 * toasts; a query with nothing to show leaves the failure to its page (error panel or boundary).
 */
export function handleQueryError(error: unknown, query: Query<unknown, unknown, unknown>) {
  if (query.state.data === undefined) return;
  if (wantsToast(query.meta, error)) toastError(error);
}

/** Every failed mutation toasts unless it opted out. */
export function handleMutationError(error: unknown, mutation: Mutation<unknown, unknown, unknown>) {
  if (wantsToast(mutation.meta, error)) toastError(error);
}

export const queryConfig = {
  queries: {
    gcTime: QUERY_GC_TIME_MS,
    retry: shouldRetryQuery,
    refetchOnWindowFocus: false,
    // Queries without data to show throw to the nearest error boundary (route errorElement or a local
    // <ErrorBoundary>) unless the page renders its own error panel (`throwOnError: false`); a failed
    // background refetch keeps showing the data it has, and toasts.
    throwOnError: (_error, query) => query.state.data === undefined,
  },
  mutations: {
    // Mutations report through the global error toaster; they are never retried blindly.
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(defaultOptions: DefaultOptions = queryConfig): QueryClient {
  return new QueryClient({
    defaultOptions,
    queryCache: new QueryCache({ onError: handleQueryError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) =>
        handleMutationError(error, mutation),
    }),
  });
}

export const queryClient = createQueryClient();
