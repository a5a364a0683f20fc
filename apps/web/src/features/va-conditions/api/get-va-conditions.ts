import { vaConditionsSchema, type VaConditions } from '@muster/contract/va-conditions';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every VA-conditions query starts with this key. */
export const VA_CONDITIONS_QUERY_KEY = ['va-conditions'] as const;

/** After a failure (and the client's own quick retries), the page asks again this often. */
export const VA_CONDITIONS_RETRY_LATER_MS = 60_000;

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

/** The page shows a failure itself (a toast and a note), and tries again a minute later. */
export function useVaConditions() {
  return useQuery({
    ...vaConditionsQueryOptions(),
    throwOnError: false,
    meta: { errorToast: false },
    refetchInterval: (query) =>
      query.state.status === 'error' ? VA_CONDITIONS_RETRY_LATER_MS : false,
  });
}
