import { vaConditionsSchema, type VaConditions } from '@muster/contract/va-conditions';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** Every VA-conditions query starts with this key. */
export const VA_CONDITIONS_QUERY_KEY = ['va-conditions'] as const;

/** After a failure (and the client's own quick retries), the page asks again this often. */
export const VA_CONDITIONS_RETRY_LATER_MS = 60_000;

/**
 * Whether waiting can cure a failure: a server or gateway failure (5xx) or no answer at all
 * (network, timeout). A 4xx (refused access, too many requests, a bad request) answers the same
 * a minute later, so the page does not keep asking; the veteran can still retry by hand.
 */
export function isWorthAskingAgain(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status >= 500;
}

/** `GET /va-conditions`: what VA has rated, the combined rating and what it pays each month. */
export function getVaConditions(signal?: AbortSignal): Promise<VaConditions> {
  return api.get('/va-conditions', vaConditionsSchema, { signal, timeoutMs: 60_000 });
}

export function vaConditionsQueryOptions() {
  return queryOptions({
    queryKey: [...VA_CONDITIONS_QUERY_KEY, 'detail'],
    queryFn: ({ signal }) => getVaConditions(signal),
  });
}

/**
 * The page shows a failure itself (a toast and a note), and tries again a minute later when the
 * failure is one that waiting can cure.
 */
export function useVaConditions() {
  return useQuery({
    ...vaConditionsQueryOptions(),
    throwOnError: false,
    meta: { errorToast: false },
    refetchInterval: (query) =>
      query.state.status === 'error' && isWorthAskingAgain(query.state.error)
        ? VA_CONDITIONS_RETRY_LATER_MS
        : false,
  });
}
