import { readinessSummarySchema, type ReadinessSummary } from '@muster/contract/readiness';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** `GET /disabilities/readiness`: every disability's readiness, and how many are ready. */
export function getReadinessSummary(signal?: AbortSignal): Promise<ReadinessSummary> {
  return api.get('/disabilities/readiness', readinessSummarySchema, { signal });
}

export function readinessSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...QUERY_KEYS.readiness, 'summary'],
    queryFn: ({ signal }) => getReadinessSummary(signal),
  });
}

/** Every disability's readiness, for the dashboard; the panel shows a failure itself. */
export function useReadinessSummary() {
  return useQuery({
    ...readinessSummaryQueryOptions(),
    staleTime: 30_000,
    throwOnError: false,
    meta: { errorToast: false },
  });
}
