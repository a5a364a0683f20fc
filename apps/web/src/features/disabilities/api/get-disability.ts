import { disabilitySchema, type Disability } from '@muster/contract/disabilities';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DISABILITIES_QUERY_KEY } from './get-disabilities';

/** `GET /disabilities/{id}`: one disability. */
export function getDisability(disabilityId: string, signal?: AbortSignal): Promise<Disability> {
  return api.get(`/disabilities/${encodeURIComponent(disabilityId)}`, disabilitySchema, {
    signal,
  });
}

export function disabilityQueryOptions(disabilityId: string) {
  return queryOptions({
    queryKey: [...DISABILITIES_QUERY_KEY, 'detail', disabilityId],
    queryFn: ({ signal }) => getDisability(disabilityId, signal),
  });
}

/** One disability; the page shows a failure itself (not found, or Retry). */
export function useDisability(disabilityId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...disabilityQueryOptions(disabilityId),
    enabled: options.enabled,
    throwOnError: false,
  });
}
