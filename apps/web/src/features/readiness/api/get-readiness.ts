import { readinessSchema, type Readiness } from '@muster/contract/readiness';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** `GET /disabilities/{id}/readiness`: the three elements of service connection for one claim. */
export function getReadiness(disabilityId: string, signal?: AbortSignal): Promise<Readiness> {
  return api.get(`/disabilities/${encodeURIComponent(disabilityId)}/readiness`, readinessSchema, {
    signal,
  });
}

export function readinessQueryOptions(disabilityId: string) {
  return queryOptions({
    queryKey: [...QUERY_KEYS.readiness, 'detail', disabilityId],
    queryFn: ({ signal }) => getReadiness(disabilityId, signal),
  });
}

/** How ready one disability's claim is; the panel shows a failure itself. */
export function useReadiness(disabilityId: string) {
  return useQuery({ ...readinessQueryOptions(disabilityId), throwOnError: false });
}
